import { closeSync, fdatasync, fdatasyncSync, openSync } from 'node:fs';

interface Waiter {
  position: number;
  resolve(): void;
  reject(error: Error): void;
}

/**
 * Group commit for the embedded store. SQLite's own `synchronous=FULL` fsyncs the write-ahead log inside every
 * commit, on the event loop: while it waits for the disk nothing else runs, so no two commands ever share a
 * flush. Instead the connection commits with `synchronous=NORMAL` (the WAL is written, not flushed) and this
 * class flushes the WAL file from the thread pool: a command is acknowledged only once a flush that started after
 * its commit has finished, and every command that committed while one flush ran shares the next one.
 *
 * Durability is that of FULL: a flush of the WAL covers every frame written before it started, whoever wrote it.
 * What differs: the committed events are visible to reads a moment before they are on disk. Consumers of the log
 * (reactors, catch-up projections, events/query) read only up to `durablePosition`, so no side effect and no
 * poller ever acts on an event that a power loss could still take back.
 */
export class WalGroupCommit {
  private fd: number | null = null;
  private flushing = false;
  private waiting: Waiter[] = [];
  /** Every event up to this log position is on disk. */
  private durable = 0;
  private flushes = 0;

  constructor(private readonly walPath: string) {}

  get durablePosition(): number {
    return this.durable;
  }

  /** Flushes so far (how many commands share one shows in tests and profiles). */
  get flushCount(): number {
    return this.flushes;
  }

  /** Resolves once everything committed up to `position` is on disk (one flush for all who wait meanwhile). */
  afterCommit(position: number): Promise<void> {
    if (position <= this.durable) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.waiting.push({ position, resolve, reject });
      if (!this.flushing) this.flush();
    });
  }

  /** The same, blocking (synchronous callers: the CLI, seeding). */
  afterCommitSync(position: number): void {
    if (position <= this.durable) return;
    fdatasyncSync(this.walFd());
    this.flushes += 1;
    this.durable = Math.max(this.durable, position);
  }

  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }

  private flush(): void {
    const batch = this.waiting;
    this.waiting = [];
    this.flushing = true;
    this.flushes += 1;
    const done = (error: Error | null) => {
      this.flushing = false;
      if (error) for (const w of batch) w.reject(error);
      else {
        this.durable = Math.max(this.durable, ...batch.map((w) => w.position));
        for (const w of batch) w.resolve();
      }
      if (this.waiting.length > 0) this.flush();
    };
    try {
      fdatasync(this.walFd(), done);
    } catch (error) {
      done(error as Error);
    }
  }

  /** Opened on first use: SQLite creates the WAL file with the connection's first transaction. */
  private walFd(): number {
    this.fd ??= openSync(this.walPath, 'r+');
    return this.fd;
  }
}
