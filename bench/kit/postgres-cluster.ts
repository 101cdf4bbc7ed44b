import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { freePort } from './processes';

/**
 * A throwaway PostgreSQL cluster (initdb + pg_ctl from Debian's binaries), for the jest run's PostgreSQL cases
 * (test/support/postgres-cluster.ts) and for `BENCH_STORES=postgres` (bench/kit/stores.ts). Here, not under test/,
 * because the build (tsconfig.build.json) compiles bench but not test. Each cluster lives in a temp folder named
 * `<prefix>…` with the pid of the process that owns it; a later start removes clusters whose owner is gone.
 */

/** The newest installed version's bin folder (`/usr/lib/postgresql/<version>/bin`), or null. */
export const postgresBinaries = (root = '/usr/lib/postgresql'): string | null => {
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length > 0 ? join(root, versions[0], 'bin') : null;
};

const run = promisify(execFile);

/**
 * PostgreSQL refuses to run as root: as root, its tools run as the `postgres` user Debian's package creates.
 * Asynchronous, so a server in the caller's own process goes on answering while its database stops or starts.
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

const stopData = (bin: string, dir: string, mode: 'fast' | 'immediate' = 'immediate'): Promise<void> =>
  runAsOwner(join(bin, 'pg_ctl'), ['stop', '-D', join(dir, 'data'), '-m', mode, '-w']);

/** Clusters under `parent` named `<prefix>…` left by processes that were killed before they stopped them: stopped and removed. */
const removeOrphans = async (bin: string, parent: string, prefix: string): Promise<void> => {
  for (const name of readdirSync(parent).filter((n) => n.startsWith(prefix))) {
    const dir = join(parent, name);
    const owner = Number(existsSync(join(dir, 'owner.pid')) ? readFileSync(join(dir, 'owner.pid'), 'utf8') : NaN);
    if (Number.isFinite(owner) && isAlive(owner)) continue;
    await stopData(bin, dir).catch(() => undefined); // not running
    rmSync(dir, { recursive: true, force: true });
  }
};

export interface ClusterOptions {
  /** Folder name prefix (`pg-test-cluster-`): orphans are found by it. */
  prefix: string;
  /** Where the folder goes (default: the OS temp folder). */
  parent?: string;
  /** Server settings, `-c name=value` each (beyond the port, socket folder and listen address). */
  settings?: Record<string, string | number>;
}

export interface PostgresCluster {
  /** Its folder: data/, server.log, owner.pid. */
  dir: string;
  /** The superuser's URL on the `postgres` database. */
  url: string;
  /** `pg_ctl start`, resolved once it accepts connections (on the same port as before). */
  start(): Promise<void>;
  /** `pg_ctl stop -m <mode>`, resolved once it is down: `fast` ends every session (what an operator's restart does). */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Stops it at once and deletes its folder. */
  remove(): Promise<void>;
}

/** Starts a cluster of its own (C collation, trust authentication on 127.0.0.1) and answers its URL. */
export const startPostgresCluster = async (bin: string, options: ClusterOptions): Promise<PostgresCluster> => {
  const parent = options.parent ?? tmpdir();
  await removeOrphans(bin, parent, options.prefix);
  const dir = mkdtempSync(join(parent, options.prefix));
  writeFileSync(join(dir, 'owner.pid'), String(process.pid));
  if (process.getuid?.() === 0) {
    const { uid, gid } = await postgresUid();
    chownSync(dir, uid, gid);
  }
  chmodSync(dir, 0o700);
  const data = join(dir, 'data');
  const port = await freePort();
  const settings = Object.entries({ listen_addresses: '127.0.0.1', ...options.settings }).map(([k, v]) => `-c ${k}=${v}`);
  const serverOptions = [`-k ${dir}`, `-p ${port}`, ...settings].join(' ');
  const start = () => runAsOwner(join(bin, 'pg_ctl'), ['start', '-w', '-t', '60', '-D', data, '-l', join(dir, 'server.log'), '-o', serverOptions]);
  try {
    // C collation: text compares byte-wise, as SQLite's BINARY does (the adapters say COLLATE "C" where order matters).
    await runAsOwner(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
    await start();
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    dir,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop: (mode = 'fast') => stopData(bin, dir, mode),
    remove: () => stopPostgresCluster(bin, dir),
  };
};

/** Stops the cluster at once (immediate: it is thrown away; a cluster left stopped is fine) and removes its folder. */
export const stopPostgresCluster = async (bin: string, dir: string): Promise<void> => {
  try {
    await stopData(bin, dir).catch(() => undefined);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

/** The same, synchronously: for a process's 'exit' handler, where nothing asynchronous runs any more. */
export const stopPostgresClusterSync = (bin: string, dir: string): void => {
  const asRoot = process.getuid?.() === 0;
  const args = ['stop', '-D', join(dir, 'data'), '-m', 'immediate', '-w'];
  const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, 'pg_ctl'), ...args]] : [join(bin, 'pg_ctl'), args];
  try {
    execFileSync(file, argv, { stdio: 'ignore' });
  } catch {
    /* not running */
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

const withAdmin = async <T>(url: string, work: (c: Client) => Promise<T>): Promise<T> => {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
};

export interface FreshDatabase {
  url: string;
  /** Dropped with FORCE: a pool someone forgot to close must not keep it. */
  drop(): Promise<void>;
}

/** A new database of its own on the server of `adminUrl` (a superuser's URL), named `<label>_<random>`. */
export const freshDatabase = async (adminUrl: string, label: string): Promise<FreshDatabase> => {
  const name = `${label.replace(/[^a-z0-9]/gi, '_').toLowerCase().slice(0, 40)}_${randomBytes(4).toString('hex')}`;
  await withAdmin(adminUrl, (c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: async () => void (await withAdmin(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))) };
};
