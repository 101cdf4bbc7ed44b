import 'reflect-metadata';
import { mkdirSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { deploymentProblems, loadConfig, startProblem, startSettingsOf, StartupRefusal, type StartSettings } from './config';
import { describeCredentials, ensureDevMarketplace } from './dev-marketplace';
import { snapshotControls } from './emulator-snapshots/http/snapshot-controls';
import { HttpListener } from './http/http-listener';
import { ServedApplication } from './served-application';
import { holdServerLock, runningServer, ServerLockHeld } from './server-lock';
import { consoleBannerOf, OperatorAccounts } from './operators/operator-accounts';

/** A start that cannot go on: one line on stderr, exit 1. */
class StartRefused extends Error {}

const portProblem = (code: string, { host, port }: StartSettings): string => {
  const why = code === 'EADDRINUSE' ? 'is already in use' : code === 'EACCES' ? 'needs privileges this process lacks' : `cannot be had (${code})`;
  return `Cannot listen on ${host}:${port}: the port ${why}. Set PORT (and HOST) to another, e.g. PORT=${port + 1}.`;
};

/** Whether the port can be had, asked before anything is written (the real listen comes after the bootstrap). */
const refuseUnlessListenable = async (settings: StartSettings): Promise<void> => {
  const code = await new Promise<string | null>((resolve) => {
    const probe = createNetServer();
    probe.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'unknown'));
    probe.listen({ port: settings.port, host: settings.host, exclusive: true }, () => probe.close(() => resolve(null)));
  });
  if (code !== null) throw new StartRefused(portProblem(code, settings));
};

/**
 * Starts the server. Everything that can refuse a start (settings, another server over the folder, the port) is
 * checked before anything is written. The development marketplace is made before the port is listened on, so
 * whatever answers (`/health/ready` included) serves the marketplace the banner announces. SIGINT and SIGTERM at
 * any instant stop cleanly: they wait for the start to finish or fail, close the HTTP server and the stores,
 * remove the lock, and exit 0.
 */
const main = async (): Promise<void> => {
  const settings = startSettingsOf(process.env);
  // A placeholder secret: reading the settings must not create the token-secret file before the checks pass.
  const problem = startProblem(settings) ?? deploymentProblems(loadConfig(process.env, { tokenSecret: 'not-read-here' }))[0] ?? null;
  if (problem) throw new StartRefused(problem);
  const holder = runningServer(settings.dataDir);
  if (holder !== null) throw new ServerLockHeld(holder, settings.dataDir);
  await refuseUnlessListenable(settings);
  // Everything this server writes (the store, secrets, the outbox) is for its owner only.
  process.umask(0o077);
  mkdirSync(settings.dataDir, { recursive: true, mode: 0o700 });
  const releaseLock = holdServerLock(settings.dataDir);
  let served: ServedApplication | null = null;
  const config = loadConfig();
  // The listener owns the port; the application behind it can be replaced (an emulator snapshot's restore).
  const listener = new HttpListener();
  listener.front = snapshotControls(config, listener, () => served!);
  const starting = (async () => {
    served = await ServedApplication.open(config, listener);
    const credentials = await ensureDevMarketplace(served.app, config, served.infra);
    await served.serve();
    try {
      await listener.listen(config.port, config.host);
    } catch (error) {
      throw new StartRefused(portProblem((error as NodeJS.ErrnoException).code ?? 'unknown', settings));
    }
    const baseUrl = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`;
    const stores = config.databaseUrl
      ? `PostgreSQL (schema ${config.databaseSchema}) log and read models`
      : `${config.eventStoreUrl ? 'KurrentDB' : `SQLite (${config.dataDir})`} log, ${config.elasticsearchUrl ? 'Elasticsearch' : 'SQLite'} read models`;
    console.log(`\nMarketplace server listening on ${baseUrl} — ${stores}`);
    if (credentials) console.log(`\n${describeCredentials(credentials, baseUrl)}\n`);
    console.log(consoleBannerOf(await served.app.get(OperatorAccounts).list(), baseUrl, process.env.DATA_DIR ? config.dataDir : null));
  })();
  const close = async () => {
    // A snapshot being restored finishes first: the application it opens is the one to close.
    await listener.exclusive(async () => undefined).catch(() => undefined);
    const listenerClosed = listener.close();
    await (served as ServedApplication | null)?.close();
    await listenerClosed;
    releaseLock();
  };
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await starting.catch(() => undefined);
    await close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
  try {
    await starting;
  } catch (error) {
    if (stopping) return; // stop() closes and exits
    await close().catch(() => undefined);
    throw error;
  }
};

main().catch((error: unknown) => {
  // A refused start (settings, the folder, the port; a mix of stores, a database that cannot be reached): one line.
  if (error instanceof StartupRefusal) console.error(`Cannot start: ${error.message}`);
  else console.error(error instanceof StartRefused || error instanceof ServerLockHeld ? error.message : error);
  process.exit(1);
});
