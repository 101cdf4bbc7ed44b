import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { CommandBus } from '@nestjs/cqrs';
import { loadConfig } from '../src/config';
import { Infrastructure, openInfrastructure } from '../src/infrastructure/composition-root';
import { CreatedMarketplace, CreateMarketplaceCommand } from '../src/marketplaces/commands/create-marketplace.handler';
import { PAYMENT_PROVIDER, PaymentProvider } from '../src/payments/payment-provider.port';
import { createServer } from '../src/server';
import { listenOn, type Listening } from '../src/http/http-listener';
import { ManualClock } from '../src/shared/clock';
import { TEST_START } from './support/test-server';
import { marketplaceSdk } from './support/sdks';

/** With the request log on, a whole payment set-up and payment leaves no card number or client secret in it. */
describe('payments keep secrets out of the request log', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'payments-log-'));
  const lines: string[] = [];
  let infra: Infrastructure;
  let app: NestFastifyApplication;
  let baseUrl: string;
  let listening: Listening;
  let marketplace: CreatedMarketplace;

  beforeAll(async () => {
    const env = { ...process.env, DATA_DIR: dataDir, BOOTSTRAP_DEV_MARKETPLACE: 'false', LOG_LEVEL: 'info', STRIPE_SECRET_KEY: '' };
    infra = await openInfrastructure(loadConfig(env, { tokenSecret: 'log-test-secret-log-test-secret', passwordHashMemoryKib: 1024, passwordHashIterations: 1, sqliteSynchronous: 'NORMAL' }));
    const logStream = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
    app = await createServer(infra, { clock: new ManualClock(TEST_START), logger: true, logStream });
    listening = await listenOn(app, 0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${listening.port}`;
    marketplace = await app.get(CommandBus).execute(new CreateMarketplaceCommand('Log marketplace'));
  });
  afterAll(async () => {
    await listening.close();
    await infra.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('logs requests, but never a card number, a client secret or an access token', async () => {
    const sdk = marketplaceSdk(baseUrl, marketplace);
    await sdk.currentUser.create({ email: 'log@example.com', password: 'secret-password', firstName: 'L', lastName: 'G' });
    await sdk.login({ username: 'log@example.com', password: 'secret-password' });
    const post = (path: string, body: unknown) =>
      fetch(`${baseUrl}/v1/emulator/stripe/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json() as Promise<any>);
    const seti = (await sdk.stripeSetupIntents.create()).data.data.attributes.clientSecret;
    const saved = await post('setup_intents/confirm', { client_secret: seti, payment_method: { card: { number: '4242424242424242', exp_month: 12, exp_year: 2040, cvc: '321' } } });
    await sdk.stripeCustomer.create({ stripePaymentMethodId: saved.setupIntent.payment_method });
    const pi = await app.get<PaymentProvider>(PAYMENT_PROVIDER).createPaymentIntent({ marketplaceId: marketplace.marketplaceId, idempotencyKey: 'log-1' }, { amount: 1_000, currency: 'usd' });
    await post('payment_intents/retrieve', { client_secret: pi.client_secret });
    await post('payment_intents/confirm', { client_secret: pi.client_secret, payment_method: { card: { number: '4000002500003155', exp_month: 1, exp_year: 2041, cvc: '321' } } });

    const log = lines.join('');
    expect(log).toContain('/v1/emulator/stripe/payment_intents/confirm');
    for (const secret of ['4242424242424242', '4000002500003155', seti, pi.client_secret, 'secret-password']) expect(log).not.toContain(secret);
    expect(log).not.toMatch(/sk_(test|live)_|Bearer /i);
  });
});
