import 'reflect-metadata';
import { CommandBus } from '@nestjs/cqrs';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../../src/config';
import { openInfrastructure } from '../../src/infrastructure/composition-root';
import { CreateMarketplaceCommand, CreatedMarketplace } from '../../src/marketplaces/commands/create-marketplace.handler';
import { createServer } from '../../src/server';

/**
 * The server as a child process for crash tests: durable commits (synchronous=FULL), reactors and scheduler
 * running, one marketplace whose credentials it keeps in DATA_DIR/marketplace.json. Prints `READY <port>`.
 */
const main = async (): Promise<void> => {
  const config = loadConfig(process.env, { passwordHashMemoryKib: 1024, passwordHashIterations: 1, sqliteSynchronous: 'FULL', bootstrapDevMarketplace: false });
  const infra = await openInfrastructure(config);
  const app = await createServer(infra);
  const file = join(config.dataDir, 'marketplace.json');
  if (!existsSync(file)) {
    const created = await app.get(CommandBus).execute<CreateMarketplaceCommand, CreatedMarketplace>(new CreateMarketplaceCommand('Crash test'));
    writeFileSync(file, JSON.stringify(created));
  }
  JSON.parse(readFileSync(file, 'utf8'));
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`READY ${(app.getHttpServer().address() as { port: number }).port}\n`);
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
