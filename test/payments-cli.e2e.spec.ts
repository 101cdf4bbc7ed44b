import { Command } from 'commander';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { CommandBus } from '@nestjs/cqrs';
import { registerPaymentCommands } from '../src/cli/payments.commands';
import { loadConfig } from '../src/config';
import { testEnv } from './support/test-env';
import { Infrastructure, openInfrastructure } from '../src/infrastructure/composition-root';
import { CreatedMarketplace, CreateMarketplaceCommand } from '../src/marketplaces/commands/create-marketplace.handler';
import { EmulatorClock, emulatorClockOf } from '../src/payments/emulator/emulator-clock';
import { PAYMENT_PROVIDER, PaymentProvider } from '../src/payments/payment-provider.port';
import { createServer } from '../src/server';
import { listenOn, type Listening } from '../src/http/http-listener';
import { ManualClock } from '../src/shared/clock';
import { jobStream, scheduleJob, ScheduledJobState } from '../src/event-sourcing/scheduled-job';
import { ScheduledCommands } from '../src/event-sourcing/scheduler';
import { internalStream } from '../src/event-sourcing/stream-model';
import { operatorContext } from '../src/shared/command-context';
import { failureOf, marketplaceSdk } from './support/sdks';

/**
 * The operator CLI's payment commands, run as the CLI runs them (their own connection to the server's data folder)
 * while a server with the emulator clock runs on it: the server's clock follows `emulator clock advance`.
 */
describe('payments CLI: payments show, emulator reset, emulator clock advance', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'payments-cli-'));
  const env = { ...testEnv(), DATA_DIR: dataDir, BOOTSTRAP_DEV_MARKETPLACE: 'false', TOKEN_SECRET: 'cli-test-secret-cli-test-secret', PASSWORD_HASH_MEMORY_KIB: '1024', PASSWORD_HASH_ITERATIONS: '1' };
  let infra: Infrastructure;
  let app: NestFastifyApplication;
  let clock: EmulatorClock;
  let baseUrl: string;
  let listening: Listening;
  let marketplace: CreatedMarketplace;
  const saved = { ...process.env };

  /** Runs `marketplace-server <args>` in process and returns what it printed. */
  const cli = async (...args: string[]): Promise<string> => {
    const printed: string[] = [];
    const log = jest.spyOn(console, 'log').mockImplementation((line: unknown) => void printed.push(String(line)));
    try {
      const program = new Command().exitOverride();
      registerPaymentCommands(program);
      await program.parseAsync(['node', 'marketplace-server', ...args]);
    } finally {
      log.mockRestore();
    }
    return printed.join('\n');
  };

  beforeAll(async () => {
    Object.assign(process.env, env);
    infra = await openInfrastructure(loadConfig(env, { sqliteSynchronous: 'NORMAL' }));
    // Real time, unlike every other test server (TEST_START): the CLI judges balances on its own clock, real time
    // plus the log's offset, as it does beside a production server; nothing here depends on the weekday (the hold is
    // two calendar days).
    clock = await emulatorClockOf(infra.runner, new ManualClock(new Date()));
    app = await createServer(infra, { clock });
    listening = await listenOn(app, 0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${listening.port}`;
    marketplace = await app.get(CommandBus).execute(new CreateMarketplaceCommand('CLI marketplace'));
  });
  afterAll(async () => {
    await listening.close();
    await infra.close();
    process.env = saved;
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('shows accounts with balances, moves the running server clock, and resets the emulator', async () => {
    const sdk = marketplaceSdk(baseUrl, marketplace);
    await sdk.currentUser.create({ email: 'cli@example.com', password: 'secret-password', firstName: 'C', lastName: 'L' });
    await sdk.login({ username: 'cli@example.com', password: 'secret-password' });
    const account = await sdk.stripeAccount.create({ country: 'US', businessProfileURL: 'https://cli.example', bankAccountToken: 'btok_us_verified' }, { expand: true });
    const link = await sdk.stripeAccountLinks.create({ failureURL: 'http://x/f', successURL: 'http://x/s', type: 'custom_account_verification' });
    await fetch(link.data.data.attributes.url, { redirect: 'manual' });
    const destination = account.data.data.attributes.stripeAccountId;
    const provider = app.get<PaymentProvider>(PAYMENT_PROVIDER);
    const mp = marketplace.marketplaceId;
    const pi = await provider.createPaymentIntent({ marketplaceId: mp, idempotencyKey: 'cli-1' }, { amount: 5_000, currency: 'usd', applicationFeeAmount: 500, transferDestination: destination, paymentMethod: 'pm_card_visa', confirm: true });
    await provider.capturePaymentIntent({ marketplaceId: mp, idempotencyKey: 'cli-1:capture' }, pi.id);

    const shown = JSON.parse(await cli('payments', 'show', '-m', mp, '--json'));
    expect(shown.accounts).toEqual([expect.objectContaining({ stripeAccountId: destination, chargesEnabled: true, balance: { object: 'balance', available: [], pending: [{ amount: 4_500, currency: 'usd' }] } })]);
    expect(shown.intents).toEqual([expect.objectContaining({ id: pi.id, status: 'succeeded', amount: 5_000 })]);
    expect(await cli('payments', 'show', '-m', mp)).toContain(destination);

    // A job due in two days (as a transaction's `:at` transition would be) waits for the clock.
    const pings = internalStream({ name: 'ping', initialState: () => 0, evolve: (n: number) => n + 1 }, `${mp}:ping`);
    app.get(ScheduledCommands).register('test/ping', (ctx) => ({ ctx, streams: { pings }, decide: () => ({ events: { pings: [{ type: 'ping/ran', data: {} }] } }) }));
    const job = jobStream(mp, 'ping-in-two-days');
    await infra.runner.run({
      ctx: operatorContext(mp, clock.now()),
      streams: { job },
      decide: (s) => ({ events: { job: scheduleJob(s.job as ScheduledJobState, { jobId: 'ping-in-two-days', dueAt: new Date(clock.now().getTime() + 2 * 24 * 3600 * 1000), command: { type: 'test/ping', data: {} } }) } }),
    });
    await infra.background!.idle();
    expect((await infra.runner.state(job)).status).toBe('pending');

    const before = clock.now().getTime();
    expect(await cli('emulator', 'clock', 'advance', 'P3D')).toContain('P3D');
    for (let i = 0; i < 100 && clock.now().getTime() - before < 3 * 24 * 3600 * 1000; i += 1) await new Promise((r) => setTimeout(r, 50));
    expect(clock.now().getTime() - before).toBeGreaterThanOrEqual(3 * 24 * 3600 * 1000);
    expect((await provider.retrieveBalance({ marketplaceId: mp }, destination)).available).toEqual([{ amount: 4_500, currency: 'usd' }]);
    for (let i = 0; i < 100 && (await infra.runner.state(job)).status !== 'ran'; i += 1) await new Promise((r) => setTimeout(r, 50));
    expect((await infra.runner.state(job)).status).toBe('ran');
    expect(await infra.runner.state(pings)).toBe(1);
    await expect(cli('emulator', 'clock', 'advance', 'tomorrow')).rejects.toThrow('ISO 8601');

    expect(await cli('emulator', 'reset', '-m', mp)).toContain('generation 1');
    expect((await failureOf(sdk.stripeAccount.fetch())).data.errors[0]).toMatchObject({ status: 409, code: 'stripe-account-not-found' });
    expect(JSON.parse(await cli('payments', 'show', '-m', mp, '--json')).intents).toEqual([]);
  });
});
