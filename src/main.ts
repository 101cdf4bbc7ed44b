import 'reflect-metadata';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { mkdirSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { deploymentProblems, loadConfig, startProblem, startSettingsOf, StartupRefusal, type StartSettings } from './config';
import { describeCredentials, ensureDevMarketplace } from './dev-marketplace';
import { Infrastructure, openInfrastructure } from './infrastructure/composition-root';
import { createServer, startServerBackground } from './server';
import { holdServerLock, runningServer, ServerLockHeld } from './server-lock';
import { emulatorClockOf } from './payments/emulator/emulator-clock';
import { systemClock } from './shared/clock';
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
  let infra: Infrastructure | null = null;
  let app: NestFastifyApplication | null = null;
  const starting = (async () => {
    const config = loadConfig();
    infra = await openInfrastructure(config);
    // Real time, moved ahead by `emulator clock advance` (kept in the log, so a restart keeps the offset).
    const clock = await emulatorClockOf(infra.runner, systemClock);
    // The bootstrap runs before the reactors and the scheduler: over a long log their catch-up would hold it up.
    app = await createServer(infra, { logger: true, clock, background: false });
    const credentials = await ensureDevMarketplace(app, config, infra);
    await startServerBackground(app, infra, clock);
    try {
      await app.listen({ port: config.port, host: config.host });
    } catch (error) {
      throw new StartRefused(portProblem((error as NodeJS.ErrnoException).code ?? 'unknown', settings));
    }
    const baseUrl = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`;
    const stores = config.databaseUrl
      ? `PostgreSQL (schema ${config.databaseSchema}) log and read models`
      : `${config.eventStoreUrl ? 'KurrentDB' : `SQLite (${config.dataDir})`} log, ${config.elasticsearchUrl ? 'Elasticsearch' : 'SQLite'} read models`;
    console.log(`\nMarketplace server listening on ${baseUrl} — ${stores}`);
    if (credentials) console.log(`\n${describeCredentials(credentials, baseUrl)}\n`);
    console.log(consoleBannerOf(await app.get(OperatorAccounts).list(), baseUrl, process.env.DATA_DIR ? config.dataDir : null));
  })();
  const close = async () => {
    await (app as NestFastifyApplication | null)?.close();
    await (infra as Infrastructure | null)?.close();
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
