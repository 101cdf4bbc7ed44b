import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { AppModule } from '../app.module';
import { MarketplaceDirectory } from '../marketplaces/marketplace-directory';
import { Config, loadConfig } from '../config';
import { Infrastructure, openInfrastructure } from '../infrastructure/composition-root';
import { emulatorClockOf } from '../payments/emulator/emulator-clock';
import { ApiError } from '../shared/api-error';
import { systemClock, type Clock } from '../shared/clock';

export interface CliContext {
  app: INestApplicationContext;
  infra: Infrastructure;
  /** The store's clock, the server's: real time moved ahead by `emulator clock advance`. Every event the CLI writes is stamped by it. */
  clock: Clock;
}

/** The marketplace the running command names (`-m`), set by main.ts before the action: checked on opening. */
let namedMarketplace: string | undefined;
export const nameMarketplace = (id: string | undefined): void => {
  namedMarketplace = id;
};

/**
 * The embedded store must already be there: a mistyped DATA_DIR would otherwise get a new, empty store and the
 * command would answer about nothing. Only commands whose job is to create (`marketplace create`) may start one.
 */
export const requireExistingStore = (env: NodeJS.ProcessEnv = process.env): void => {
  if (env.EVENTSTORE_URL || env.DATABASE_URL) return;
  const dataDir = resolve(env.DATA_DIR ?? 'data');
  if (!existsSync(join(dataDir, 'marketplace.db')))
    throw new Error(`No store in ${dataDir} (no marketplace.db). Set DATA_DIR to the server's data folder, or create a marketplace there with \`marketplace create\`.`);
};

/** Opens the same stores the server uses (DATA_DIR, EVENTSTORE_URL, ELASTICSEARCH_URL) and runs `work` over them. */
export const withCli = async <T>(work: (ctx: CliContext) => Promise<T>, options: { create?: boolean; config?: Config } = {}): Promise<T> => {
  if (!options.create) requireExistingStore();
  const infra = await openInfrastructure(options.config ?? loadConfig());
  // Production read models: answer from read models that have caught up with the log (instant when a server keeps
  // them current; embedded, start() already did).
  await infra.projections.caughtUp();
  // The server's clock: real time moved ahead by `emulator clock advance` (payment balances read by it).
  const clock = await emulatorClockOf(infra.runner, systemClock);
  const app = await NestFactory.createApplicationContext(AppModule.with(infra, clock), { logger: ['error'] });
  try {
    if (namedMarketplace && !(await app.get(MarketplaceDirectory).state(namedMarketplace)).exists) throw new Error(`No marketplace ${namedMarketplace}.`);
    return await work({ app, infra, clock });
  } finally {
    await app.close();
    await infra.close();
  }
};

/** Prints a value as JSON for scripts, or as text lines for people. */
export const output = (json: boolean, value: unknown, text: () => string): void => {
  console.log(json ? JSON.stringify(value, null, 2) : text());
};

/** withCli for commands whose refusals are API errors (a bad value, an unknown id): each is one line, as every operator mistake is. */
export const withCliRefusals = <T>(work: (ctx: CliContext) => Promise<T>): Promise<T> =>
  withCli(async (ctx) => {
    try {
      return await work(ctx);
    } catch (error) {
      if (error instanceof ApiError) throw new Error(`${error.items[0].details ?? error.items[0].title} (${error.code})`);
      throw error;
    }
  });
