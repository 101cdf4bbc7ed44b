import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * One throwaway PostgreSQL cluster per jest run (jest `globalSetup` / `globalTeardown`), so the PostgreSQL
 * contract suites run on any machine with the Debian binaries and no server set up. With DATABASE_URL set, that
 * server is used instead (each suite still makes a database of its own: test/support/postgres.ts). The URL the
 * suites use goes to the workers through POSTGRES_TEST_URL (workers start after globalSetup and inherit its env).
 */
export const TEST_URL_VARIABLE = 'POSTGRES_TEST_URL';

const STATE_VARIABLE = 'POSTGRES_TEST_CLUSTER_DIR';

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

/** PostgreSQL refuses to run as root: as root, its tools run as the `postgres` user Debian's package creates. */
const runAsOwner = (command: string, args: string[]): void => {
  const asRoot = process.getuid?.() === 0;
  const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  execFileSync(file, argv, { stdio: ['ignore', 'ignore', 'pipe'] });
};

const postgresUid = (): { uid: number; gid: number } => {
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  return { uid, gid };
};

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Clusters left by runs that were killed before their teardown (their jest process is gone): stopped and removed. */
const removeOrphans = (bin: string): void => {
  for (const name of readdirSync(tmpdir()).filter((n) => n.startsWith('pg-test-cluster-'))) {
    const dir = join(tmpdir(), name);
    const owner = Number(existsSync(join(dir, 'owner.pid')) ? readFileSync(join(dir, 'owner.pid'), 'utf8') : NaN);
    if (Number.isFinite(owner) && isAlive(owner)) continue;
    try {
      runAsOwner(join(bin, 'pg_ctl'), ['stop', '-D', join(dir, 'data'), '-m', 'immediate', '-w']);
    } catch {
      /* not running */
    }
    rmSync(dir, { recursive: true, force: true });
  }
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
  removeOrphans(bin);
  const dir = mkdtempSync(join(tmpdir(), 'pg-test-cluster-'));
  writeFileSync(join(dir, 'owner.pid'), String(process.pid));
  if (process.getuid?.() === 0) {
    const { uid, gid } = postgresUid();
    chownSync(dir, uid, gid);
  }
  chmodSync(dir, 0o700);
  const data = join(dir, 'data');
  const port = await freePort();
  // C collation: text compares byte-wise, as SQLite's BINARY does (the adapters say COLLATE "C" where order matters).
  runAsOwner(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  // synchronous_commit=off: a throwaway cluster needs no flush per commit (the suites run twice as many appends
  // as they would embedded); fsync stays on, and the adapters' SQL is the same.
  const options = `-k ${dir} -p ${port} -c listen_addresses=127.0.0.1 -c max_connections=300 -c shared_buffers=64MB -c synchronous_commit=off`;
  runAsOwner(join(bin, 'pg_ctl'), ['start', '-w', '-t', '60', '-D', data, '-l', join(dir, 'server.log'), '-o', options]);
  process.env[STATE_VARIABLE] = dir;
  process.env[TEST_URL_VARIABLE] = `postgres://postgres@127.0.0.1:${port}/postgres`;
};

export const stopTestCluster = async (): Promise<void> => {
  const dir = process.env[STATE_VARIABLE];
  const bin = postgresBinaries();
  if (!dir || !bin) return;
  try {
    runAsOwner(join(bin, 'pg_ctl'), ['stop', '-D', join(dir, 'data'), '-m', 'immediate', '-w']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};
