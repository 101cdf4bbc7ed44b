import type { Client } from 'pg';
import type { PostgresDatabase } from '../infrastructure/postgres-database';
import type { Lease, WorkerLeases } from './worker-leases.port';

export interface PostgresLeaseOptions {
  /** How often the holder checks that its lock connection is alive (default 2000 ms). */
  heartbeatMs?: number;
}

interface Held {
  lease: Lease;
  settle: () => void;
}

/**
 * Production on PostgreSQL: a lease is a session-level advisory lock (`pg_try_advisory_lock`) on one connection of
 * this process's own, keyed by the installation's schema and the lease's name. PostgreSQL releases a session's locks
 * when its connection ends, so a holder killed with `kill -9` (or cut off) loses its leases as soon as the server
 * sees the connection close; another instance's next try takes them. The holder learns of a loss from the
 * connection's error event or, at the latest, from its next heartbeat, and every lease it had is then lost: the
 * worker stops before another instance can have taken it over for long.
 *
 * Why locks and not a lease row with an expiry: no clock is trusted (a paused holder cannot outlive an expiry it
 * does not know has passed), and a dead holder is released at once instead of after its term.
 */
export class PostgresWorkerLeases implements WorkerLeases {
  private connection: Promise<Client> | null = null;
  private readonly held = new Map<string, Held>();
  private heartbeat: NodeJS.Timeout | null = null;
  private closed = false;
  /** One statement at a time on the lock connection (node-postgres stops queueing them itself in its next major). */
  private statements: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: PostgresDatabase,
    private readonly options: PostgresLeaseOptions = {},
  ) {}

  async tryAcquire(name: string): Promise<Lease | null> {
    if (this.closed || this.held.has(name)) return null;
    const connection = this.connect();
    const client = await connection;
    const [row] = (await this.run(client, 'SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS taken', [this.keyOf(name)])) as Array<{ taken: boolean }>;
    if (!row?.taken) return null;
    // A connection lost meanwhile took the lock with it.
    if (this.connection !== connection) return null;
    // Session locks nest: never hand out a second lease on the same name from this connection.
    if (this.held.has(name)) {
      await this.run(client, 'SELECT pg_advisory_unlock(hashtextextended($1, 0))', [this.keyOf(name)]).catch(() => undefined);
      return null;
    }
    let settle!: () => void;
    const lost = new Promise<void>((resolve) => (settle = resolve));
    const lease: Lease = { name, lost, release: () => this.release(name, lease) };
    this.held.set(name, { lease, settle });
    return lease;
  }

  async close(): Promise<void> {
    this.closed = true;
    const connection = this.connection;
    this.dropConnection();
    // Ending the session releases every lock it holds.
    await (await connection?.catch(() => null))?.end().catch(() => undefined);
  }

  private async release(name: string, lease: Lease): Promise<void> {
    const held = this.held.get(name);
    if (!held || held.lease !== lease) return;
    this.held.delete(name);
    held.settle();
    const client = await this.connection?.catch(() => null);
    if (client) await this.run(client, 'SELECT pg_advisory_unlock(hashtextextended($1, 0))', [this.keyOf(name)]).catch(() => undefined);
  }

  /** The installation's schema is part of the key: installations sharing a database hold leases apart. */
  private keyOf(name: string): string {
    return `${this.db.schema}/${name}`;
  }

  private connect(): Promise<Client> {
    if (!this.connection) {
      const connection = this.db.dedicatedConnection(() => this.lose(connection));
      this.connection = connection;
      connection.then(
        (client) => {
          client.on('end', () => this.lose(connection));
          this.startHeartbeat(connection, client);
        },
        () => this.lose(connection),
      );
    }
    return this.connection;
  }

  private startHeartbeat(connection: Promise<Client>, client: Client): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = setInterval(() => {
      this.run(client, 'SELECT 1').catch(() => {
        this.lose(connection);
        void client.end().catch(() => undefined);
      });
    }, this.options.heartbeatMs ?? 2000);
    this.heartbeat.unref();
  }

  private run(client: Client, sql: string, params: unknown[] = []): Promise<unknown[]> {
    const result = this.statements.then(() => client.query(sql, params)).then((r) => r.rows as unknown[]);
    this.statements = result.catch(() => undefined);
    return result;
  }

  /** The lock connection is gone: so is every lock it held. */
  private lose(connection: Promise<Client>): void {
    if (this.connection !== connection) return;
    this.dropConnection();
  }

  private dropConnection(): void {
    this.connection = null;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    const held = [...this.held.values()];
    this.held.clear();
    for (const { settle } of held) settle();
  }
}
