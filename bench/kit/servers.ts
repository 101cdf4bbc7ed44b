import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DevCredentials } from '../../src/dev-marketplace';
import { ChildHandle, freePort, makeTempDir, removeTempDir, spawnNode, waitForHttp } from './processes';

/** dist/bench/kit → dist */
const DIST = join(__dirname, '..', '..');
const SERVER_MAIN = join(DIST, 'src', 'main.js');
const BASELINE_MAIN = join(DIST, 'bench', 'baseline-server.js');

export interface ServerProcess {
  baseUrl: string;
  dataDir: string;
  /** The development marketplace the server bootstrapped (or found) in its data folder. */
  credentials: DevCredentials;
  child: ChildHandle;
  /** Graceful stop (SIGTERM: the server closes its stores), so the data folder can be reopened. */
  stop(): Promise<void>;
}

export interface ServerOptions {
  /** Reuse a data folder (a restart over seeded data); default: a new temp folder. */
  dataDir?: string;
  /** Extra environment, e.g. `EVENTSTORE_URL` to bench the production stores. */
  env?: Record<string, string>;
}

/**
 * Starts our server as its own process (`node dist/src/main.js`) over an embedded store with durable commits
 * (SQLITE_SYNCHRONOUS=FULL) and the request log off, then reads the dev marketplace's credentials.
 * Store URLs and rate limits from the runner's environment are not passed on: benches measure the embedded mode,
 * without limits, unless `options.env` asks otherwise.
 */
export const startServer = async (options: ServerOptions = {}): Promise<ServerProcess> => {
  const dataDir = options.dataDir ?? makeTempDir('server');
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ['EVENTSTORE_URL', 'ELASTICSEARCH_URL', 'TOKEN_SECRET', 'ACCESS_TOKEN_TTL_SECONDS']) delete env[key];
  Object.assign(env, {
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SQLITE_SYNCHRONOUS: 'FULL',
    BOOTSTRAP_DEV_MARKETPLACE: 'true',
    // Rate limits would turn a load into 429s: benches measure the server, not its limiter, unless asked.
    RATE_LIMITS: 'off',
    ...options.env,
  });
  const child = spawnNode('server', SERVER_MAIN, env);
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHttp(child, baseUrl);
  // main.ts makes the development marketplace and writes this file before it listens, so it is there once the port answers.
  const credentials = JSON.parse(readFileSync(join(dataDir, 'dev-credentials.json'), 'utf8')) as DevCredentials;
  return { baseUrl, dataDir, credentials, child, stop: () => child.stop() };
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
