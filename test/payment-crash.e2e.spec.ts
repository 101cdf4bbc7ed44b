import Database from 'better-sqlite3';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CreatedMarketplace } from '../src/marketplaces/commands/create-marketplace.handler';
import { http } from './support/http';
import { marketplaceSdk, sharetribeSdk, trustedMarketplaceSdk } from './support/sdks';
import { testEnv } from './support/test-env';
import { crashChild } from './support/crash-child-process';
import { decodeStored } from '../src/shared/stored-json';

const { Money } = sharetribeSdk.types;
const HOUR = 3600 * 1000;
const PASSWORD = 'secret-password';
const PLAN = { type: 'availability-plan/time', timezone: 'Etc/UTC', entries: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((dayOfWeek) => ({ dayOfWeek, startTime: '00:00', endTime: '00:00', seats: 100 })) };

/**
 * kill -9 at each point of a paid transition (issue: money moves once): before the provider call, between the call
 * and the append, after the append. After a restart the payment claim the crash left open is settled within
 * PAYMENT_CLAIM_TIMEOUT_SECONDS (1 s here): the transaction and the payment agree, and the money moved once.
 */
describe('a crash in the middle of a paid transition', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'marketplace-payment-crash-'));
  const env = { ...testEnv(), DATA_DIR: dataDir, TOKEN_SECRET: 'crash-test-secret-crash-test-secret', PAYMENT_CLAIM_TIMEOUT_SECONDS: '1' };
  const server = crashChild(env);
  const { start, exited } = server;
  let baseUrl = '';
  let marketplace: CreatedMarketplace;

  const arm = (point: string) => writeFileSync(join(dataDir, 'crash-at'), point);
  const disarm = () => rmSync(join(dataDir, 'crash-at'), { force: true });
  /** Runs `request` with the crash point armed: the server dies during it; then starts it again. */
  const crashDuring = async (point: string, request: () => Promise<unknown>) => {
    arm(point);
    await expect(request()).rejects.toBeDefined();
    await exited();
    expect(server.signalCode()).toBe('SIGKILL');
    disarm();
    baseUrl = await start();
    member.cache.clear();
  };

  const member = Object.assign(
    async (name: string) => {
      const cached = member.cache.get(name);
      if (cached) return cached;
      const tokenStore = sharetribeSdk.tokenStore.memoryStore();
      const client = marketplaceSdk(baseUrl, marketplace, { tokenStore });
      await client.login({ username: `${name}@example.com`, password: PASSWORD });
      const trustedTokens = sharetribeSdk.tokenStore.memoryStore();
      trustedTokens.setToken((await trustedMarketplaceSdk(baseUrl, marketplace, tokenStore).exchangeToken()).data);
      const made = { client, trusted: marketplaceSdk(baseUrl, marketplace, { tokenStore: trustedTokens }) };
      member.cache.set(name, made);
      return made;
    },
    { cache: new Map<string, { client: any; trusted: any }>() },
  );
  const retrieveIntent = async (clientSecret: string) =>
    (await http(baseUrl, '/v1/emulator/stripe/payment_intents/retrieve', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ client_secret: clientSecret }) })).body.paymentIntent;
  const eventually = async <T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> => {
    for (let i = 0; ; i += 1) {
      const value = await read();
      if (done(value) || i >= 100) return value;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  let listingId: unknown;
  let slot = 0;
  /** A booking paid and confirmed by the card: preauthorized, its payment awaiting capture. */
  const preauthorized = async () => {
    const buyer = await member('buyer');
    slot += 1;
    const bookingStart = new Date(Math.ceil(Date.now() / HOUR) * HOUR + 48 * HOUR + slot * HOUR);
    const params = { listingId, bookingStart, bookingEnd: new Date(bookingStart.getTime() + HOUR), lineItems: [{ code: 'line-item/hour', unitPrice: new Money(5000, 'USD'), quantity: 1 }] };
    const tx = (await buyer.trusted.transactions.initiate({ processAlias: 'default-booking/release-1', transition: 'transition/request-payment', params }, { expand: true })).data.data;
    const secret = tx.attributes.protectedData.stripePaymentIntents.default.stripePaymentIntentClientSecret as string;
    await http(baseUrl, '/v1/emulator/stripe/payment_intents/confirm', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ client_secret: secret, payment_method: 'pm_card_visa' }) });
    await buyer.client.transactions.transition({ id: tx.id, transition: 'transition/confirm-payment', params: {} });
    return { id: tx.id, secret };
  };

  beforeAll(async () => {
    baseUrl = await start();
    marketplace = JSON.parse(readFileSync(join(dataDir, 'marketplace.json'), 'utf8')) as CreatedMarketplace;
    for (const name of ['seller', 'buyer'])
      await marketplaceSdk(baseUrl, marketplace).currentUser.create({ email: `${name}@example.com`, password: PASSWORD, firstName: name, lastName: 'X' });
    const seller = await member('seller');
    await seller.client.stripeAccount.create({ country: 'US', businessProfileURL: 'https://seller.example', bankAccountToken: 'btok_us_verified' });
    const link = await seller.client.stripeAccountLinks.create({ failureURL: 'http://x/f', successURL: 'http://x/s', type: 'custom_account_verification' });
    await fetch(link.data.data.attributes.url, { redirect: 'manual' });
    listingId = (await seller.client.ownListings.create({ title: 'Boat', price: new Money(5000, 'USD'), availabilityPlan: PLAN, publicData: { transactionProcessAlias: 'default-booking/release-1', unitType: 'hour' } })).data.data.id;
  }, 60_000);
  afterAll(async () => {
    await server.stop('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  for (const point of ['before:capturePaymentIntent', 'after:capturePaymentIntent', 'after-append:transaction/transitioned'])
    it(`accept killed ${point}: after the restart the booking is accepted and its payment captured once`, async () => {
      const { id, secret } = await preauthorized();
      const seller = await member('seller');
      await crashDuring(point, () => seller.client.transactions.transition({ id, transition: 'transition/accept', params: {} }));
      const buyer = await member('buyer');
      const shown = await eventually(
        async () => (await buyer.client.transactions.show({ id })).data.data.attributes,
        (a) => a.lastTransition === 'transition/accept',
      );
      expect(shown.transitions.map((t: { transition: string }) => t.transition)).toEqual(['transition/request-payment', 'transition/confirm-payment', 'transition/accept']);
      expect(await retrieveIntent(secret)).toMatchObject({ status: 'succeeded', amount_received: 5000 });
      // A retry of the transition by the provider after the crash finds it done: 409, nothing more captured.
      await expect((await member('seller')).client.transactions.transition({ id, transition: 'transition/accept', params: {} })).rejects.toMatchObject({ status: 409 });
    }, 60_000);

  it('request-payment killed after the intent was created: the intent is cancelled and no transaction remains', async () => {
    const buyer = await member('buyer');
    const bookingStart = new Date(Math.ceil(Date.now() / HOUR) * HOUR + 24 * HOUR);
    const params = { listingId, bookingStart, bookingEnd: new Date(bookingStart.getTime() + HOUR), lineItems: [{ code: 'line-item/hour', unitPrice: new Money(5000, 'USD'), quantity: 1 }] };
    await crashDuring('after:createPaymentIntent', () => buyer.trusted.transactions.initiate({ processAlias: 'default-booking/release-1', transition: 'transition/request-payment', params }));
    // Every intent the log holds belongs to a stored transaction, or ends cancelled (the reconciler's reversal).
    const orphans = () => {
      const db = new Database(join(dataDir, 'marketplace.db'), { readonly: true });
      try {
        const initiated = new Set((db.prepare("SELECT resource_id FROM events WHERE type = 'transaction/initiated'").all() as Array<{ resource_id: string }>).map((r) => r.resource_id));
        const intents = db.prepare("SELECT stream_id, type, data FROM events WHERE stream_id LIKE '%:payemu-g%-pi_%' ORDER BY position").all() as Array<{ stream_id: string; type: string; data: string }>;
        const last = new Map<string, { type: string; transactionId?: string }>();
        for (const e of intents) {
          const transactionId = e.type === 'payEmulator/payment-intent-created' ? decodeStored<{ object: { metadata: { transactionId: string } } }>(e.data).object.metadata.transactionId : last.get(e.stream_id)?.transactionId;
          last.set(e.stream_id, { type: e.type, transactionId });
        }
        return [...last.values()].filter((i) => !initiated.has(i.transactionId!) && i.type !== 'payEmulator/payment-intent-canceled');
      } finally {
        db.close();
      }
    };
    expect(await eventually(async () => orphans(), (o) => o.length === 0)).toEqual([]);
  }, 60_000);
});
