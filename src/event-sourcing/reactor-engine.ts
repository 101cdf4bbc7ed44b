import type { EventStore, RecordedEvent, Subscription } from '../event-store/event-store.port';
import { backoffDelay } from '../shared/backoff';
import { Clock, systemClock } from '../shared/clock';
import type { ConsumerCheckpoint, ConsumerCheckpoints } from './consumer-checkpoints.port';
import type { Reactor } from './reactor';
import { ReadModelsNotCurrentError } from './read-model-visibility';
import type { ReadModelVisibility } from './command-runner';
import { LeasedWorker } from './leased-worker';
import { InProcessLeases, WorkerLeases } from './worker-leases.port';

/** pino-compatible (`logger.warn(object, message)`); `console` works too. */
export interface ReactorLogger {
  warn(details: object, message?: string): void;
  error(details: object, message?: string): void;
}

export interface ReactorEngineOptions {
  /** Attempts at one event before the reactor stops (default 8). */
  maxAttempts?: number;
  /** Pause after the first failure, doubled after each further one (default 200 ms)... */
  backoffMs?: number;
  /** ...up to this (default 30 s). */
  maxBackoffMs?: number;
  logger?: ReactorLogger;
  /**
   * Where a reactor without a checkpoint starts: at the log's head (default: a reactor added to an existing log
   * never replays past side effects) or at its start (tests).
   */
  startFrom?: 'head' | 'start';
  /**
   * How often the record of a stopped reactor is read again (default 5000 ms; 0: never), so that an operator's
   * `marketplace-server reactors resume <name>` (which clears `stoppedAt`) restarts it in a running server.
   */
  resumePollMs?: number;
  /** Timestamps of the records (default: the system clock). */
  clock?: Clock;
  /**
   * The read models' position: a reaction waits until they show its event (a reactor reads read models: the user
   * a mail goes to, a banned user's listings). On a catch-up engine they can lag the log; "behind" is waited out,
   * never counted as a failed attempt. Embedded read models are written with the event, so this never waits there.
   */
  visibility?: ReadModelVisibility;
  /**
   * How long the checkpoint past events a reactor only passed over may wait before it is saved (default 1000 ms;
   * 0: at once). Saving it costs a durable write; deferring it costs, after a crash, looking at those events again.
   */
  passedOverSaveMs?: number;
  /**
   * Who runs each reactor when several instances share the store (default: this process, at once): a reactor runs
   * only on the instance that holds its lease `reactor:<name>`.
   */
  leases?: WorkerLeases;
  /** How often an instance without a reactor's lease tries to take it (default 2000 ms). */
  leaseRetryMs?: number;
}

export interface ReactorStatus {
  name: string;
  /** The log position the reactor is done with. */
  position: number;
  /** The log's head minus `position`: events behind in the embedded log, commit-position bytes in KurrentDB. */
  lag: number;
  /** Failed attempts at the next event (0 when healthy). */
  attempts: number;
  lastError: string | null;
  stopped: boolean;
  stoppedAt: string | null;
  updatedAt: string | null;
  /** Whether this instance holds the reactor's lease (runs it); the record is the shared one either way. */
  heldHere: boolean;
}

/** What an operator sees of one consumer's record (the CLI reads records without an engine). */
export const reactorStatusOf = (name: string, record: ConsumerCheckpoint | null, head: number, heldHere = false): ReactorStatus => ({
  name,
  position: record?.position ?? 0,
  lag: Math.max(0, head - (record?.position ?? 0)),
  attempts: record?.attempts ?? 0,
  lastError: record?.lastError ?? null,
  stopped: Boolean(record?.stoppedAt),
  stoppedAt: record?.stoppedAt ?? null,
  updatedAt: record?.updatedAt ?? null,
  heldHere,
});

interface Run {
  reactor: Reactor;
  types: ReadonlySet<string>;
  record: ConsumerCheckpoint;
  /** closed: not started, or another instance holds its lease. */
  state: 'running' | 'stopped' | 'closed';
  /** Starts the reactor on the instance that holds its lease. */
  worker: LeasedWorker;
  /** Bumped at every (re)subscription: a batch of an older subscription is ignored. */
  generation: number;
  subscription: Subscription | null;
  /** The batch being handled (stop() waits for it). */
  inFlight: Promise<void> | null;
  /** Ends the backoff pause early (stop). */
  interrupt: (() => void) | null;
  resumeTimer: NodeJS.Timeout | null;
  /** A deferred save of the checkpoint past events the reactor passed over. */
  passedOverSave: NodeJS.Timeout | null;
}

interface Waiter {
  position: number;
  resolve: () => void;
}

/**
 * Runs reactors: each one is a checkpointed subscription to the log (`EventStore.subscribeToAll`, the one
 * subscription mechanism), from its own checkpoint, in log order, one event at a time. Delivery is at least once:
 * the checkpoint moves after the side effect, so a crash in between delivers the event again and the reactor's
 * idempotency (by event id) makes the repeat a no-op. A failing event is retried with exponential backoff; after
 * `maxAttempts` the reactor stops (its record keeps the error) while the others go on; a restart or `resume`
 * retries it.
 */
export class ReactorEngine {
  private readonly runs = new Map<string, Run>();
  private waiters: Waiter[] = [];
  private readonly maxAttempts: number;
  private readonly backoffMs: number;
  private readonly maxBackoffMs: number;
  private readonly logger: ReactorLogger;
  private readonly startFrom: 'head' | 'start';
  private readonly resumePollMs: number;
  private readonly clock: Clock;
  private readonly passedOverSaveMs: number;
  private readonly visibility: ReadModelVisibility | null;

  constructor(
    private readonly store: EventStore,
    private readonly checkpoints: ConsumerCheckpoints,
    reactors: readonly Reactor[],
    options: ReactorEngineOptions = {},
  ) {
    this.maxAttempts = Math.max(1, options.maxAttempts ?? 8);
    this.backoffMs = options.backoffMs ?? 200;
    this.maxBackoffMs = options.maxBackoffMs ?? 30_000;
    this.logger = options.logger ?? console;
    this.startFrom = options.startFrom ?? 'head';
    this.resumePollMs = options.resumePollMs ?? 5000;
    this.clock = options.clock ?? systemClock;
    this.passedOverSaveMs = options.passedOverSaveMs ?? 1000;
    this.visibility = options.visibility ?? null;
    const leases = options.leases ?? new InProcessLeases();
    for (const reactor of reactors) {
      if (this.runs.has(reactor.name)) throw new Error(`two reactors are named "${reactor.name}"`);
      const run: Run = {
        reactor,
        types: new Set(reactor.eventTypes),
        record: { position: 0, attempts: 0, lastError: null, stoppedAt: null, updatedAt: this.now() },
        state: 'closed',
        generation: 0,
        subscription: null,
        inFlight: null,
        interrupt: null,
        resumeTimer: null,
        passedOverSave: null,
        worker: null!,
      };
      run.worker = new LeasedWorker(
        leases,
        `reactor:${reactor.name}`,
        { start: () => this.begin(run), stop: () => this.end(run) },
        { retryMs: options.leaseRetryMs, logger: this.logger },
      );
      this.runs.set(reactor.name, run);
    }
  }

  /**
   * Starts every reactor whose lease this instance takes (all of them on a store of its own), from its shared
   * checkpoint; the others are taken over when their holder goes. A stopped reactor stays stopped until an
   * operator's `reactors resume` (any instance's start leaves it so: the stopped state is the shared record's).
   */
  async start(): Promise<void> {
    for (const run of this.runs.values()) await run.worker.start();
  }

  /** This instance took the reactor's lease: its record is read again (a previous holder moved it). */
  private async begin(run: Run): Promise<void> {
    let record = await this.checkpoints.load(run.reactor.name);
    if (!record) {
      // First start: the log's head, not its start, unless told otherwise; saved at once, so that events appended
      // from now on are this reactor's even if it fails before it handles one.
      const head = this.startFrom === 'head' ? await this.store.headPosition() : 0;
      record = { position: head, attempts: 0, lastError: null, stoppedAt: null, updatedAt: this.now() };
      if (!(await this.checkpoints.save(run.reactor.name, record))) record = (await this.checkpoints.load(run.reactor.name)) ?? record;
    } else if (!record.stoppedAt && record.attempts > 0) {
      // A holder that died while retrying: the new one counts its attempts afresh (a stopped one waits for resume).
      record = { ...record, attempts: 0, updatedAt: this.now() };
      await this.checkpoints.save(run.reactor.name, record);
    }
    run.record = record;
    if (record.stoppedAt) {
      run.state = 'stopped';
      this.pollForResume(run);
    } else {
      this.subscribe(run);
    }
  }

  /** The lease went (or the engine stops): no further event is handled here; the one in flight may finish. */
  private async end(run: Run): Promise<void> {
    const subscription = run.subscription;
    run.state = 'closed';
    run.generation += 1;
    run.subscription = null;
    run.interrupt?.();
    this.clearResumePoll(run);
    await subscription?.close();
    await run.inFlight?.catch(() => undefined);
    if (run.passedOverSave) await this.savePassedOver(run);
    this.settleWaiters();
  }

  runsReactor(name: string): boolean {
    return this.runs.has(name);
  }

  /**
   * Retries a stopped reactor from its checkpoint (the event it stopped at first): its shared record is cleared, as
   * the CLI's `reactors resume` does, and the instance that holds it resumes it. No-op for a running one.
   */
  async resume(name: string): Promise<void> {
    const run = this.runs.get(name);
    if (!run) throw new Error(`no reactor is named "${name}"`);
    if (run.state === 'running') return;
    if (run.state === 'closed') {
      const record = await this.checkpoints.load(name);
      if (record?.stoppedAt) await this.checkpoints.save(name, { ...record, attempts: 0, stoppedAt: null, updatedAt: this.now() });
      return;
    }
    this.clearResumePoll(run);
    run.record = { ...run.record, attempts: 0, stoppedAt: null, updatedAt: this.now() };
    await this.checkpoints.save(name, run.record);
    this.subscribe(run);
  }

  /** Stops every reactor, waiting for the side effect in flight (an event not checkpointed yet is delivered again). */
  async stop(): Promise<void> {
    await Promise.all([...this.runs.values()].map((run) => run.worker.stop()));
    this.settleWaiters();
  }

  /**
   * Every reactor as the store records it (so each instance shows the same stopped state and error), with this
   * instance's newer position for those it runs.
   */
  async status(): Promise<ReactorStatus[]> {
    const head = await this.store.headPosition();
    const stored = new Map((await this.checkpoints.list()).map(({ name, ...record }) => [name, record]));
    return [...this.runs.values()].map((run) => {
      const record = run.worker.held ? run.record : (stored.get(run.reactor.name) ?? null);
      return { ...reactorStatusOf(run.reactor.name, record, head, run.worker.held), stopped: Boolean(record?.stoppedAt) };
    });
  }

  /** Resolves once every running reactor has passed `position` (stopped ones are not waited for). */
  waitForIdle(position: number): Promise<void> {
    return new Promise((resolve) => {
      this.waiters.push({ position, resolve });
      this.settleWaiters();
    });
  }

  /** Resolves once every running reactor has passed the log's current head. */
  async idle(): Promise<void> {
    await this.waitForIdle(await this.store.headPosition());
  }

  private subscribe(run: Run): void {
    run.state = 'running';
    run.generation += 1;
    const generation = run.generation;
    const subscription = this.store.subscribeToAll(run.record.position, (events) => this.deliver(run, generation, events));
    if (run.generation === generation && run.state === 'running') run.subscription = subscription;
    else void subscription.close();
  }

  private async deliver(run: Run, generation: number, events: RecordedEvent[]): Promise<void> {
    if (run.generation !== generation || run.state !== 'running') return;
    const work = this.handleBatch(run, generation, events);
    run.inFlight = work;
    try {
      await work;
    } finally {
      if (run.inFlight === work) run.inFlight = null;
      this.settleWaiters();
    }
  }

  private async handleBatch(run: Run, generation: number, events: RecordedEvent[]): Promise<void> {
    const current = () => run.generation === generation && run.state === 'running';
    for (const event of events) {
      if (!current()) return;
      if (event.position <= run.record.position) continue;
      // Imported events (marketplace import) are another store's history: their side effects were made there.
      if (!run.types.has(event.type) || event.metadata.importedAt !== undefined || run.reactor.accepts?.(event) === false) {
        run.record = { ...run.record, position: event.position };
        this.deferPassedOverSave(run);
        continue;
      }
      if (!(await this.reactTo(run, event, current))) return;
    }
  }

  /**
   * Most events are not a reactor's: saving its checkpoint after each batch of them was a durable write per command
   * (two reactors: two fsyncs next to the command's one). The save waits a moment instead, so one covers many
   * batches; a crash before it only has the reactor look at those events again.
   */
  private deferPassedOverSave(run: Run): void {
    if (this.passedOverSaveMs === 0) {
      void this.savePassedOver(run);
      return;
    }
    if (run.passedOverSave) return;
    run.passedOverSave = setTimeout(() => void this.savePassedOver(run), this.passedOverSaveMs);
    run.passedOverSave.unref();
  }

  private async savePassedOver(run: Run): Promise<void> {
    if (run.passedOverSave) clearTimeout(run.passedOverSave);
    run.passedOverSave = null;
    const record = { ...run.record, updatedAt: this.now() };
    await this.checkpoints.save(run.reactor.name, record).then(
      () => {
        // A reaction may have saved a later position meanwhile; never move the record back.
        if (run.record.position <= record.position) run.record = record;
      },
      (error: unknown) => this.logger.warn({ reactor: run.reactor.name, err: error }, 'reactor checkpoint not saved'),
    );
  }

  /** Waits until the read models show the event (backing off while they are behind); false when closing meanwhile. */
  private async readModelsShow(event: RecordedEvent, current: () => boolean): Promise<boolean> {
    for (let wait = 1; this.visibility; wait += 1) {
      if (!current()) return false;
      try {
        await this.visibility.waitFor(event.position);
        return true;
      } catch (error) {
        if (!(error instanceof ReadModelsNotCurrentError)) throw error;
        await new Promise((resolve) => setTimeout(resolve, backoffDelay(wait, this.backoffMs, this.maxBackoffMs)));
      }
    }
    return true;
  }

  /** True once the event is done and checkpointed; false when the reactor stopped or is closing. */
  private async reactTo(run: Run, event: RecordedEvent, current: () => boolean): Promise<boolean> {
    const name = run.reactor.name;
    let reacted = false;
    for (;;) {
      if (!current()) return false;
      try {
        if (!reacted) {
          if (!(await this.readModelsShow(event, current))) return false;
          await run.reactor.react(event);
          reacted = true;
        }
        const record: ConsumerCheckpoint = { position: event.position, attempts: 0, lastError: null, stoppedAt: null, updatedAt: this.now() };
        await this.checkpoints.save(name, record);
        run.record = record;
        // This save covers the events passed over before it.
        if (run.passedOverSave) clearTimeout(run.passedOverSave);
        run.passedOverSave = null;
        return true;
      } catch (error) {
        const attempts = run.record.attempts + 1;
        const stopped = attempts >= this.maxAttempts;
        const lastError = `${reacted ? 'checkpoint after ' : ''}event ${event.id} (${event.type} at ${event.position}): ${messageOf(error)}`;
        run.record = { ...run.record, attempts, lastError, stoppedAt: stopped ? this.now() : null, updatedAt: this.now() };
        if (!current()) return false;
        await this.checkpoints
          .save(name, run.record)
          .catch((saveError: unknown) => this.logger.warn({ reactor: name, err: saveError }, 'reactor failure not recorded'));
        const details = { reactor: name, eventId: event.id, eventType: event.type, position: event.position, attempts, err: error };
        if (stopped) {
          this.logger.error(details, `reactor ${name} stopped after ${attempts} attempts`);
          this.halt(run);
          return false;
        }
        const pause = backoffDelay(attempts, this.backoffMs, this.maxBackoffMs);
        this.logger.warn(details, `reactor ${name} failed; retrying in ${pause} ms`);
        await this.pause(run, pause);
      }
    }
  }

  private halt(run: Run): void {
    const subscription = run.subscription;
    run.state = 'stopped';
    run.generation += 1;
    run.subscription = null;
    void subscription?.close();
    this.pollForResume(run);
    this.settleWaiters();
  }

  private pollForResume(run: Run): void {
    if (this.resumePollMs <= 0 || run.resumeTimer) return;
    run.resumeTimer = setInterval(() => void this.pollResume(run), this.resumePollMs);
    run.resumeTimer.unref();
  }

  /** An operator cleared `stoppedAt` (CLI `reactors resume`): retry. */
  private async pollResume(run: Run): Promise<void> {
    if (run.state !== 'stopped') return;
    try {
      const record = await this.checkpoints.load(run.reactor.name);
      if (record && !record.stoppedAt && run.state === 'stopped') {
        this.clearResumePoll(run);
        run.record = { ...record, position: run.record.position };
        this.subscribe(run);
      }
    } catch (error) {
      this.logger.warn({ reactor: run.reactor.name, err: error }, 'reactor record not read');
    }
  }

  private clearResumePoll(run: Run): void {
    if (run.resumeTimer) clearInterval(run.resumeTimer);
    run.resumeTimer = null;
  }

  private pause(run: Run, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      timer.unref();
      function done() {
        clearTimeout(timer);
        run.interrupt = null;
        resolve();
      }
      run.interrupt = done;
    });
  }

  private settleWaiters(): void {
    if (this.waiters.length === 0) return;
    const running = [...this.runs.values()].filter((run) => run.state === 'running');
    const lowest = Math.min(...running.map((run) => run.record.position), Number.MAX_SAFE_INTEGER);
    const ready = this.waiters.filter((w) => w.position <= lowest);
    this.waiters = this.waiters.filter((w) => w.position > lowest);
    for (const waiter of ready) waiter.resolve();
  }

  private now(): string {
    return this.clock.now().toISOString();
  }
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
