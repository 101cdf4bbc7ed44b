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
import { listenOn } from '../../src/http/http-listener';
import { ManualClock } from '../../src/shared/clock';
import { CommandRunner } from '../../src/event-sourcing/command-runner';
import { InterleavingEventStore } from './interleaving-event-store';
import { AnswerCheck } from './answer-check';
import { OpenApiDocuments } from '../../src/http/openapi/openapi-documents';
import { freshPostgresDatabase, postgresTestUrl } from './postgres';
import { testEnv } from './test-env';

export interface TestServer {
  app: NestFastifyApplication;
  infra: Infrastructure;
  baseUrl: string;
  clock: ManualClock;
  marketplace: CreatedMarketplace;
  createMarketplace(name?: string): Promise<CreatedMarketplace>;
  /** The environment of a CLI process over this server's stores (its data folder, its database). */
  cliEnv(extra?: Record<string, string>): NodeJS.ProcessEnv;
  /** Answers that do not match the API description (test/support/answer-check.ts); close() fails on any. */
  answerViolations: string[];
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
  /** Start the reactors and the scheduler (default true). */
  background?: boolean;
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

/**
 * The `postgres` jest project (jest.config.js: the TEST_STORE global) or TEST_STORE=postgres runs the test servers
 * on PostgreSQL (every store; a fresh database per server, on the run's throwaway cluster or DATABASE_URL:
 * test/support/postgres.ts); otherwise they run embedded. Without PostgreSQL the project's servers run embedded,
 * after one loud line from the cluster set-up.
 */
export const testStore = (): 'postgres' | 'embedded' => {
  const asked = (globalThis as { TEST_STORE?: string }).TEST_STORE ?? process.env.TEST_STORE;
  return asked === 'postgres' && postgresTestUrl() ? 'postgres' : 'embedded';
};

export const startTestServer = async (overrides: Partial<Config> = {}, options: TestServerOptions = {}): Promise<TestServer> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'marketplace-test-'));
  // A test that names its store (databaseUrl: null pins the embedded one) gets that one.
  const database = testStore() === 'postgres' && !('databaseUrl' in overrides) ? await freshPostgresDatabase('server') : null;
  const config = loadConfig(
    testEnv(),
    {
      dataDir,
      tokenSecret: 'test-secret-test-secret-test-secret',
      passwordHashMemoryKib: 1024,
      passwordHashIterations: 1,
      sqliteSynchronous: 'NORMAL',
      ...(database ? { databaseUrl: database.url } : {}),
      ...overrides,
    },
  );
  const clock = new ManualClock(TEST_START);
  const infra = await openInfrastructure(config);
  if (options.interleaving) infra.runner = new CommandRunner(new InterleavingEventStore(infra.events, options.interleaving), infra.projections);
  let answers: AnswerCheck | undefined;
  const app = await createServer(infra, {
    clock: options.emulatorClock ? new EmulatorClock(clock) : clock,
    background: options.background,
    inspectAnswers: (answer) => answers?.check(answer),
  });
  answers = new AnswerCheck(() => app.get(OpenApiDocuments).get());
  const listening = await listenOn(app, 0, '127.0.0.1');
  const createMarketplace = (name = 'Test marketplace') =>
    app.get(CommandBus).execute<CreateMarketplaceCommand, CreatedMarketplace>(new CreateMarketplaceCommand(name));
  const marketplace = await createMarketplace();
  return {
    app,
    infra,
    clock,
    baseUrl: `http://127.0.0.1:${listening.port}`,
    marketplace,
    createMarketplace,
    cliEnv: (extra = {}) =>
      testEnv({
        DATA_DIR: dataDir,
        TOKEN_SECRET: config.tokenSecret,
        SQLITE_SYNCHRONOUS: 'NORMAL',
        ...(config.databaseUrl ? { DATABASE_URL: config.databaseUrl, DATABASE_SCHEMA: config.databaseSchema } : {}),
        ...extra,
      }),
    idle: async () => {
      await infra.background?.idle();
    },
    answerViolations: answers.violations,
    close: async () => {
      await listening.close();
      await infra.close();
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
      if (answers.violations.length > 0) throw new Error(`Answers that do not match the API description:\n${[...new Set(answers.violations)].join('\n')}`);
    },
  };
};
