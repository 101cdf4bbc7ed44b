import { PostgresCluster, postgresBinaries, startPostgresCluster, stopPostgresCluster } from '../../bench/kit/postgres-cluster';

/**
 * One throwaway PostgreSQL cluster per jest run (jest `globalSetup` / `globalTeardown`), so the PostgreSQL
 * contract suites run on any machine with the Debian binaries and no server set up. With DATABASE_URL set, that
 * server is used instead (each suite still makes a database of its own: test/support/postgres.ts). The URL the
 * suites use goes to the workers through POSTGRES_TEST_URL (workers start after globalSetup and inherit its env).
 * A suite that must stop and start its database (test/postgres-outage.e2e.spec.ts) starts a cluster of its own.
 * The cluster itself is bench/kit/postgres-cluster.ts, shared with `BENCH_STORES=postgres`.
 */
export const TEST_URL_VARIABLE = 'POSTGRES_TEST_URL';

const STATE_VARIABLE = 'POSTGRES_TEST_CLUSTER_DIR';

export { postgresBinaries };

/** A cluster in a folder of its own, on a free port of 127.0.0.1, trusting local logins; it can be stopped and started. */
export type ThrowawayCluster = PostgresCluster;

/**
 * Makes and starts a test cluster (initdb, then pg_ctl start); `bin` is `postgresBinaries()`. synchronous_commit=off:
 * a throwaway cluster needs no flush per commit (the suites run twice as many appends as they would embedded);
 * fsync stays on, and the adapters' SQL is the same.
 */
export const startThrowawayCluster = (bin: string): Promise<ThrowawayCluster> =>
  startPostgresCluster(bin, { prefix: 'pg-test-cluster-', settings: { max_connections: 300, shared_buffers: '64MB', synchronous_commit: 'off' } });

export const startTestCluster = async (): Promise<void> => {
  if (process.env.DATABASE_URL) {
    process.env[TEST_URL_VARIABLE] = process.env.DATABASE_URL;
    return;
  }
  const bin = postgresBinaries();
  if (!bin) {
    console.warn('\n*** PostgreSQL: no DATABASE_URL and no /usr/lib/postgresql/*/bin/initdb: the PostgreSQL test cases SKIP ***\n');
    return;
  }
  const cluster = await startThrowawayCluster(bin);
  process.env[STATE_VARIABLE] = cluster.dir;
  process.env[TEST_URL_VARIABLE] = cluster.url;
};

export const stopTestCluster = async (): Promise<void> => {
  const dir = process.env[STATE_VARIABLE];
  const bin = postgresBinaries();
  if (!dir || !bin) return;
  await stopPostgresCluster(bin, dir);
};
