import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DevCredentials } from '../../src/dev-marketplace';
import { ChildHandle, freePort, makeTempDir, removeTempDir, spawnNode, waitForHttp } from './processes';
import { BenchStore, StoreLocation, storeEnv } from './stores';

/** dist/bench/kit → dist */
const DIST = join(__dirname, '..', '..');
const SERVER_MAIN = join(DIST, 'src', 'main.js');
const BASELINE_MAIN = join(DIST, 'bench', 'baseline-server.js');

export interface ServerProcess extends StoreLocation {
  baseUrl: string;
  store: BenchStore;
  /** The development marketplace the server bootstrapped (or found) in its data folder. */
  credentials: DevCredentials;
  child: ChildHandle;
  /** Graceful stop (SIGTERM: the server closes its stores), so the data folder can be reopened. */
  stop(): Promise<void>;
}

export interface ServerOptions {
  /** Reuse a data folder (a restart over seeded data); default: a new temp folder. */
  dataDir?: string;
  /** Every store on PostgreSQL in this database (BENCH_STORES=postgres); default: embedded in the data folder. */
  databaseUrl?: string | null;
  /** Extra environment. */
  env?: Record<string, string>;
}

/**
 * Starts our server as its own process (`node dist/src/main.js`) over an embedded store with durable commits
 * (SQLITE_SYNCHRONOUS=FULL), or over `options.databaseUrl` (every store on PostgreSQL), with the request log off,
 * then reads the dev marketplace's credentials. Store URLs and rate limits from the runner's environment are not
 * passed on: benches measure the stores they ask for, without limits, unless `options.env` asks otherwise.
 */
export const startServer = async (options: ServerOptions = {}): Promise<ServerProcess> => {
  const dataDir = options.dataDir ?? makeTempDir('server');
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ['EVENTSTORE_URL', 'ELASTICSEARCH_URL', 'DATABASE_URL', 'DATABASE_SCHEMA', 'TOKEN_SECRET', 'ACCESS_TOKEN_TTL_SECONDS', 'PUBLIC_BASE_URL'])
    delete env[key];
  const at: StoreLocation = { dataDir, databaseUrl: options.databaseUrl ?? null };
  const baseUrl = `http://127.0.0.1:${port}`;
  Object.assign(env, {
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SQLITE_SYNCHRONOUS: 'FULL',
    BOOTSTRAP_DEV_MARKETPLACE: 'true',
    // Rate limits would turn a load into 429s: benches measure the server, not its limiter, unless asked.
    RATE_LIMITS: 'off',
    ...storeEnv(at),
    // Required with DATABASE_URL: links must not follow the Host header.
    ...(at.databaseUrl ? { PUBLIC_BASE_URL: baseUrl } : {}),
    ...options.env,
  });
  const child = spawnNode('server', SERVER_MAIN, env);
  await waitForHttp(child, baseUrl);
  // main.ts makes the development marketplace and writes this file before it listens, so it is there once the port answers.
  const credentials = JSON.parse(readFileSync(join(dataDir, 'dev-credentials.json'), 'utf8')) as DevCredentials;
  return { baseUrl, ...at, store: at.databaseUrl ? 'postgres' : 'embedded', credentials, child, stop: () => child.stop() };
};

/** A route of the bare Fastify baseline: answers `body` to every request (POST bodies are parsed first). */
export interface BaselineRoute {
  method: 'GET' | 'POST';
  path: string;
  body: string;
  /** Default: the Transit content type our server answers with. */
  contentType?: string;
}

export interface BaselineProcess {
  baseUrl: string;
  child: ChildHandle;
  stop(): Promise<void>;
}

/**
 * Starts bench/baseline-server.ts as its own process with the given routes (handed over in a file: a response
 * body can be larger than the 128 KiB an environment variable may hold).
 */
export const startBaseline = async (routes: BaselineRoute[]): Promise<BaselineProcess> => {
  const port = await freePort();
  const dir = makeTempDir('baseline');
  const routesFile = join(dir, 'routes.json');
  writeFileSync(routesFile, JSON.stringify(routes));
  const child = spawnNode('baseline', BASELINE_MAIN, {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    BASELINE_ROUTES_FILE: routesFile,
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHttp(child, baseUrl);
  return {
    baseUrl,
    child,
    stop: async () => {
      await child.stop();
      removeTempDir(dir);
    },
  };
};
