import 'reflect-metadata';
import { loadConfig } from './config';
import { describeCredentials, ensureDevMarketplace } from './dev-marketplace';
import { openInfrastructure } from './infrastructure/composition-root';
import { createServer } from './server';
import { emulatorClockOf } from './payments/emulator/emulator-clock';
import { systemClock } from './shared/clock';

const main = async (): Promise<void> => {
  const config = loadConfig();
  const infra = await openInfrastructure(config);
  // Real time, moved ahead by `emulator clock advance` (kept in the log, so a restart keeps the offset).
  const clock = await emulatorClockOf(infra.runner, systemClock);
  const app = await createServer(infra, { logger: true, clock });
  const credentials = await ensureDevMarketplace(app, config);
  await app.listen({ port: config.port, host: config.host });
  const baseUrl = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`;
  const stores = `${config.eventStoreUrl ? 'KurrentDB' : `SQLite (${config.dataDir})`} log, ${config.elasticsearchUrl ? 'Elasticsearch' : 'SQLite'} read models`;
  console.log(`\nMarketplace server listening on ${baseUrl} — ${stores}`);
  if (credentials) console.log(`\n${describeCredentials(credentials, baseUrl)}\n`);
  const stop = async () => {
    await app.close();
    await infra.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
