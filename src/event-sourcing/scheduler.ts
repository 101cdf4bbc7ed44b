import type { EventStore, Subscription } from '../event-store/event-store.port';
import type { DocumentStore } from '../read-models/document-store.port';
import { ApiError } from '../shared/api-error';
import type { Clock } from '../shared/clock';
import type { CommandContext } from '../shared/command-context';
import type { Command, CommandRunner, Decision, ReadModelVisibility, Streams } from './command-runner';
import { backoffDelay } from '../shared/backoff';
import type { ReactorLogger } from './reactor-engine';
import { jobFailed, jobRan, jobStream, ScheduledJobState } from './scheduled-job';
import { ALL_MARKETPLACES, SCHEDULED_JOBS_COLLECTION, ScheduledJobDocument } from './scheduled-jobs.projection';

/** Builds the runner command of a scheduled command type from the job's context and data. */
/** May be async: a command whose provider calls come before its decision (a transition's payments) makes them here. */
export type ScheduledCommandFactory<D = any> = (ctx: CommandContext, data: D) => Command<any, unknown> | Promise<Command<any, unknown>>;

/** The command types jobs may run: each maps a job's `command.type` to a runner command spec. */
export class ScheduledCommands {
  private readonly factories = new Map<string, ScheduledCommandFactory>();

  register<D>(type: string, factory: ScheduledCommandFactory<D>): this {
    if (this.factories.has(type)) throw new Error(`scheduled command "${type}" is registered twice`);
    this.factories.set(type, factory as ScheduledCommandFactory);
    return this;
  }

  get(type: string): ScheduledCommandFactory | undefined {
    return this.factories.get(type);
  }

  types(): string[] {
    return [...this.factories.keys()];
  }
}

export interface SchedulerOptions {
  /** Longest sleep between two looks at the pending jobs (default 60 s): a safety net, the timers and wakes do the work. */
  maxSleepMs?: number;
  /** Pause after a job's first failure other than a domain error, doubled after each further one (default 1 s)... */
  retryBackoffMs?: number;
  /** ...up to this (default 5 min). Such a job is retried until it runs. */
  maxRetryBackoffMs?: number;
  /** Due jobs read per query (default 50). */
  batchSize?: number;
  logger?: ReactorLogger;
  /** Wake as soon as a job is scheduled (a subscription to the log from its head); otherwise call `wake()`. */
  store?: EventStore;
  /** With `store` and a catch-up projection engine: wait until the read model shows a new job before looking. */
  visibility?: ReadModelVisibility;
  /** The context a job's command runs in (default: the job's marketplace, source/transaction, the clock's now). */
  context?: (job: ScheduledJobDocument, now: Date) => CommandContext;
}

/** What one job's run came to. */
export type JobOutcome = 'ran' | 'failed' | 'skipped';

interface JobResult {
  outcome: JobOutcome;
  result?: unknown;
  code?: string;
}

/** The job's stream in the composed decision; a name no command uses. */
const JOB = '\u0000job';

export const defaultJobContext = (job: ScheduledJobDocument, now: Date): CommandContext => ({
  marketplaceId: job.marketplaceId,
  clientId: null,
  userId: null,
  adminId: null,
  requestId: null,
  source: 'source/transaction',
  now,
});

/**
 * Runs scheduled jobs when they are due, by the one clock. Pending jobs come from the scheduled-jobs read model
 * (rebuilt from the job streams, so they survive restarts and rebuilds); each job runs as ONE runner call that
 * composes its command with the job's stream: the command's events and `job/ran` are appended atomically, so a job
 * runs exactly once, even across a crash or two schedulers racing. A domain error (ApiError) thrown by the
 * command's decision records `job/failed` with its code instead, with no retry; any other error is retried with
 * backoff. Between jobs it sleeps until the next due time (capped), waking early on `wake()`, on a new job in the
 * log (`store` option) and whenever the clock jumps (`Clock.onChange`, e.g. a test's or the payment emulator's
 * ManualClock).
 */
export class Scheduler {
  private readonly maxSleepMs: number;
  private readonly retryBackoffMs: number;
  private readonly maxRetryBackoffMs: number;
  private readonly batchSize: number;
  private readonly logger: ReactorLogger;
  private readonly contextOf: (job: ScheduledJobDocument, now: Date) => CommandContext;
  private running = false;
  private stopping = false;
  private ticking: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  /** The clock time the armed timer looks at the jobs again (null: no timer). */
  private armedFor: number | null = null;
  private unsubscribeClock: (() => void) | null = null;
  private subscription: Subscription | null = null;
  /** Jobs that failed with an error other than a domain error: attempts and the real time of the next try. */
  private readonly retries = new Map<string, { attempts: number; notBefore: number }>();

  constructor(
    private readonly runner: CommandRunner,
    private readonly documents: DocumentStore,
    private readonly clock: Clock,
    private readonly commands: ScheduledCommands,
    private readonly options: SchedulerOptions = {},
  ) {
    this.maxSleepMs = options.maxSleepMs ?? 60_000;
    this.retryBackoffMs = options.retryBackoffMs ?? 1000;
    this.maxRetryBackoffMs = options.maxRetryBackoffMs ?? 300_000;
    this.batchSize = options.batchSize ?? 50;
    this.logger = options.logger ?? console;
    this.contextOf = options.context ?? defaultJobContext;
  }

  /** Runs what is due now (jobs whose time passed while the server was down run at once), then keeps watching. */
  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    this.stopping = false;
    this.unsubscribeClock = this.clock.onChange?.(() => this.wake()) ?? null;
    const store = this.options.store;
    if (store) {
      const head = await store.headPosition();
      this.subscription = store.subscribeToAll(head, async (events) => {
        const scheduled = events.filter((e) => e.type === 'job/scheduled');
        if (scheduled.length === 0 || this.alreadyArmedFor(scheduled)) return;
        await this.options.visibility?.waitFor(scheduled[scheduled.length - 1].position).catch(() => undefined);
        this.wake();
      });
    }
    this.wake();
    await this.idle();
  }

  /** Look at the pending jobs again now (a job was scheduled, the clock moved). */
  wake(): void {
    if (!this.running || this.stopping) return;
    void this.tick();
  }

  /** Runs every due job now, whether or not the scheduler is started; resolves when none is left due. */
  async runDue(): Promise<void> {
    await this.tick();
    await this.idle();
  }

  /** Resolves when no look at the jobs is in progress (tests: after advancing the clock). */
  async idle(): Promise<void> {
    while (this.ticking) await this.ticking;
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.running = false;
    this.clearTimer();
    this.unsubscribeClock?.();
    this.unsubscribeClock = null;
    const subscription = this.subscription;
    this.subscription = null;
    await subscription?.close();
    await this.idle();
    this.stopping = false;
  }

  private tick(): Promise<void> {
    if (this.ticking) {
      this.again = true;
      return this.ticking;
    }
    this.clearTimer();
    const work = (async () => {
      try {
        do {
          this.again = false;
          await this.runDueJobs();
          if (!this.again && this.running) await this.armTimer();
        } while (this.again && !this.stopping);
      } catch (error) {
        this.logger.error({ err: error }, 'scheduler: could not read the pending jobs');
        if (this.running) this.setTimer(Math.min(this.maxSleepMs, this.retryBackoffMs));
      }
    })();
    this.ticking = work.finally(() => {
      this.ticking = null;
    });
    return this.ticking;
  }

  private async runDueJobs(): Promise<void> {
    let offset = 0;
    // A job is tried once per look: one still listed after its run (a read model behind the log) waits for the next.
    const tried = new Set<string>();
    for (;;) {
      const now = this.clock.now();
      const page = await this.documents.query<ScheduledJobDocument>(SCHEDULED_JOBS_COLLECTION, {
        marketplaceId: ALL_MARKETPLACES,
        // Due: at or before now.
        where: [{ field: 'dueAt', op: 'range', lt: new Date(now.getTime() + 1).toISOString() }],
        sort: [{ field: 'dueAt', direction: 'asc' }],
        offset,
        limit: this.batchSize,
      });
      let left = 0;
      for (const job of page.items) {
        if (this.stopping) return;
        const retry = this.retries.get(job.streamId);
        if (tried.has(job.streamId) || (retry && retry.notBefore > Date.now())) {
          left += 1;
          continue;
        }
        tried.add(job.streamId);
        const outcome = await this.runJob(job);
        if (outcome === null) left += 1;
      }
      if (page.items.length < this.batchSize) return;
      // Jobs that ran left the read model; the ones still there are skipped by the offset.
      offset += left;
    }
  }

  /** Runs one due job; null when it is still pending (a failure to retry). */
  private async runJob(job: ScheduledJobDocument): Promise<JobOutcome | null> {
    const now = this.clock.now();
    const ctx = this.contextOf(job, now);
    try {
      const factory = this.commands.get(job.command.type);
      if (!factory) throw new Error(`no scheduled command is registered as "${job.command.type}"`);
      let command: Command<any, unknown>;
      try {
        command = await factory(ctx, job.command.data);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        return await this.recordFailure(job, ctx, error);
      }
      const outcome = await this.runner.run(composeWithJob(command, job, now));
      this.retries.delete(job.streamId);
      const result = outcome.result as JobResult;
      if (result.outcome === 'failed') {
        this.logger.warn({ jobId: job.jobId, streamId: job.streamId, code: result.code }, `scheduled job failed: ${result.code}`);
      }
      return result.outcome;
    } catch (error) {
      const attempts = (this.retries.get(job.streamId)?.attempts ?? 0) + 1;
      const pause = backoffDelay(attempts, this.retryBackoffMs, this.maxRetryBackoffMs);
      this.retries.set(job.streamId, { attempts, notBefore: Date.now() + pause });
      this.logger.warn(
        { jobId: job.jobId, streamId: job.streamId, command: job.command.type, attempts, err: error },
        `scheduled job failed; retrying in ${pause} ms`,
      );
      return null;
    }
  }

  /** A domain error before the decision (the command could not even be built): the job fails for good. */
  private async recordFailure(job: ScheduledJobDocument, ctx: CommandContext, error: ApiError): Promise<JobOutcome> {
    await this.runner.run({
      ctx,
      streams: { [JOB]: jobStream(job.marketplaceId, job.jobId) },
      decide: (states) => ({ events: { [JOB]: jobFailed(states[JOB] as ScheduledJobState, error.code, error.message) } }),
    });
    this.retries.delete(job.streamId);
    this.logger.warn({ jobId: job.jobId, streamId: job.streamId, code: error.code }, `scheduled job failed: ${error.code}`);
    return 'failed';
  }

  private async armTimer(): Promise<void> {
    const now = this.clock.now();
    const next = await this.documents.query<ScheduledJobDocument>(SCHEDULED_JOBS_COLLECTION, {
      marketplaceId: ALL_MARKETPLACES,
      where: [{ field: 'dueAt', op: 'range', gte: new Date(now.getTime() + 1).toISOString() }],
      sort: [{ field: 'dueAt', direction: 'asc' }],
      offset: 0,
      limit: 1,
    });
    let delay = this.maxSleepMs;
    const due = next.items[0];
    if (due) delay = Math.min(delay, Date.parse(due.dueAt) - now.getTime());
    for (const retry of this.retries.values()) delay = Math.min(delay, retry.notBefore - Date.now());
    this.setTimer(Math.max(0, delay));
  }

  /**
   * Whether the timer will look at the pending jobs before any of these newly scheduled ones is due: then the new
   * ones need no look now (under load every command schedules jobs, most of them minutes or days ahead).
   */
  private alreadyArmedFor(scheduled: Array<{ data: unknown }>): boolean {
    if (this.ticking || this.timer === null || this.armedFor === null) return false;
    const earliest = Math.min(...scheduled.map((e) => Date.parse(String((e.data as { dueAt?: unknown }).dueAt))));
    return Number.isFinite(earliest) && earliest >= this.armedFor;
  }

  private setTimer(delay: number): void {
    this.clearTimer();
    if (!this.running) return;
    this.armedFor = this.clock.now().getTime() + delay;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.wake();
    }, delay);
    this.timer.unref();
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.armedFor = null;
  }
}

/**
 * The job's command and its stream as one decision: the command's events plus `job/ran`, in one atomic append; or
 * only `job/failed` when the decision throws a domain error; or nothing when the job is no longer pending or due
 * (cancelled, already ran, moved later since the read model was looked at).
 */
export const composeWithJob = (command: Command<any, unknown>, job: Pick<ScheduledJobDocument, 'marketplaceId' | 'jobId'>, now: Date): Command<Streams, JobResult> => {
  const ref = jobStream(job.marketplaceId, job.jobId);
  const own = command.streams;
  const withoutJob = (states: Record<string, unknown>) => {
    const { [JOB]: _job, ...rest } = states;
    return rest;
  };
  return {
    ctx: command.ctx,
    streams: typeof own === 'function' ? (loaded) => ({ ...own(withoutJob(loaded)), [JOB]: ref }) : { ...own, [JOB]: ref },
    decide: (states): Decision<Streams, JobResult> => {
      const state = states[JOB] as ScheduledJobState;
      if (state.status !== 'pending' || (state.dueAt !== null && state.dueAt > now.toISOString())) {
        return { events: {}, result: { outcome: 'skipped' } };
      }
      let decision: Decision<Streams, unknown>;
      try {
        decision = command.decide(withoutJob(states));
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        return { events: { [JOB]: jobFailed(state, error.code, error.message) }, result: { outcome: 'failed', code: error.code } };
      }
      return { events: { ...decision.events, [JOB]: jobRan(state, now) }, result: { outcome: 'ran', result: decision.result } };
    },
  };
};
