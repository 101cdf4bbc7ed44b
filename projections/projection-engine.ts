import { Logger } from '@nestjs/common';
import type { EventStore, RecordedEvent, Subscription } from '../src/event-store/event-store.port';
import { LeasedWorker } from '../src/event-sourcing/leased-worker';
import type { WorkerLeases } from '../src/event-sourcing/worker-leases.port';
import { SqliteEventStore } from '../src/event-store/sqlite-event-store';
import { ShapedEventStore, storedLog } from '../src/event-store/shaped-event-store';
import type { EventShapes } from '../src/shared/event-shapes';
import type { DocumentStore } from '../src/read-models/document-store.port';
import { SqliteDocumentStore } from '../src/read-models/sqlite-document-store';
import { SqliteListingSearch } from '../src/search/sqlite-listing-search';
import type { ListingSearch } from '../src/search/listing-search.port';
import { ProjectedBatch, Projection, projectBatch, targetOf } from '../src/event-sourcing/projection';
import { backoffDelay } from '../src/shared/backoff';
import { ReadModelsNotCurrentError } from '../src/event-sourcing/read-model-visibility';

export { ReadModelsNotCurrentError };
import { rebuildEmbedded } from './embedded-rebuild';

/** The stores projections write to, one per projection target (src/event-sourcing/projection.ts). */
export interface ReadModelStores {
  documents: DocumentStore;
  /** Needed when a projection targets `listing-search`. */
  search?: ListingSearch;
}

/** Both stores in the one SQLite file of the embedded event store: projections run inside its append transaction. */
export interface EmbeddedReadModelStores extends ReadModelStores {
  documents: SqliteDocumentStore;
  search?: SqliteListingSearch;
}

export const isEmbedded = (stores: ReadModelStores): stores is EmbeddedReadModelStores =>
  stores.documents instanceof SqliteDocumentStore && (stores.search === undefined || stores.search instanceof SqliteListingSearch);

/** What an operator (health endpoint, CLI) sees of an engine. */
export interface ProjectionEngineStatus {
  engine: 'inline' | 'catch-up';
  /**
   * running: applying as events come; retrying: an apply failed and is retried with backoff (lastError);
   * failed: an event failed every attempt and the engine stopped (restart it after fixing the cause);
   * stopped: stop() was called.
   */
  state: 'starting' | 'running' | 'retrying' | 'failed' | 'stopped';
  /** Every projection has applied the log up to here. */
  position: number;
  /** The log's head when asked (null when the event store did not answer). */
  head: number | null;
  /** head − position, in log positions (KurrentDB commit positions are bytes, not events). */
  lag: number | null;
  /** The last error, kept after a recovery until the next one. */
  lastError: ProjectionFailure | null;
  /** ISO time of the first failed attempt of the failure going on now; null when healthy. */
  failingSince: string | null;
  /**
   * Every projection has applied the log up to the head it saw at start: until then a fresh or rebuilt read model
   * answers with old or no data, so the instance is not ready for traffic (GET /health/ready).
   */
  caughtUp: boolean;
}

export interface ProjectionFailure {
  message: string;
  /** The events whose apply failed: first and last position, and the type when it is a single event. */
  fromPosition: number;
  toPosition: number;
  eventType: string | null;
  attempts: number;
  at: string;
}

/**
 * Keeps read models current and lets a command wait until its events are visible (docs/invariants.md, invariant 1).
 * Structurally a `ReadModelVisibility` (src/event-sourcing/command-runner.ts).
 */
export interface ProjectionEngine {
  /** Starts applying; resolves before catch-up is done (see `caughtUp`). */
  start(): Promise<void>;
  /** Resolves once the read models have applied the log up to its head at start (at once embedded). */
  caughtUp(): Promise<void>;
  /**
   * Resolves once every projection has applied the log up to `position`. Rejects with ReadModelsNotCurrentError
   * at once when the engine is failing or stopped, or after the wait timeout.
   */
  waitFor(position: number): Promise<void>;
  status(): Promise<ProjectionEngineStatus>;
  stop(): Promise<void>;
}

/** Where engine lines go; Nest's Logger by default. */
export interface EngineLogger {
  log(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/** The lease worker's structured log lines, said through the engine's logger. */
const leaseLogger = (logger: EngineLogger) => ({
  warn: (details: object, message?: string) => logger.warn(`${message ?? ''} ${JSON.stringify(details)}`.trim()),
  error: (details: object, message?: string) => logger.error(`${message ?? ''} ${JSON.stringify(details)}`.trim()),
});

/** Every projection's target must have a store. */
const checkTargets = (stores: ReadModelStores, projections: readonly Projection[]): void => {
  const missing = projections.filter((p) => targetOf(p) === 'listing-search' && !stores.search);
  if (missing.length > 0) throw new Error(`No listing-search store for projection(s) ${missing.map((p) => p.name).join(', ')}`);
};

/** Production order: every write first, the checkpoints last (the document store records them after its writes). */
const applyBatch = async (stores: ReadModelStores, batch: ProjectedBatch): Promise<void> => {
  if (batch.search.length > 0) await stores.search!.apply(batch.search);
  await stores.documents.apply(batch.documents, batch.checkpoints);
};

/** Replays the log after `after` up to `until` into the stores, in batches (a replay outside any append transaction). */
export const replayInto = async (
  events: EventStore,
  stores: ReadModelStores,
  projections: readonly Projection[],
  after: number,
  until: number,
): Promise<{ events: number; position: number }> => {
  let position = after;
  let count = 0;
  for (;;) {
    const batch = await events.readAll({ after: position, until, limit: 1000 });
    if (batch.length === 0) return { events: count, position };
    await applyBatch(stores, projectBatch(projections, batch));
    position = batch[batch.length - 1].position;
    count += batch.length;
  }
};

/** Embedded: inside the caller's SQLite transaction. */
const applyBatchSync = (stores: EmbeddedReadModelStores, batch: ProjectedBatch): void => {
  if (batch.search.length > 0) stores.search!.applySync(batch.search);
  stores.documents.applySync(batch.documents, batch.checkpoints);
};

const lowestCheckpoint = async (docs: DocumentStore, projections: readonly Projection[]) => {
  const values = await Promise.all(projections.map((p) => docs.checkpoint(p.name)));
  return { lowest: Math.min(...values, Number.MAX_SAFE_INTEGER), byName: Object.fromEntries(projections.map((p, i) => [p.name, values[i]])) };
};

/**
 * Embedded mode: the event store and every read-model store live in one SQLite file, so projections run inside
 * the append transaction (documents, search tables and checkpoints in that one transaction) and a command's
 * events are visible as soon as the append returns.
 */
export class InlineProjectionEngine implements ProjectionEngine {
  private state: ProjectionEngineStatus['state'] = 'starting';

  constructor(
    private readonly events: SqliteEventStore,
    private readonly stores: EmbeddedReadModelStores,
    private readonly projections: readonly Projection[],
    /** The adapter's events are as stored: projected in their current shapes. */
    private readonly shapes: EventShapes,
  ) {
    checkTargets(stores, projections);
  }

  async start(): Promise<void> {
    // Catch up first (a projection added since the file was last used starts at checkpoint 0), then project every
    // append inline.
    const { lowest, byName } = await lowestCheckpoint(this.stores.documents, this.projections);
    let after = lowest;
    let checkpoints = byName;
    for (;;) {
      const batch = this.events.readAllSync({ after, limit: 1000 });
      if (batch.length === 0) break;
      const out = projectBatch(this.projections, batch, checkpoints, this.shapes);
      this.stores.documents.transaction(() => applyBatchSync(this.stores, out));
      checkpoints = { ...checkpoints, ...out.checkpoints };
      after = batch[batch.length - 1].position;
    }
    this.events.setInlineProjector((events: RecordedEvent[]) => applyBatchSync(this.stores, projectBatch(this.projections, events, {}, this.shapes)));
    this.state = 'running';
  }

  async waitFor(): Promise<void> {
    /* applied inline: nothing to wait for */
  }

  /** start() catches up before it resolves. */
  async caughtUp(): Promise<void> {}

  async status(): Promise<ProjectionEngineStatus> {
    const head = this.events.headPositionSync();
    return { engine: 'inline', state: this.state, position: head, head, lag: 0, lastError: null, failingSince: null, caughtUp: this.state === 'running' };
  }

  async stop(): Promise<void> {
    this.events.setInlineProjector(null);
    this.state = 'stopped';
  }
}

export interface CatchUpEngineOptions {
  /** How long waitFor waits for a healthy engine (default 10 s). */
  waitTimeoutMs?: number;
  /** Attempts of one event before the engine stops (default 10). */
  maxAttempts?: number;
  /** Pause before a retry: initialMs, doubling, at most maxMs (default 100 ms … 30 s). */
  backoff?: { initialMs: number; maxMs: number };
  logger?: EngineLogger;
  /**
   * Several instances on one store: only the instance holding the `projections` lease projects; the others follow
   * the read models' stored checkpoints (their commands wait until those reach their events) and take over when the
   * holder goes. Default: this process projects.
   */
  leases?: WorkerLeases;
  /** How often a follower reads the stored checkpoints while someone waits or it is catching up (default 20 ms). */
  followPollMs?: number;
}

interface Waiter {
  position: number;
  resolve: () => void;
  reject: (e: Error) => void;
  timer: NodeJS.Timeout;
}

/** Thrown inside the subscription's callback once the engine stopped, so the subscription never moves past it. */
class EngineHalted extends Error {}

/**
 * Production mode: a catch-up subscription to the global log projects batches and applies them to each
 * projection's store; each projection's checkpoint is recorded only after the writes succeeded, and never moves
 * backwards. Writes carry their event's position, so several engines on one read model (server instances, the
 * CLI) never write an older version over a newer one.
 *
 * A failed apply is retried with backoff, one event at a time (the events before a poison one get applied and the
 * poison one is named); while it fails, `waitFor` callers get a ReadModelsNotCurrentError at once and status()
 * shows the error. After `maxAttempts` of one event the engine stops, logs it and reports state `failed`.
 *
 * With `leases`, one instance of several projects (the holder of the `projections` lease); the others follow: their
 * applied position is the lowest stored checkpoint, read while a command waits or they catch up (and every second
 * for their status), and they take the subscription over when the holder goes (docs/production.md, Several instances).
 */
export class CatchUpProjectionEngine implements ProjectionEngine {
  private applied = 0;
  private readonly worker: LeasedWorker | null;
  private leading = false;
  private followTimer: NodeJS.Timeout | null = null;
  private lastFollowRead = 0;
  private readonly followPollMs: number;
  private subscription: Subscription | null = null;
  private waiters: Waiter[] = [];
  private checkpoints: Record<string, number> = {};
  private state: ProjectionEngineStatus['state'] = 'starting';
  private lastError: ProjectionFailure | null = null;
  private failingSince: string | null = null;
  private stopping = false;
  private wakeSleeper: (() => void) | null = null;
  /** The log's head when the engine started: reaching it is catching up. */
  private catchUpTarget = Number.MAX_SAFE_INTEGER;
  private catchUp = deferred();
  private readonly waitTimeoutMs: number;
  private readonly maxAttempts: number;
  private readonly backoff: { initialMs: number; maxMs: number };
  private readonly logger: EngineLogger;

  constructor(
    private readonly events: EventStore,
    private readonly stores: ReadModelStores,
    private readonly projections: readonly Projection[],
    options: CatchUpEngineOptions = {},
  ) {
    checkTargets(stores, projections);
    this.waitTimeoutMs = options.waitTimeoutMs ?? 10_000;
    this.maxAttempts = options.maxAttempts ?? 10;
    this.backoff = options.backoff ?? { initialMs: 100, maxMs: 30_000 };
    this.logger = options.logger ?? new Logger('ProjectionEngine');
    this.followPollMs = options.followPollMs ?? 20;
    this.worker = options.leases
      ? new LeasedWorker(options.leases, 'projections', { start: () => this.lead(), stop: () => this.follow() }, { logger: leaseLogger(this.logger) })
      : null;
  }

  async start(): Promise<void> {
    if (!this.worker) return this.lead(true);
    const { lowest } = await lowestCheckpoint(this.stores.documents, this.projections);
    await this.resetAt(lowest, true);
    this.scheduleFollow();
    await this.worker.start();
  }

  /** Projects from the stored checkpoints, by this instance's own subscription (alone, or as the lease holder). */
  private async lead(restart = false): Promise<void> {
    this.leading = true;
    const { lowest, byName } = await lowestCheckpoint(this.stores.documents, this.projections);
    this.checkpoints = byName;
    await this.resetAt(lowest, restart);
    if (this.applied < this.catchUpTarget) this.logger.log(`catching up: read models at position ${this.applied}, log head at ${this.catchUpTarget}`);
    this.subscription = this.events.subscribeToAll(lowest, (batch) => this.onBatch(batch));
  }

  /**
   * Running from `lowest`; caught up once at the log's head of now (a follower taking the lease over that was caught
   * up stays so: `restart` false).
   */
  private async resetAt(lowest: number, restart: boolean): Promise<void> {
    this.applied = lowest;
    this.stopping = false;
    this.state = 'running';
    if (!restart && this.catchUp.settled) return;
    this.catchUp = deferred();
    this.catchUpTarget = await this.events.headPosition();
    this.noteCatchUp();
  }

  /** Another instance projects (or this one stops): its subscription closed, the stored checkpoints followed. */
  private async follow(): Promise<void> {
    this.leading = false;
    const subscription = this.subscription;
    this.subscription = null;
    await subscription?.close();
  }

  /** A follower reads the stored checkpoints: often while someone waits or it catches up, else once a second. */
  private scheduleFollow(): void {
    if (!this.worker || this.stopping) return;
    this.followTimer = setTimeout(() => void this.readFollowed().finally(() => this.scheduleFollow()), this.followPollMs);
    this.followTimer.unref();
  }

  private async readFollowed(): Promise<void> {
    if (this.leading) return;
    const needed = this.waiters.length > 0 || !this.catchUp.settled || Date.now() - this.lastFollowRead >= 1000;
    if (!needed) return;
    this.lastFollowRead = Date.now();
    try {
      const { lowest } = await lowestCheckpoint(this.stores.documents, this.projections);
      if (this.leading || lowest <= this.applied) return;
      this.applied = lowest;
      this.noteCatchUp();
      this.release();
    } catch (error) {
      this.logger.warn(`read models' checkpoints not read: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  caughtUp(): Promise<void> {
    return this.catchUp.promise;
  }

  waitFor(position: number): Promise<void> {
    if (position <= this.applied) return Promise.resolve();
    const refusal = this.refusal(position);
    if (refusal) return Promise.reject(refusal);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w.timer !== timer);
        const message = `read models did not reach position ${position} within ${this.waitTimeoutMs} ms (applied up to ${this.applied})`;
        this.logger.warn(message);
        reject(new ReadModelsNotCurrentError(message, position, this.lastError, this.applied));
      }, this.waitTimeoutMs);
      this.waiters.push({ position, resolve, reject, timer });
    });
  }

  async status(): Promise<ProjectionEngineStatus> {
    const head = await this.events.headPosition().catch(() => null);
    return {
      engine: 'catch-up',
      state: this.state,
      position: this.applied,
      head,
      lag: head === null ? null : Math.max(0, head - this.applied),
      lastError: this.lastError,
      failingSince: this.failingSince,
      caughtUp: this.catchUp.settled,
    };
  }

  async stop(): Promise<void> {
    this.stopping = true;
    if (this.followTimer) clearTimeout(this.followTimer);
    this.followTimer = null;
    await this.worker?.stop();
    if (this.state !== 'failed') this.state = 'stopped';
    this.wakeSleeper?.();
    await this.subscription?.close();
    this.subscription = null;
    this.rejectAll(new ReadModelsNotCurrentError('projection engine stopped', this.applied, this.lastError));
  }

  private async onBatch(batch: RecordedEvent[]): Promise<void> {
    if (this.stopping || this.state === 'failed') throw new EngineHalted('projection engine stopped');
    const fresh = batch.filter((e) => e.position > this.applied);
    if (fresh.length === 0) return;
    if (fresh.length === 1) await this.applyWithRetries(fresh);
    else {
      try {
        await this.apply(fresh);
      } catch (error) {
        if (this.stopping) throw error;
        this.noteFailure(error, fresh, 1);
        // Narrow it down: one event at a time, each retried on its own.
        for (const event of fresh) await this.applyWithRetries([event]);
      }
    }
    if (this.failingSince) {
      this.logger.log(`projections recovered: applied up to position ${this.applied} (failing since ${this.failingSince})`);
      this.failingSince = null;
      this.state = 'running';
    }
  }

  private async applyWithRetries(events: RecordedEvent[]): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await this.apply(events);
        return;
      } catch (error) {
        if (this.stopping) throw error;
        this.noteFailure(error, events, attempt);
        if (attempt >= this.maxAttempts) return this.halt();
        await this.sleep(backoffDelay(attempt, this.backoff.initialMs, this.backoff.maxMs));
        if (this.stopping) throw new EngineHalted('projection engine stopped');
      }
    }
  }

  private async apply(events: RecordedEvent[]): Promise<void> {
    const out = projectBatch(this.projections, events, this.checkpoints);
    await applyBatch(this.stores, out);
    Object.assign(this.checkpoints, out.checkpoints);
    this.applied = events[events.length - 1].position;
    this.noteCatchUp();
    this.release();
  }

  private noteCatchUp(): void {
    if (this.catchUp.settled || this.applied < this.catchUpTarget) return;
    if (this.catchUpTarget > 0) this.logger.log(`caught up: read models at position ${this.applied}`);
    this.catchUp.resolve();
  }

  private noteFailure(error: unknown, events: RecordedEvent[], attempt: number): void {
    const at = new Date().toISOString();
    const single = events.length === 1;
    this.lastError = {
      message: error instanceof Error ? error.message : String(error),
      fromPosition: events[0].position,
      toPosition: events[events.length - 1].position,
      eventType: single ? events[0].type : null,
      attempts: attempt,
      at,
    };
    this.failingSince ??= at;
    this.state = 'retrying';
    const where = single ? `event ${events[0].position} (${events[0].type})` : `events ${events[0].position}..${this.lastError.toPosition}`;
    this.logger.error(`projections failed to apply ${where}, attempt ${attempt}/${this.maxAttempts}: ${this.lastError.message}`);
    this.rejectAll(this.refusal(this.applied + 1)!);
  }

  /** A poison event: stop here, visibly. */
  private halt(): never {
    this.state = 'failed';
    const e = this.lastError!;
    const message = `projection engine stopped at position ${this.applied}: event ${e.fromPosition} (${e.eventType}) failed ${e.attempts} times: ${e.message}`;
    this.logger.error(message);
    this.rejectAll(this.refusal(this.applied + 1)!);
    const subscription = this.subscription;
    this.subscription = null;
    void subscription?.close().catch(() => undefined);
    throw new EngineHalted(message);
  }

  /** Why a wait for `position` cannot succeed now, if it cannot. */
  private refusal(position: number): ReadModelsNotCurrentError | null {
    const e = this.lastError;
    if (this.state === 'failed')
      return new ReadModelsNotCurrentError(
        `read models are stopped at position ${this.applied}: event ${e?.fromPosition} (${e?.eventType}) failed ${e?.attempts} times: ${e?.message}`,
        position,
        e,
        this.applied,
      );
    if (this.state === 'retrying' && e)
      return new ReadModelsNotCurrentError(
        `read models are behind (applied up to ${this.applied}; failing since ${this.failingSince}, attempt ${e.attempts}): ${e.message}`,
        position,
        e,
        this.applied,
      );
    if (this.stopping || this.state === 'stopped') return new ReadModelsNotCurrentError('projection engine stopped', position, e, this.applied);
    return null;
  }

  private release(): void {
    const ready = this.waiters.filter((w) => w.position <= this.applied);
    if (ready.length === 0) return;
    this.waiters = this.waiters.filter((w) => w.position > this.applied);
    for (const w of ready) {
      clearTimeout(w.timer);
      w.resolve();
    }
  }

  private rejectAll(error: Error): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) {
      clearTimeout(w.timer);
      w.reject(error);
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeSleeper = done;
    }).then(() => {
      this.wakeSleeper = null;
    });
  }
}

/** A promise that says whether it has resolved. */
const deferred = (): { promise: Promise<void>; resolve: () => void; settled: boolean } => {
  const d = { settled: false } as { promise: Promise<void>; resolve: () => void; settled: boolean };
  d.promise = new Promise<void>((resolve) => {
    d.resolve = () => {
      d.settled = true;
      resolve();
    };
  });
  return d;
};

/**
 * Operator rebuild: drop every read model (documents, search, checkpoints) and replay the whole log (or the log up
 * to `until`) through every projection, into each projection's store. Reports progress as it goes.
 * `stores`: the read-model stores (`infra` has both).
 *
 * Embedded (the log and the read models in one SQLite file) it is one bulk transaction (embedded-rebuild.ts);
 * otherwise batches of `batchSize` events, each applied like the catch-up engine applies one.
 */
export const rebuildReadModels = async (
  events: EventStore,
  target: ReadModelStores,
  projections: readonly Projection[],
  options: { until?: number; batchSize?: number; onProgress?: (done: number, total: number) => void; worker?: boolean } = {},
): Promise<{ events: number; position: number }> => {
  checkTargets(target, projections);
  const head = options.until ?? (await events.headPosition());
  // The embedded fast path reads the adapter's table itself, and brings each event up to date as the port would.
  if (storedLog(events) instanceof SqliteEventStore && isEmbedded(target))
    return rebuildEmbedded(target, projections, { ...options, until: head, ...(events instanceof ShapedEventStore ? { shapes: events.shapes, upcasts: events.upcasts } : {}) });
  await target.search?.reset();
  await target.documents.reset();
  let after = 0;
  let count = 0;
  for (;;) {
    const batch = await events.readAll({ after, until: head, limit: options.batchSize ?? 1000 });
    if (batch.length === 0) break;
    const out = projectBatch(projections, batch);
    if (isEmbedded(target)) target.documents.transaction(() => applyBatchSync(target, out));
    else await applyBatch(target, out);
    after = batch[batch.length - 1].position;
    count += batch.length;
    options.onProgress?.(after, head);
  }
  return { events: count, position: after };
};
