import { EmulatorClock } from '../../src/payments/emulator/emulator-clock';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { CommandBus } from '@nestjs/cqrs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Config, loadConfig } from '../../src/config';
import { openInfrastructure, Infrastructure } from '../../src/infrastructure/composition-root';
import { CreatedMarketplace, CreateMarketplaceCommand } from '../../src/marketplaces/commands/create-marketplace.handler';
import { createServer } from '../../src/server';
import { ManualClock } from '../../src/shared/clock';
import { CommandRunner } from '../../src/event-sourcing/command-runner';
import { InterleavingEventStore } from './interleaving-event-store';
import { testEnv } from './test-env';

export interface TestServer {
  app: NestFastifyApplication;
  infra: Infrastructure;
  baseUrl: string;
  clock: ManualClock;
  marketplace: CreatedMarketplace;
  createMarketplace(name?: string): Promise<CreatedMarketplace>;
  /** Waits until the reactors (mails, cascades) and the scheduler have handled everything appended so far. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A real server on a random loopback port over a fresh data folder, with a clock tests can move (token expiry)
 * and a cheap password hash (argon2 at full cost would dominate the suite's time).
 */
export interface TestServerOptions {
  /** Decisions interleave between their reads and their appends (concurrency tests); see InterleavingEventStore. */
  interleaving?: { checkRevisions: boolean; delayMs?: number };
  /** The server runs on the payment emulator's clock over the test clock (as `npm start` over real time), so `emulator clock advance` moves it. */
  emulatorClock?: boolean;
}

/**
 * Where every test server's clock starts: a fixed date, so results cannot depend on the day the suite runs
 * (availability and time slots depend on the weekday). A Monday, 09:00 UTC.
 *
 * Two kinds of clock moves in tests: a move that only judges a value (a token's expiry) is undone in `finally`; a
 * move that lets the scheduler run (`:at` transitions, payouts, payment expiry) cannot be undone, because the log's
 * time only runs forward (events already appended at the later time, jobs already run). Tests after such a move
 * compute their times from `server.clock.now()` and use plans open every weekday, so they pass alone or together.
 */
export const TEST_START = new Date('2026-01-05T09:00:00.000Z');

export const startTestServer = async (overrides: Partial<Config> = {}, options: TestServerOptions = {}): Promise<TestServer> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'marketplace-test-'));
  const config = loadConfig(
    testEnv(),
    { dataDir, tokenSecret: 'test-secret-test-secret-test-secret', passwordHashMemoryKib: 1024, passwordHashIterations: 1, sqliteSynchronous: 'NORMAL', ...overrides },
  );
  const clock = new ManualClock(TEST_START);
  const infra = await openInfrastructure(config);
  if (options.interleaving) infra.runner = new CommandRunner(new InterleavingEventStore(infra.events, options.interleaving), infra.projections);
  const app = await createServer(infra, { clock: options.emulatorClock ? new EmulatorClock(clock) : clock });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.getHttpServer().address() as { port: number };
  const createMarketplace = (name = 'Test marketplace') =>
    app.get(CommandBus).execute<CreateMarketplaceCommand, CreatedMarketplace>(new CreateMarketplaceCommand(name));
  const marketplace = await createMarketplace();
  return {
    app,
    infra,
    clock,
    baseUrl: `http://127.0.0.1:${address.port}`,
    marketplace,
    createMarketplace,
    idle: async () => {
      await infra.background?.idle();
    },
    close: async () => {
      await app.close();
      await infra.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};
