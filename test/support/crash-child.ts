import 'reflect-metadata';
import { CommandBus } from '@nestjs/cqrs';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../../src/config';
import { openInfrastructure } from '../../src/infrastructure/composition-root';
import { CreateMarketplaceCommand, CreatedMarketplace } from '../../src/marketplaces/commands/create-marketplace.handler';
import { createServer } from '../../src/server';
import { listenOn } from '../../src/http/http-listener';
import { PAYMENT_PROVIDER } from '../../src/payments/payment-provider.port';

/**
 * The server as a child process for crash tests: durable commits (synchronous=FULL), reactors and scheduler
 * running, one marketplace whose credentials it keeps in DATA_DIR/marketplace.json. Prints `READY <port>`.
 *
 * A crash point armed in DATA_DIR/crash-at kills the process (SIGKILL, as kill -9 would) at that instant:
 * `before:<provider method>` or `after:<provider method>` (a payment-provider call), or `after-append:<event type>`
 * (right after an append holding such an event is durable, before the command answers).
 */
const armCrashPoints = (dataDir: string, provider: Record<string, unknown>, events: { append: (...args: any[]) => Promise<any> }): void => {
  const armed = (): string | null => {
    const file = join(dataDir, 'crash-at');
    return existsSync(file) ? readFileSync(file, 'utf8').trim() : null;
  };
  const die = () => process.kill(process.pid, 'SIGKILL');
  for (const name of Object.getOwnPropertyNames(Object.getPrototypeOf(provider))) {
    const original = provider[name];
    if (name === 'constructor' || typeof original !== 'function') continue;
    provider[name] = async (...args: unknown[]) => {
      if (armed() === `before:${name}`) die();
      const result = await (original as (...a: unknown[]) => Promise<unknown>).apply(provider, args);
      if (armed() === `after:${name}`) die();
      return result;
    };
  }
  const append = events.append.bind(events);
  events.append = async (appends: Array<{ events: Array<{ type: string }> }>) => {
    const result = await append(appends);
    const point = armed();
    if (point?.startsWith('after-append:') && appends.some((a) => a.events.some((e) => e.type === point.slice('after-append:'.length)))) die();
    return result;
  };
};
const main = async (): Promise<void> => {
  const config = loadConfig(process.env, { passwordHashMemoryKib: 1024, passwordHashIterations: 1, sqliteSynchronous: 'FULL', bootstrapDevMarketplace: false });
  const infra = await openInfrastructure(config);
  const app = await createServer(infra);
  armCrashPoints(config.dataDir, app.get(PAYMENT_PROVIDER), infra.events);
  const file = join(config.dataDir, 'marketplace.json');
  if (!existsSync(file)) {
    const created = await app.get(CommandBus).execute<CreateMarketplaceCommand, CreatedMarketplace>(new CreateMarketplaceCommand('Crash test'));
    writeFileSync(file, JSON.stringify(created));
  }
  JSON.parse(readFileSync(file, 'utf8'));
  const { port } = await listenOn(app, 0, '127.0.0.1');
  process.stdout.write(`READY ${port}\n`);
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
