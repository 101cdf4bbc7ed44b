import 'reflect-metadata';
import { loadConfig } from './config';
import { describeCredentials, ensureDevMarketplace } from './dev-marketplace';
import { openInfrastructure } from './infrastructure/composition-root';
import { createServer } from './server';

const main = async (): Promise<void> => {
  const config = loadConfig();
  const infra = await openInfrastructure(config);
  const app = await createServer(infra, { logger: true });
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
