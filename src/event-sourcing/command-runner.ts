import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AppendHooks, AppendResult, EventStore, ExpectedRevision, QueuedAppend, RecordedEvent, StreamAppend } from '../event-store/event-store.port';
import { AppendUnansweredError, WrongExpectedRevisionError } from '../event-store/event-store.port';
import { conflict } from '../shared/api-error';
import type { CommandContext } from '../shared/command-context';
import type { DomainEvent } from '../shared/decider';
import { derivedEventIds } from './event-ids';
import { noteReadModelsBehind, ReadModelsBehind, ReadModelsNotCurrentError } from './read-model-visibility';
import { SNAPSHOT_EVERY, Snapshots } from './snapshots';
import { CachedState, StateCache } from './state-cache';
import { StreamLanes } from './stream-lanes';
import type { StreamRef } from './stream-model';

/**
 * The streams a command names, by name. A typed map may mark a stream optional (`listing?: StreamRef<…>`): one a
 * command names only in some cases; its state is then optional too, and an undefined entry is not loaded.
 */
export type Streams = { [name: string]: StreamRef | undefined };
export type StatesOf<T extends Streams> = { [K in keyof T]: NonNullable<T[K]> extends StreamRef<infer S, any> ? S : never };
export type EventsFor<T extends Streams> = { [K in keyof T]?: NonNullable<T[K]> extends StreamRef<any, infer E> ? readonly E[] : never };

/** What a pure decision returns: the events for each stream it changes, and what the command answers. */
export interface Decision<T extends Streams, R> {
  events: EventsFor<T>;
  result?: R;
}

export interface Command<T extends Streams, R> {
  ctx: CommandContext;
  /**
   * The streams the decision reads and may append to, by name. As a function it is called again with the states
   * loaded so far, until it names no new stream: for a rule whose streams only the state reveals (the email guard
   * of an address a change gives the user).
   */
  streams: T | ((loaded: Partial<StatesOf<T>>) => T);
  decide(states: StatesOf<T>): Decision<T, R>;
}

export interface Outcome<T extends Streams, R> {
  result: R | undefined;
  before: StatesOf<T>;
  after: StatesOf<T>;
  /** Log position of the last event appended; null when the decision appended nothing. */
  position: number | null;
  events: RecordedEvent[];
  /** Set when the command answers before the read models show its events (they are stored all the same). */
  readModelsBehind: ReadModelsBehind | null;
}

/** Resolves once the read models show the log up to a position (docs/invariants.md, invariant 1). */
export interface ReadModelVisibility {
  waitFor(position: number): Promise<void>;
}

interface Loaded {
  ref: StreamRef;
  state: unknown;
  revision: number;
  snapshotRevision?: number;
  /** Set when the state is one a queued append leaves: a decision on it chains its append after that one. */
  queued?: CachedState['queued'];
}

const MAX_STREAM_ROUNDS = 4;

export interface CommandRunnerOptions {
  cache?: StateCache;
  /** Decisions per command before 409 (default 6). */
  attempts?: number;
  /**
   * Turns on a contended stream (default on): a command that lost a race decides again in turn with the others
   * that lost on that stream. Off, they retry after a random pause and rely on expected revisions alone.
   */
  lanes?: StreamLanes | null;
  /** Where long streams' snapshots are kept (none: every cold load folds the whole stream). */
  snapshots?: Snapshots | null;
  /** Repeats of an append that failed without an answer (a timeout, a lost connection) before the error is thrown (default 2). */
  appendRetries?: number;
  /** Where a command that answers ahead of the read models is logged (default: console.warn). */
  warn?: (message: string) => void;
}

/**
 * The one write path: load and fold every stream a command names, call its pure `decide` over their states, and
 * append the decided events to all of them in one atomic multi-stream append, each at the revision it was decided
 * on. When another command appended to one of them in between, decide again on the new states (a bounded number
 * of times: first in turn on the contended stream, then after a short jittered pause), then answer 409. The command answers only once its events are durable
 * and visible to reads.
 */
export class CommandRunner {
  private readonly cache: StateCache;
  private readonly attempts: number;
  private readonly lanes: StreamLanes | null;
  private readonly snapshots: Snapshots | null;
  private readonly appendRetries: number;
  private readonly warn: (message: string) => void;

  constructor(
    private readonly store: EventStore,
    private readonly visibility: ReadModelVisibility,
    options: CommandRunnerOptions = {},
  ) {
    this.cache = options.cache ?? new StateCache();
    this.attempts = options.attempts ?? 6;
    this.lanes = options.lanes === undefined ? new StreamLanes() : options.lanes;
    this.snapshots = options.snapshots ?? null;
    this.appendRetries = options.appendRetries ?? 2;
    this.warn = options.warn ?? ((message) => console.warn(message));
  }

  async run<T extends Streams, R = undefined>(command: Command<T, R>): Promise<Outcome<T, R>> {
    let leave: (() => void) | undefined;
    // One id per command, the same across its attempts: its events' ids derive from it (event-ids.ts).
    const commandId = command.ctx.requestId ?? randomUUID();
    try {
      // A command that waited for its turn on a contended stream gives the turn on as soon as its events are
      // committed (visible here), not when they are durable: the next decision then overlaps this one's flush.
      const passTurn = () => {
        leave?.();
        leave = undefined;
      };
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await this.attempt(command, commandId, passTurn);
        } catch (error) {
          if (!(error instanceof WrongExpectedRevisionError)) throw error;
          if (attempt >= this.attempts) throw conflict('conflict', 'The resource was changed concurrently; try again.');
          // A contended stream: decide again in turn with the others that lost on it, rather than all at once again.
          if (this.lanes && !leave) leave = await this.lanes.enter([error.streamId]);
          else await sleep(Math.random() * 2 ** attempt);
        }
      }
    } finally {
      leave?.();
    }
  }

  /** The command's decision over the current states, appending nothing (speculative calls: the would-be outcome). */
  async preview<T extends Streams, R>(command: Command<T, R>): Promise<Decision<T, R>> {
    return command.decide(statesOf(await this.loadAll(command.streams)) as StatesOf<T>);
  }

  /**
   * The stream's state as this process last stored or read it, without reading the store (undefined when not
   * cached): only for what never changes once it is in a state (a process version), never for current values.
   */
  storedStateIfCached<S>(ref: StreamRef<S>): S | undefined {
    return usableState(this.cache.get(cacheKey(ref)), false)?.state as S | undefined;
  }

  /** A stream's current state, folded through the cache (for reads that need an aggregate's own state). */
  async state<S>(ref: StreamRef<S>): Promise<S> {
    return (await this.load(ref)).state as S;
  }

  /**
   * One decision and its append. With `chaining`, a stream whose cached state is one a queued append leaves (on a
   * store that chains, AppendHooks) is decided on that state and the append goes after that one, in its batch or
   * the next, instead of waiting for its commit. A decision on such states that appends nothing (or refuses) is
   * made again on stored states only: an answer is never given on a state that may not be stored.
   */
  private async attempt<T extends Streams, R>(command: Command<T, R>, commandId: string, committed: () => void = () => undefined, chaining = true): Promise<Outcome<T, R>> {
    const loaded = await this.loadAll(command.streams, chaining);
    const chainedOn = [...loaded.values()].flatMap((stream) => (stream.queued ? [stream.queued.append] : []));
    const onStoredStates = () => this.attempt(command, commandId, committed, false);
    const before = statesOf(loaded) as StatesOf<T>;
    let decision: Decision<T, R>;
    try {
      decision = command.decide(before);
    } catch (error) {
      if (chainedOn.length > 0) return onStoredStates();
      throw error;
    }
    const after = { ...before } as Record<string, unknown>;
    const appends: StreamAppend[] = [];
    for (const [name, events] of Object.entries(decision.events) as Array<[string, readonly DomainEvent[] | undefined]>) {
      if (!events || events.length === 0) continue;
      const stream = loaded.get(name);
      if (!stream) throw new Error(`decision appends to "${name}", a stream the command did not name`);
      after[name] = events.reduce((s, e) => stream.ref.model.evolve(s, e), stream.state);
      appends.push({
        streamId: stream.ref.streamId,
        expectedRevision: expectedAfter(stream.revision),
        events: derivedEventIds(commandId, stream.ref.streamId, expectedAfter(stream.revision), stream.ref.publish(command.ctx, stream.state, events)),
      });
    }
    if (appends.length === 0) {
      if (chainedOn.length > 0) return onStoredStates();
      return { result: decision.result, before, after: after as StatesOf<T>, position: null, events: [], readModelsBehind: null };
    }
    // A conflict leaves the cache as it is: a cached state is right for its revision, and the next attempt folds
    // only the events appended since.
    let remembered = false;
    const rememberAll = (appended: AppendResult) => {
      if (remembered) return;
      remembered = true;
      for (const [name, stream] of loaded) {
        const revision = appended.revisions[stream.ref.streamId];
        if (revision !== undefined) this.remember(stream.ref, { state: after[name], revision, snapshotRevision: stream.snapshotRevision });
      }
    };
    // Queued ahead of every later append: the states it leaves may be decided on now (chained after it).
    const rememberQueued = (append: QueuedAppend) => {
      for (const [name, stream] of loaded) {
        const appended = appends.find((a) => a.streamId === stream.ref.streamId);
        if (!appended) continue;
        const stored = stream.queued ? stream.queued.committed : { state: stream.state, revision: stream.revision, snapshotRevision: stream.snapshotRevision };
        const revision = stream.revision + appended.events.length;
        this.cache.setQueued(cacheKey(stream.ref), stream.revision, { state: after[name], revision, snapshotRevision: stream.snapshotRevision, queued: { append, committed: stored } });
      }
    };
    const appended = await this.appendRepeating(appends, {
      committed: (result) => {
        rememberAll(result);
        committed();
      },
      queued: (append) => {
        rememberQueued(append);
        committed();
      },
      after: chainedOn,
    });
    rememberAll(appended);
    const readModelsBehind = await this.visible(appended.position, command.ctx.requestId);
    return { result: decision.result, before, after: after as StatesOf<T>, position: appended.position, events: appended.events, readModelsBehind };
  }

  /**
   * An append that failed without an answer may have been written: it is repeated as it was (same events, same
   * ids, same expected revisions), and the store recognises a repeat of what it stored. A conflict is an answer.
   */
  private async appendRepeating(appends: StreamAppend[], hooks: AppendHooks) {
    for (let repeat = 0; ; repeat += 1) {
      try {
        return await this.store.append(appends, hooks);
      } catch (error) {
        if (error instanceof WrongExpectedRevisionError || !(error instanceof AppendUnansweredError) || repeat >= this.appendRetries) throw error;
        await sleep(50 * 2 ** repeat);
      }
    }
  }

  /**
   * Waits until the read models show the command's events. The events are stored whatever happens here: when the
   * read models are behind (a slow or failing projection) the command still answers, and says so, rather than
   * failing a change that is made.
   */
  private async visible(position: number, requestId: string | null | undefined): Promise<ReadModelsBehind | null> {
    try {
      await this.visibility.waitFor(position);
      return null;
    } catch (error) {
      if (!(error instanceof ReadModelsNotCurrentError)) throw error;
      const behind = { position, applied: error.applied, reason: error.message };
      this.warn(`command stored at position ${position} answers ahead of the read models: ${error.message}`);
      noteReadModelsBehind(requestId, behind);
      return behind;
    }
  }

  private async loadAll<T extends Streams>(streams: Command<T, unknown>['streams'], chaining = false): Promise<Map<string, Loaded>> {
    const loaded = new Map<string, Loaded>();
    for (let round = 0; round < MAX_STREAM_ROUNDS; round += 1) {
      const named = typeof streams === 'function' ? streams(statesOf(loaded) as Partial<StatesOf<T>>) : streams;
      const missing = Object.entries(named).filter((entry): entry is [string, StreamRef] => entry[1] !== undefined && loaded.get(entry[0])?.ref.streamId !== entry[1].streamId);
      if (missing.length === 0) return loaded;
      const states = await Promise.all(missing.map(([, ref]) => this.load(ref, chaining)));
      missing.forEach(([name], i) => loaded.set(name, states[i]));
      if (typeof streams !== 'function') return loaded;
    }
    throw new Error('a command kept naming new streams after its states were loaded');
  }

  private async load(ref: StreamRef, chaining = false): Promise<Loaded> {
    const cached = usableState(this.cache.get(cacheKey(ref)), chaining) ?? (await this.fromSnapshot(ref));
    const events = await this.store.readStream(ref.streamId, (cached?.revision ?? -1) + 1);
    let state = cached ? cached.state : ref.model.initialState();
    for (const event of events) state = ref.model.evolve(state, event as unknown as DomainEvent);
    const revision = events.at(-1)?.revision ?? cached?.revision ?? -1;
    // Events past a queued state: another writer came first, and the queued append (so this one) will be refused.
    if (cached?.queued && cached.queued.append.stored === null) return { ref, state, revision, snapshotRevision: cached.snapshotRevision, queued: cached.queued };
    const snapshotRevision = events.length > 0 ? this.remember(ref, { state, revision, snapshotRevision: cached?.snapshotRevision }) : cached?.snapshotRevision;
    return { ref, state, revision, snapshotRevision };
  }

  private async fromSnapshot(ref: StreamRef): Promise<CachedState | undefined> {
    const snapshot = await this.snapshots?.load(ref);
    return snapshot ? { ...snapshot, snapshotRevision: snapshot.revision } : undefined;
  }

  /**
   * Caches a folded state, and snapshots it once enough events were folded past the last snapshot; returns the
   * revision of the stream's latest snapshot.
   */
  private remember(ref: StreamRef, entry: CachedState): number | undefined {
    const due = this.snapshots && ref.model.snapshotVersion !== undefined && entry.revision - (entry.snapshotRevision ?? -1) >= SNAPSHOT_EVERY;
    const remembered = due ? { ...entry, snapshotRevision: entry.revision } : entry;
    this.cache.set(cacheKey(ref), remembered);
    // Off the command's path: a snapshot that fails to save only leaves the next cold load longer.
    if (due) void this.snapshots!.save(ref, remembered).catch(() => undefined);
    return remembered.snapshotRevision;
  }
}

const cacheKey = (ref: StreamRef): string => `${ref.model.name}\u0000${ref.streamId}`;

/**
 * The cached state a load starts from: a queued append's state once it is stored, or, for a decision that chains,
 * while it is in flight; otherwise the stored state beneath it.
 */
const usableState = (entry: CachedState | undefined, chaining: boolean): CachedState | undefined => {
  for (let e = entry; e; e = e.queued?.committed) {
    if (!e.queued || e.queued.append.stored === true || (chaining && e.queued.append.stored === null)) return e;
  }
  return undefined;
};

const statesOf = (loaded: Map<string, Loaded>): Record<string, unknown> =>
  Object.fromEntries(Array.from(loaded, ([name, stream]) => [name, stream.state]));

const expectedAfter = (revision: number): ExpectedRevision => (revision < 0 ? 'no_stream' : revision);
