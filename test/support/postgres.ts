import { PostgresDatabase } from '../../src/infrastructure/postgres-database';
import { TEST_URL_VARIABLE } from './postgres-cluster';
import { freshDatabase } from '../../bench/kit/postgres-cluster';

/**
 * The server the PostgreSQL cases run on: the jest run's throwaway cluster or DATABASE_URL
 * (test/support/postgres-cluster.ts); undefined when there is neither, and the cases skip.
 */
export const postgresTestUrl = (): string | undefined => process.env[TEST_URL_VARIABLE];

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A fresh database of its own for a suite (or a test server), so suites run in parallel without sharing state.
 * Dropped with FORCE: a pool the test forgot to close must not keep it.
 */
export const freshPostgresDatabase = async (label: string): Promise<TestDatabase> => {
  const admin = postgresTestUrl();
  if (!admin) throw new Error('No PostgreSQL for tests (DATABASE_URL or the binaries); guard with postgresTestUrl()');
  return freshDatabase(admin, `t_${label}`);
};

/**
 * True when the PostgreSQL runner of a suite can run; otherwise declares one skipped case saying why and answers
 * false (`if (skipWithoutPostgres(title)) contract('PostgreSQL', …)`).
 */
export const skipWithoutPostgres = (title: string): boolean => {
  if (postgresTestUrl()) return true;
  describe.skip(`${title} (skipped: no DATABASE_URL and no PostgreSQL binaries in /usr/lib/postgresql/*/bin)`, () => {
    it('runs on PostgreSQL', () => undefined);
  });
  return false;
};

/** A contract fixture: a store opened over a fresh database of its own, closed and dropped by its cleanup. */
export const onFreshPostgres =
  <S extends { close(): Promise<void> }>(label: string, open: (db: PostgresDatabase) => Promise<S>) =>
  async (): Promise<{ store: S; db: PostgresDatabase; url: string; cleanup: () => Promise<void> }> => {
    const database = await freshPostgresDatabase(label);
    const db = await PostgresDatabase.open({ url: database.url });
    const store = await open(db);
    return {
      store,
      db,
      url: database.url,
      cleanup: async () => {
        await store.close();
        await db.close();
        await database.drop();
      },
    };
  };

/**
 * Whether `table` of the database's schema has statistics of its own ANALYZE (not autovacuum's) within about five
 * seconds: what a store's background refresh (src/infrastructure/postgres-table-statistics.ts) leaves.
 */
export const analyzedSoon = async (db: PostgresDatabase, table: string): Promise<boolean> => {
  const analyzed = async () =>
    (await db.query<{ n: string }>('SELECT count(*) AS n FROM pg_stat_user_tables WHERE schemaname = $1 AND relname = $2 AND last_analyze IS NOT NULL', [db.schema, table]))[0].n === '1';
  for (let i = 0; i < 100; i += 1) {
    if (await analyzed()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return analyzed();
};
