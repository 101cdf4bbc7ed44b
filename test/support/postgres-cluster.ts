import { execFile } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/**
 * One throwaway PostgreSQL cluster per jest run (jest `globalSetup` / `globalTeardown`), so the PostgreSQL
 * contract suites run on any machine with the Debian binaries and no server set up. With DATABASE_URL set, that
 * server is used instead (each suite still makes a database of its own: test/support/postgres.ts). The URL the
 * suites use goes to the workers through POSTGRES_TEST_URL (workers start after globalSetup and inherit its env).
 * A suite that must stop and start its database (test/postgres-restart.e2e.spec.ts) starts a cluster of its own.
 */
export const TEST_URL_VARIABLE = 'POSTGRES_TEST_URL';

const STATE_VARIABLE = 'POSTGRES_TEST_CLUSTER_DIR';

const run = promisify(execFile);

/** The newest installed version's bin folder (`/usr/lib/postgresql/<version>/bin`), or null. */
export const postgresBinaries = (root = '/usr/lib/postgresql'): string | null => {
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length > 0 ? join(root, versions[0], 'bin') : null;
};

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/**
 * PostgreSQL refuses to run as root: as root, its tools run as the `postgres` user Debian's package creates.
 * Asynchronous, so a server in the test's own process goes on answering while its database stops or starts.
 */
const runAsOwner = async (command: string, args: string[]): Promise<void> => {
  const asRoot = process.getuid?.() === 0;
  const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  await run(file, argv);
};

const postgresUid = async (): Promise<{ uid: number; gid: number }> => ({
  uid: Number((await run('id', ['-u', 'postgres'])).stdout.trim()),
  gid: Number((await run('id', ['-g', 'postgres'])).stdout.trim()),
});

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const CLUSTER_PREFIX = 'pg-test-cluster-';

/** Clusters left by runs that were killed before their teardown (their jest process is gone): stopped and removed. */
const removeOrphans = async (bin: string): Promise<void> => {
  for (const name of readdirSync(tmpdir()).filter((n) => n.startsWith(CLUSTER_PREFIX))) {
    const dir = join(tmpdir(), name);
    const owner = Number(existsSync(join(dir, 'owner.pid')) ? readFileSync(join(dir, 'owner.pid'), 'utf8') : NaN);
    if (Number.isFinite(owner) && isAlive(owner)) continue;
    await stopCluster(bin, dir, 'immediate').catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
};

const stopCluster = (bin: string, dir: string, mode: 'fast' | 'immediate'): Promise<void> =>
  runAsOwner(join(bin, 'pg_ctl'), ['stop', '-D', join(dir, 'data'), '-m', mode, '-w']);

/** A cluster in a folder of its own under the temporary folder, on a free port of 127.0.0.1, trusting local logins. */
export interface ThrowawayCluster {
  /** The `postgres` database as the `postgres` superuser. */
  url: string;
  dir: string;
  /** `pg_ctl start`, resolved once it accepts connections (on the same port as before). */
  start(): Promise<void>;
  /** `pg_ctl stop -m <mode>`, resolved once it is down: `fast` ends every session (what an operator's restart does). */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Stops it at once and deletes its folder. */
  remove(): Promise<void>;
}

/** Makes and starts a cluster (initdb, then pg_ctl start); `bin` is `postgresBinaries()`. */
export const startThrowawayCluster = async (bin: string): Promise<ThrowawayCluster> => {
  await removeOrphans(bin);
  const dir = mkdtempSync(join(tmpdir(), CLUSTER_PREFIX));
  // The run that owns it: a later run removes it only once this process is gone.
  writeFileSync(join(dir, 'owner.pid'), String(process.pid));
  if (process.getuid?.() === 0) {
    const { uid, gid } = await postgresUid();
    chownSync(dir, uid, gid);
  }
  chmodSync(dir, 0o700);
  const data = join(dir, 'data');
  const port = await freePort();
  // C collation: text compares byte-wise, as SQLite's BINARY does (the adapters say COLLATE "C" where order matters).
  await runAsOwner(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  // synchronous_commit=off: a throwaway cluster needs no flush per commit (the suites run twice as many appends
  // as they would embedded); fsync stays on, and the adapters' SQL is the same.
  const options = `-k ${dir} -p ${port} -c listen_addresses=127.0.0.1 -c max_connections=300 -c shared_buffers=64MB -c synchronous_commit=off`;
  const start = () => runAsOwner(join(bin, 'pg_ctl'), ['start', '-w', '-t', '60', '-D', data, '-l', join(dir, 'server.log'), '-o', options]);
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    dir,
    start,
    stop: (mode = 'fast') => stopCluster(bin, dir, mode),
    remove: async () => {
      // A test may have left it stopped.
      await stopCluster(bin, dir, 'immediate').catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
};

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
  try {
    await stopCluster(bin, dir, 'immediate');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};
