/**
 * Who runs a background worker (a reactor, the scheduler, the development marketplace's bootstrap) when several
 * server instances share one store: the instance that holds the worker's lease, one at a time. A lease is kept in
 * the store itself, so it holds across instances; it is lost when its holder dies, and then another instance
 * takes it within a bounded time (docs/production.md, Several instances).
 *
 * Adapters: in-process (the embedded SQLite file is one server's: `server.pid`), PostgreSQL (session advisory
 * locks on a connection of their own: a holder killed with `kill -9` loses its locks with its connection) and
 * KurrentDB (a lease stream written with an expected revision and an expiry). All pass
 * test/worker-leases.contract.ts.
 */
export interface Lease {
  readonly name: string;
  /**
   * Settles when the lease is no longer held (its connection dropped, its renewal failed, or it was released): the
   * holder stops the worker at once, since another instance may take it over from then on.
   */
  readonly lost: Promise<void>;
  release(): Promise<void>;
}

export interface WorkerLeases {
  /** Takes the lease if no other holder has it (this holder may hold it once); null when another does. */
  tryAcquire(name: string): Promise<Lease | null>;
  /** Releases every lease this holder has. */
  close(): Promise<void>;
}

/**
 * One process is the only holder (the embedded file, or a single instance): every lease is granted, once at a time
 * within the process. It is lost only when released.
 */
export class InProcessLeases implements WorkerLeases {
  private readonly held = new Map<string, () => void>();

  async tryAcquire(name: string): Promise<Lease | null> {
    if (this.held.has(name)) return null;
    let settle!: () => void;
    const lost = new Promise<void>((resolve) => (settle = resolve));
    this.held.set(name, settle);
    return {
      name,
      lost,
      release: async () => this.drop(name, settle),
    };
  }

  async close(): Promise<void> {
    for (const [name, settle] of [...this.held]) this.drop(name, settle);
  }

  private drop(name: string, settle: () => void): void {
    if (this.held.get(name) === settle) this.held.delete(name);
    settle();
  }
}

/**
 * Waits for a lease (trying again every `retryMs`), up to `timeoutMs`; for work that must be done once per store
 * before a server answers (the development marketplace's bootstrap). Null when the wait ran out.
 */
export const acquireWithin = async (leases: WorkerLeases, name: string, timeoutMs: number, retryMs = 200): Promise<Lease | null> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const lease = await leases.tryAcquire(name);
    if (lease || Date.now() >= deadline) return lease;
    await new Promise((resolve) => setTimeout(resolve, retryMs));
  }
};
