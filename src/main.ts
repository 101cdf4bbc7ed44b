import 'reflect-metadata';
import { createServer as createNetServer } from 'node:net';
import { loadConfig, StartupRefusal } from './config';
import { describeCredentials, ensureDevMarketplace } from './dev-marketplace';
import { openInfrastructure } from './infrastructure/composition-root';
import { createServer } from './server';
import { holdServerLock } from './server-lock';
import { emulatorClockOf } from './payments/emulator/emulator-clock';
import { systemClock } from './shared/clock';

/** One clear line and exit 1 when the port cannot be had, before any store is opened or credential written. */
const exitUnlessListenable = async (host: string, port: number): Promise<void> => {
  const code = await new Promise<string | null>((resolve) => {
    const probe = createNetServer();
    probe.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'unknown'));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(null)));
  });
  if (code === null) return;
  const why = code === 'EADDRINUSE' ? 'is already in use' : code === 'EACCES' ? 'needs privileges this process lacks' : `cannot be had (${code})`;
  console.error(`Cannot listen on ${host}:${port}: the port ${why}. Set PORT (and HOST) to another, e.g. PORT=${port + 1}.`);
  process.exit(1);
};

const main = async (): Promise<void> => {
  const config = loadConfig();
  await exitUnlessListenable(config.host, config.port);
  const infra = await openInfrastructure(config);
  // Real time, moved ahead by `emulator clock advance` (kept in the log, so a restart keeps the offset).
  const clock = await emulatorClockOf(infra.runner, systemClock);
  const app = await createServer(infra, { logger: true, clock });
  await app.listen({ port: config.port, host: config.host });
  const releaseLock = holdServerLock(config.dataDir);
  const credentials = await ensureDevMarketplace(app, config);
  const baseUrl = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`;
  const stores = config.databaseUrl
    ? `PostgreSQL (schema ${config.databaseSchema}) log and read models`
    : `${config.eventStoreUrl ? 'KurrentDB' : `SQLite (${config.dataDir})`} log, ${config.elasticsearchUrl ? 'Elasticsearch' : 'SQLite'} read models`;
  console.log(`\nMarketplace server listening on ${baseUrl} — ${stores}`);
  if (credentials) console.log(`\n${describeCredentials(credentials, baseUrl)}\n`);
  const stop = async () => {
    await app.close();
    await infra.close();
    releaseLock();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
};

main().catch((error) => {
  // A refused configuration (a mix of stores, a database that cannot be reached) is said in one line.
  console.error(error instanceof StartupRefusal ? `Cannot start: ${error.message}` : error);
  process.exit(1);
});
