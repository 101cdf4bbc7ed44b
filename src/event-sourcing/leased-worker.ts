import type { Lease, WorkerLeases } from './worker-leases.port';

/** pino-compatible, as the reactor engine's logger (`console` works too). */
interface WorkerLogger {
  warn(details: object, message?: string): void;
  error(details: object, message?: string): void;
}

/** What runs only while its lease is held. `stop` must end the work promptly: another instance may take over. */
export interface LeasableWork {
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface LeasedWorkerOptions {
  /** How often an instance without the lease tries to take it (default 2000 ms): the bound on a takeover. */
  retryMs?: number;
  logger?: WorkerLogger;
}

/**
 * Runs `work` on the one instance that holds the lease `name`: started when this instance takes it, stopped when it
 * loses it (then it tries again, as the instances without it do every `retryMs`). Without a shared store the lease
 * is this process's at once (InProcessLeases), so the work simply runs.
 */
export class LeasedWorker {
  private lease: Lease | null = null;
  private timer: NodeJS.Timeout | null = null;
  private active = false;
  /** The start or stop under way: transitions never overlap. */
  private transition: Promise<void> = Promise.resolve();
  private readonly retryMs: number;
  private readonly logger: WorkerLogger;

  constructor(
    private readonly leases: WorkerLeases,
    readonly name: string,
    private readonly work: LeasableWork,
    options: LeasedWorkerOptions = {},
  ) {
    this.retryMs = options.retryMs ?? 2000;
    this.logger = options.logger ?? console;
  }

  /** True while this instance holds the lease and the work runs here. */
  get held(): boolean {
    return this.lease !== null;
  }

  /** Tries once now (so a single instance runs its work before this resolves), then keeps trying in the background. */
  async start(): Promise<void> {
    if (this.active) return;
    this.active = true;
    await this.claim();
  }

  async stop(): Promise<void> {
    this.active = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.transition;
    const lease = this.lease;
    if (!lease) return;
    this.lease = null;
    await this.serially(() => this.work.stop());
    await lease.release();
  }

  private async claim(): Promise<void> {
    this.timer = null;
    if (!this.active || this.lease) return;
    let lease: Lease | null = null;
    try {
      lease = await this.leases.tryAcquire(this.name);
    } catch (error) {
      this.logger.warn({ lease: this.name, err: error }, 'lease not taken: the store did not answer');
    }
    if (!lease) return this.retryLater();
    if (!this.active) return void (await lease.release());
    this.lease = lease;
    void lease.lost.then(() => this.lost(lease));
    await this.serially(() => this.work.start()).catch(async (error: unknown) => {
      this.logger.error({ lease: this.name, err: error }, 'leased work did not start; letting the lease go');
      if (this.lease === lease) this.lease = null;
      await lease.release();
      this.retryLater();
    });
  }

  private async lost(lease: Lease): Promise<void> {
    if (this.lease !== lease) return;
    this.lease = null;
    this.logger.warn({ lease: this.name }, 'lease lost: stopping its work here; another instance may take it over');
    await this.serially(() => this.work.stop()).catch((error: unknown) => this.logger.error({ lease: this.name, err: error }, 'leased work did not stop cleanly'));
    this.retryLater();
  }

  private retryLater(): void {
    if (!this.active || this.timer) return;
    this.timer = setTimeout(() => void this.claim(), this.retryMs);
    this.timer.unref();
  }

  private serially(step: () => Promise<void>): Promise<void> {
    const next = this.transition.then(step);
    this.transition = next.catch(() => undefined);
    return next;
  }
}
