import { Client, Pool, PoolClient, QueryResult, QueryResultRow } from 'pg';
import { StartupRefusal } from '../config';

/** A step of the schema: applied once per installation, in the order the adapters list them, never edited. */
export interface Migration {
  /** Unique and stable (`events-1`): what `schema_migrations` records. */
  id: string;
  sql: string;
}

export interface PostgresOptions {
  /** `postgres://user:password@host:5432/db?sslmode=require`: TLS and its checks come from the URL, as libpq reads them. */
  url: string;
  /** The schema holding this installation's tables (created at start): several installations can share a database. */
  schema?: string;
  /** Longest a statement may run before the server cancels it (ms). */
  statementTimeoutMs?: number;
  /** Connections in the pool. */
  maxConnections?: number;
}

/** A PostgreSQL connection problem said in one line (DATABASE_URL unparsable, server down, refused login). */
export class PostgresConnectionError extends StartupRefusal {
  constructor(message: string, cause?: unknown) {
    super(message, cause);
    this.name = 'PostgresConnectionError';
  }
}

/**
 * PostgreSQL did not serve a statement: it is unreachable, shutting down or starting (the connection was refused or
 * broke), or it cancelled the statement at DATABASE_STATEMENT_TIMEOUT_MS. Answered 503 in the error envelope (the
 * client may try again), never 500. `connectionLost`: a write in flight may or may not have been committed.
 */
export class PostgresUnavailableError extends Error {
  readonly statusCode = 503;
  constructor(
    message: string,
    readonly connectionLost: boolean,
    cause: unknown,
  ) {
    super(message, { cause });
    this.name = 'PostgresUnavailableError';
  }
}

/**
 * SQLSTATEs of a server going away or turning connections away: admin_shutdown, crash_shutdown, cannot_connect_now
 * (starting or stopping), too_many_connections.
 */
const SERVER_GONE = ['57P01', '57P02', '57P03', '53300'];
/** node-postgres' own errors for a connection that broke or never opened (they carry no SQLSTATE). */
const CONNECTION_BROKE = /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|timeout expired)/;

/** The error as a PostgresUnavailableError when PostgreSQL could not serve the statement; anything else as it is. */
export const asUnavailable = (error: unknown): unknown => {
  // Not `instanceof Error`: socket errors may come from another realm (jest's sandbox).
  if (error instanceof PostgresUnavailableError || typeof error !== 'object' || error === null) return error;
  const { code, message } = error as { code?: unknown; message?: unknown };
  // query_canceled: this service cancels nothing itself, so it is statement_timeout; the transaction rolled back.
  if (code === '57014') return new PostgresUnavailableError(`PostgreSQL statement timeout: ${String(message)}`, false, error);
  const lost =
    typeof code === 'string'
      ? code.startsWith('08') || SERVER_GONE.includes(code) || /^E[A-Z]+$/.test(code) // class 08, or a socket error (ECONNREFUSED)
      : CONNECTION_BROKE.test(String(message));
  return lost ? new PostgresUnavailableError(`PostgreSQL unavailable: ${String(message)}`, true, error) : error;
};

/**
 * Statements sent with BEGIN and with COMMIT in the same round trip (the simple protocol takes several statements
 * without parameters, so these carry literals): on a loaded machine each round trip of a transaction that holds the
 * append lock waits for two processes to be scheduled.
 */
export interface TransactionEnds<T> {
  /** After BEGIN; the rows of its last statement are given to the transaction's work. */
  begin?: string;
  beforeCommit?: (result: T) => string | null;
}

/** The parameters of a statement ($1…), numbered in the order they are added while its SQL is built. */
export class SqlParams {
  readonly values: unknown[] = [];
  /** Adds a value and answers its placeholder. */
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** Longest wait for a new connection (a server that neither accepts nor refuses) before the statement fails. */
const CONNECT_TIMEOUT_MS = 10_000;

/** Advisory lock key (any constant) that serialises migrations of concurrently starting instances. */
const MIGRATION_LOCK = 7_245_001;

const quoteIdentifier = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/** Where the server is, without the password: for messages. */
const describeUrl = (url: URL): string => `${url.hostname || 'localhost'}:${url.port || 5432}${url.pathname}`;

/**
 * The connection pool every PostgreSQL adapter of one installation shares, and its schema's migrations. Each
 * pooled connection uses the installation's schema (search_path), so the adapters' SQL names bare tables.
 */
export class PostgresDatabase {
  private constructor(
    readonly pool: Pool,
    readonly schema: string,
    private readonly options: PostgresOptions,
  ) {}

  /** Connects once (so a bad URL, a refused connection or a wrong password fail at start, in one line) and returns the pool. */
  static async open(options: PostgresOptions): Promise<PostgresDatabase> {
    let url: URL;
    try {
      url = new URL(options.url);
    } catch {
      throw new PostgresConnectionError('DATABASE_URL is not a URL (expected postgres://user:password@host:5432/database)');
    }
    if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
      throw new PostgresConnectionError(`DATABASE_URL must start with postgres:// or postgresql://, not ${url.protocol}//`);
    }
    const schema = options.schema ?? 'marketplace';
    if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new PostgresConnectionError(`DATABASE_SCHEMA must be a lower-case SQL name (letters, digits, _), not "${schema}"`);
    // Every connection uses the installation's schema from its start-up packet (libpq's `options`), added to any
    // `options` the URL gives (node-postgres lets the URL's parameters override the pool's settings).
    const fromUrl = url.searchParams.get('options');
    url.searchParams.delete('options');
    const pool = new Pool({
      connectionString: url.toString(),
      options: [fromUrl, `-c search_path=${schema}`].filter(Boolean).join(' '),
      max: options.maxConnections ?? 10,
      statement_timeout: options.statementTimeoutMs ?? 30_000,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    // An idle connection that dies (server restart) is dropped by the pool; without a listener it would crash the process.
    pool.on('error', () => undefined);
    try {
      await pool.query('SELECT 1');
    } catch (error) {
      await pool.end().catch(() => undefined);
      throw new PostgresConnectionError(`PostgreSQL at ${describeUrl(url)}: ${(error as Error).message}`, error);
    }
    return new PostgresDatabase(pool, schema, options);
  }

  /**
   * Applies the migrations not yet recorded, in order, each with its record in one transaction. Instances that
   * start together take turns on an advisory lock, so each migration runs once.
   */
  async migrate(migrations: readonly Migration[]): Promise<void> {
    await this.transaction(async (c) => {
      await c.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      await c.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdentifier(this.schema)}`);
      await c.query('CREATE TABLE IF NOT EXISTS schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
      const applied = new Set((await c.query<{ id: string }>('SELECT id FROM schema_migrations')).rows.map((r) => r.id));
      for (const migration of migrations) {
        if (applied.has(migration.id)) continue;
        await c.query(migration.sql);
        await c.query('INSERT INTO schema_migrations (id) VALUES ($1)', [migration.id]);
      }
    });
  }

  async query<R extends QueryResultRow = QueryResultRow>(sql: string, params: unknown[] = []): Promise<R[]> {
    try {
      return (await this.pool.query<R>(sql, params)).rows;
    } catch (error) {
      throw asUnavailable(error);
    }
  }

  /**
   * Runs `work` in one transaction on one connection: committed when it resolves, rolled back when it throws. A
   * connection that broke is closed, not handed out again; one that breaks between two statements fails the next
   * (unheard, a checked-out client's `error` event would end the process).
   */
  async transaction<T>(work: (client: PoolClient, begun: QueryResultRow[]) => Promise<T>, ends: TransactionEnds<T> = {}): Promise<T> {
    const client = await this.pool.connect().catch((error: unknown) => Promise.reject(asUnavailable(error)));
    const broke = () => undefined;
    client.on('error', broke);
    let lost: Error | undefined;
    try {
      const begun: unknown = await client.query(ends.begin ? `BEGIN; ${ends.begin}` : 'BEGIN');
      // Several statements answer a result each: `work` gets the last one's rows.
      const result = await work(client, Array.isArray(begun) ? (begun.at(-1) as QueryResult).rows : []);
      const last = ends.beforeCommit?.(result);
      await client.query(last ? `${last}; COMMIT` : 'COMMIT');
      return result;
    } catch (error) {
      const failure = asUnavailable(error);
      if (failure instanceof PostgresUnavailableError && failure.connectionLost) lost = failure;
      else await client.query('ROLLBACK').catch(() => undefined);
      throw failure;
    } finally {
      client.removeListener('error', broke);
      client.release(lost);
    }
  }

  /**
   * A connection of its own that LISTENs on `channel` (a pooled one would be handed to others): `onNotify` runs
   * for each NOTIFY, with its payload. A lost connection is reported through `onError`; the caller's polling covers the gap.
   */
  async listen(channel: string, onNotify: (payload: string | undefined) => void, onError: (error: Error) => void): Promise<{ close(): Promise<void> }> {
    const client = await this.dedicatedConnection(onError);
    client.on('notification', (message) => onNotify(message.payload));
    await client.query(`LISTEN ${quoteIdentifier(channel)}`);
    return { close: () => client.end().catch(() => undefined) };
  }

  /**
   * A connected client outside the pool, for what lives as long as a session does (LISTEN, session advisory locks);
   * TCP keep-alive on, so a peer that vanished is noticed. Its loss is reported through `onError`.
   */
  async dedicatedConnection(onError: (error: Error) => void): Promise<Client> {
    const client = new Client({ connectionString: this.options.url, keepAlive: true, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    client.on('error', onError);
    try {
      await client.connect();
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    return client;
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
