import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppModule } from '../app.module';
import { loadConfig } from '../config';
import { Infrastructure, openInfrastructure } from '../infrastructure/composition-root';
import { emulatorClockOf } from '../payments/emulator/emulator-clock';
import { systemClock } from '../shared/clock';

export interface CliContext {
  app: INestApplicationContext;
  infra: Infrastructure;
}

/** Opens the same stores the server uses (DATA_DIR, EVENTSTORE_URL, ELASTICSEARCH_URL) and runs `work` over them. */
export const withCli = async <T>(work: (ctx: CliContext) => Promise<T>): Promise<T> => {
  const infra = await openInfrastructure(loadConfig());
  // Production read models: answer from read models that have caught up with the log (instant when a server keeps
  // them current; embedded, start() already did).
  await infra.projections.caughtUp();
  // The server's clock: real time moved ahead by `emulator clock advance` (payment balances read by it).
  const clock = await emulatorClockOf(infra.runner, systemClock);
  const app = await NestFactory.createApplicationContext(AppModule.with(infra, clock), { logger: ['error'] });
  try {
    return await work({ app, infra });
  } finally {
    await app.close();
    await infra.close();
  }
};

/** Prints a value as JSON for scripts, or as text lines for people. */
export const output = (json: boolean, value: unknown, text: () => string): void => {
  console.log(json ? JSON.stringify(value, null, 2) : text());
};
