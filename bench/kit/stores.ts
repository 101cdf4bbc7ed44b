import { tmpdir } from 'node:os';
import { loadConfig, type Config } from '../../src/config';
import { freshDatabase, postgresBinaries, startPostgresCluster, stopPostgresClusterSync } from './postgres-cluster';

/**
 * Which stores a bench run measures: `BENCH_STORES=embedded,postgres` (default `embedded`, so a clean clone needs
 * no PostgreSQL). With `postgres`, the run uses DATABASE_URL's server when it is set, else starts a throwaway
 * cluster of its own (bench/kit/postgres-cluster.ts) once, on the first server that asks; every server (or seed)
 * gets a fresh database. Sections that measure the stores run once per store; the others run embedded only.
 */
export type BenchStore = 'embedded' | 'postgres';

const STORES: readonly BenchStore[] = ['embedded', 'postgres'];

export const benchStores = (value = process.env.BENCH_STORES): BenchStore[] => {
  const asked = (value ?? 'embedded')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  const unknown = asked.filter((s) => !STORES.includes(s as BenchStore));
  if (unknown.length > 0 || asked.length === 0) throw new Error(`BENCH_STORES: expected a list of ${STORES.join(', ')}; got "${value}"`);
  return STORES.filter((s) => asked.includes(s));
};

/** Fails before any section runs when PostgreSQL is asked for and there is none to use. */
export const checkStores = (stores: readonly BenchStore[]): void => {
  if (stores.includes('postgres') && !process.env.DATABASE_URL && !postgresBinaries())
    throw new Error('BENCH_STORES asks for postgres, but DATABASE_URL is not set and no /usr/lib/postgresql/*/bin/initdb is installed (apt-get install postgresql)');
};

/**
 * The bench cluster's settings: durable commits (synchronous_commit on, fsync on), as the embedded store's
 * SQLITE_SYNCHRONOUS=FULL; a buffer cache that holds the 1M-event log's hot pages, as a production server would.
 */
const BENCH_SETTINGS = { max_connections: 200, shared_buffers: '512MB', max_wal_size: '4GB', checkpoint_timeout: '15min' };

let admin: Promise<string> | null = null;

/** A superuser's URL: DATABASE_URL, or the run's own cluster (started on first use, stopped when the process exits). */
const adminUrl = (): Promise<string> => {
  if (process.env.DATABASE_URL) return Promise.resolve(process.env.DATABASE_URL);
  admin ??= (async () => {
    const bin = postgresBinaries();
    if (!bin) throw new Error('no PostgreSQL binaries (see checkStores)');
    // Under BENCH_TMPDIR like the data folders (its disk is the one measured). Not one of the run's temp folders,
    // which are removed at exit before this cluster would be stopped: stopping it removes its folder.
    const parent = process.env.BENCH_TMPDIR ?? tmpdir();
    const cluster = await startPostgresCluster(bin, { prefix: 'pg-bench-cluster-', parent, settings: BENCH_SETTINGS });
    process.once('exit', () => stopPostgresClusterSync(bin, cluster.dir));
    console.error(`bench: PostgreSQL cluster at ${cluster.url} (${bin})`);
    return cluster.url;
  })();
  return admin;
};

/** A fresh database for one server or seed; dropped by the caller (or with the cluster). */
export const benchDatabase = async (label: string) => freshDatabase(await adminUrl(), `bench_${label}`);

/** What a bench process needs to open the same stores as a server: its data folder, and its database on PostgreSQL. */
export interface StoreLocation {
  dataDir: string;
  /** null: embedded. */
  databaseUrl: string | null;
}

/** A secret shared by every server and seed of the run: PostgreSQL installations require TOKEN_SECRET. */
export const BENCH_TOKEN_SECRET = 'bench-token-secret-of-at-least-32-characters-long';

/** The environment a server or CLI process gets for a location (the embedded one sets nothing). */
export const storeEnv = (at: StoreLocation): Record<string, string> =>
  at.databaseUrl ? { DATABASE_URL: at.databaseUrl, TOKEN_SECRET: BENCH_TOKEN_SECRET } : {};

/** The configuration openInfrastructure needs to seed a location in process. */
export const storeConfig = (at: StoreLocation, overrides: Partial<Config> = {}): Config =>
  loadConfig(at.databaseUrl ? { DATABASE_URL: at.databaseUrl, TOKEN_SECRET: BENCH_TOKEN_SECRET } : {}, { dataDir: at.dataDir, ...overrides });
