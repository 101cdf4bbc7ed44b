import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import type { CreatedMarketplace } from '../../src/marketplaces/commands/create-marketplace.handler';
import type { RecordedEvent } from '../../src/event-store/event-store.port';
import { ALL_EVENT_SHAPES } from '../../src/infrastructure/event-shapes.registry';
import { decodeStored, encodeStored } from '../../src/shared/stored-json';
import { http } from './http';
import { integrationSdk, integrationSdkFor, marketplaceSdk, sharetribeSdk, trustedMarketplaceSdk } from './sdks';
import { startTestServer, TestServer } from './test-server';

/**
 * Golden logs (test/golden/<release>/): a marketplace walked through the flows below by a release, through the SDKs,
 * kept as its log (every event as stored), the blobs it refers to, and the API's answers to a sweep of reads. Recorded
 * by test/golden-log.e2e.spec.ts with RECORD_GOLDEN_LOG=<release> (`npm run golden:record`), never overwritten.
 */
export const GOLDEN = join(__dirname, '..', 'golden');
const PASSWORD = 'golden-password';
const { Money, UUID, LatLng } = sharetribeSdk.types;
const DAY = 24 * 3600 * 1000;

export interface GoldenMeta {
  marketplace: CreatedMarketplace;
  clockAt: string;
  users: Record<string, string>;
  ids: Record<string, string>;
  /** The shape version of every event type the release declared (absent in logs recorded before shapes were versioned: all 1). */
  shapes?: Record<string, number>;
}
export type StoredLine = { streamId: string; id: string; type: string; data: string; metadata: string };

/** The reads compared: Integration API views of everything, a party's and an anonymous reader's Marketplace API views. */
export const sweep = async (baseUrl: string, meta: GoldenMeta): Promise<Record<string, unknown>> => {
  const integ = integrationSdkFor(baseUrl, meta.marketplace);
  const anon = marketplaceSdk(baseUrl, meta.marketplace);
  const buyer = marketplaceSdk(baseUrl, meta.marketplace, { tokenStore: sharetribeSdk.tokenStore.memoryStore() });
  await buyer.login({ username: meta.users.buyer, password: PASSWORD });
  const seller = marketplaceSdk(baseUrl, meta.marketplace, { tokenStore: sharetribeSdk.tokenStore.memoryStore() });
  await seller.login({ username: meta.users.seller, password: PASSWORD });
  const all = { include: ['booking', 'stockReservation', 'reviews', 'messages', 'listing', 'customer', 'provider'], perPage: 100 };
  const answers: Record<string, unknown> = {
    'integ marketplace/show': (await integ.marketplace.show({})).data,
    'integ users/query': (await integ.users.query({ perPage: 100 })).data,
    'integ listings/query': (await integ.listings.query({ include: ['images', 'author', 'currentStock'], perPage: 100 })).data,
    'integ transactions/query': (await integ.transactions.query(all)).data,
    'integ events/query': (await integ.events.query({ startAfterSequenceId: 0 })).data.data.map((e: { attributes: Record<string, unknown> }) => {
      // sequenceId is the log position: a replay assigns its own (the order is what is compared).
      const { sequenceId: _position, ...rest } = e.attributes;
      return rest;
    }),
    'api transactions/query (buyer)': (await buyer.transactions.query({ ...all, only: 'order' })).data,
    'api current_user/show (buyer)': (await buyer.currentUser.show({ include: ['stripeCustomer.defaultPaymentMethod'] })).data,
    // Folded from the user's payments stream and the emulator's objects (write-side state, not a read model).
    'api current_user/show (seller)': (await seller.currentUser.show({ include: ['stripeAccount'] })).data,
    'api stripe_account/fetch (seller)': (await seller.stripeAccount.fetch()).data,
    'api listings/query (anonymous)': (await anon.listings.query({ include: ['images', 'author'] })).data,
    'api reviews/query (anonymous)': (await anon.reviews.query({ listingId: new UUID(meta.ids.hourly), include: ['author'] })).data,
    'assets latest': (await anon.assetsByAlias({ paths: ['/content/top-bar.json', '/design/branding.json'], alias: 'latest' })).data,
  };
  return JSON.parse(JSON.stringify(answers).split(baseUrl).join('<base>'));
};

/** Records the golden log of `release` from this release's code; an existing one is history and is never replaced. */
export const record = async (release: string) => {
  const folder = join(GOLDEN, release);
  if (existsSync(folder)) throw new Error(`${folder} exists: a golden log is never replaced or deleted; name this release's (RECORD_GOLDEN_LOG=<release>)`);
  const server = await startTestServer();
  try {
    const meta = { ...(await walk(server)), shapes: ALL_EVENT_SHAPES.versions() };
    const events: RecordedEvent[] = [];
    for (let after = 0; ; ) {
      // As stored, with the shape versions this release wrote.
      const page = await server.infra.events.stored.readAll({ after, limit: 1000 });
      events.push(...page);
      if (page.length < 1000) break;
      after = page.at(-1)!.position;
    }
    mkdirSync(folder, { recursive: true });
    const lines: StoredLine[] = events.map((e) => ({ streamId: e.streamId, id: e.id, type: e.type, data: encodeStored(e.data), metadata: encodeStored(e.metadata) }));
    writeFileSync(join(folder, 'log.jsonl'), lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
    cpSync(join(server.infra.config.dataDir, 'blobs'), join(folder, 'blobs'), { recursive: true });
    writeFileSync(join(folder, 'meta.json'), JSON.stringify({ ...meta, clockAt: server.clock.now().toISOString() }, null, 2) + '\n');
    writeFileSync(join(folder, 'answers.json'), JSON.stringify(await sweep(server.baseUrl, { ...meta, clockAt: '' }), null, 1) + '\n');
  } finally {
    await server.close();
  }
};

/** A marketplace walked through the flows whose events a log holds: users, listings, images, stock, bookings, purchases, reviews, messages, payments. */
const walk = async (server: TestServer): Promise<Omit<GoldenMeta, 'clockAt'>> => {
  const mp = server.marketplace;
  const member = async (name: string) => {
    const tokenStore = sharetribeSdk.tokenStore.memoryStore();
    const client = marketplaceSdk(server.baseUrl, mp, { tokenStore });
    const email = `${name}@golden.example`;
    await client.currentUser.create({ email, password: PASSWORD, firstName: name, lastName: 'Golden', publicData: { role: name } });
    await client.login({ username: email, password: PASSWORD });
    const trustedTokens = sharetribeSdk.tokenStore.memoryStore();
    trustedTokens.setToken((await trustedMarketplaceSdk(server.baseUrl, mp, tokenStore).exchangeToken()).data);
    return { email, client, trusted: marketplaceSdk(server.baseUrl, mp, { tokenStore: trustedTokens }) };
  };
  const seller = await member('seller');
  const buyer = await member('buyer');
  await buyer.client.currentUser.updateProfile({ bio: 'Rows on Sundays', protectedData: { phone: '+358 40 000' } });
  await seller.client.stripeAccount.create({ country: 'US', businessProfileURL: 'https://seller.example', bankAccountToken: 'btok_us_verified' });
  const link = await seller.client.stripeAccountLinks.create({ failureURL: 'http://x/f', successURL: 'http://x/s', type: 'custom_account_verification' });
  await fetch(link.data.data.attributes.url, { redirect: 'manual' });
  const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366aa' } }).jpeg().toBuffer();
  const image = (await seller.client.images.upload({ image: new Blob([photo], { type: 'image/jpeg' }) })).data.data.id;
  const plan = { type: 'availability-plan/time', timezone: 'Etc/UTC', entries: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((dayOfWeek) => ({ dayOfWeek, startTime: '08:00', endTime: '20:00', seats: 2 })) };
  const hourly = (
    await seller.client.ownListings.create({
      title: 'Golden boat',
      description: 'A boat on a lake',
      geolocation: new LatLng(60.17, 24.94),
      price: new Money(5000, 'USD'),
      availabilityPlan: plan,
      images: [image],
      publicData: { transactionProcessAlias: 'default-booking/release-1', unitType: 'hour', size: 'L' },
    })
  ).data.data.id;
  await seller.client.ownListings.update({ id: hourly, description: 'A wooden boat on a lake' });
  const now = server.clock.now().getTime();
  const at = (day: number, hour: number) => new Date(Math.floor(now / DAY) * DAY + day * DAY + hour * 3600 * 1000);
  await seller.client.availabilityExceptions.create({ listingId: hourly, start: at(5, 8), end: at(5, 20), seats: 0 });
  const mug = (await seller.client.ownListings.create({ title: 'Golden mug', price: new Money(1500, 'USD'), publicData: { transactionProcessAlias: 'default-purchase/release-1', unitType: 'item' } })).data.data.id;
  await seller.client.stock.compareAndSet({ listingId: mug, oldTotal: null, newTotal: 3 });

  const confirmCard = (secret: string) =>
    http(server.baseUrl, '/v1/emulator/stripe/payment_intents/confirm', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ client_secret: secret, payment_method: 'pm_card_visa' }) });
  const lineItems = (unit: number, code: string) => [
    { code, unitPrice: new Money(unit, 'USD'), quantity: 1, includeFor: ['customer', 'provider'] },
    { code: 'line-item/provider-commission', unitPrice: new Money(unit, 'USD'), percentage: -10, includeFor: ['provider'] },
  ];
  // An inquiry with messages, then a paid booking after it: accepted, completed by the clock, reviewed by both.
  const inquiry = (await buyer.client.transactions.initiate({ processAlias: 'default-booking/release-1', transition: 'transition/inquire', params: { listingId: hourly, protectedData: { note: 'Free on Friday?' } } })).data.data.id;
  await buyer.client.messages.send({ transactionId: inquiry, content: 'Is it free on Friday?' });
  await seller.client.messages.send({ transactionId: inquiry, content: 'It is.' });
  const paid = await buyer.trusted.transactions.transition({ id: inquiry, transition: 'transition/request-payment-after-inquiry', params: { bookingStart: at(2, 10), bookingEnd: at(2, 11), lineItems: lineItems(5000, 'line-item/hour') } }, { expand: true });
  await confirmCard(paid.data.data.attributes.protectedData.stripePaymentIntents.default.stripePaymentIntentClientSecret);
  await buyer.client.transactions.transition({ id: inquiry, transition: 'transition/confirm-payment', params: {} });
  await seller.client.transactions.transition({ id: inquiry, transition: 'transition/accept', params: {} });
  // A booking declined by the provider (refund of the authorisation).
  const declined = await buyer.trusted.transactions.initiate({ processAlias: 'default-booking/release-1', transition: 'transition/request-payment', params: { listingId: hourly, bookingStart: at(3, 10), bookingEnd: at(3, 12), lineItems: lineItems(10000, 'line-item/hour') } }, { expand: true });
  await confirmCard(declined.data.data.attributes.protectedData.stripePaymentIntents.default.stripePaymentIntentClientSecret);
  await buyer.client.transactions.transition({ id: declined.data.data.id, transition: 'transition/confirm-payment', params: {} });
  await seller.client.transactions.transition({ id: declined.data.data.id, transition: 'transition/decline', params: {} });
  // A purchase: stock reserved, captured, delivered, received (payout).
  const order = await buyer.trusted.transactions.initiate({ processAlias: 'default-purchase/release-1', transition: 'transition/request-payment', params: { listingId: mug, stockReservationQuantity: 1, lineItems: lineItems(1500, 'line-item/item') } }, { expand: true });
  await confirmCard(order.data.data.attributes.protectedData.stripePaymentIntents.default.stripePaymentIntentClientSecret);
  await buyer.client.transactions.transition({ id: order.data.data.id, transition: 'transition/confirm-payment', params: {} });
  await seller.client.transactions.transition({ id: order.data.data.id, transition: 'transition/mark-delivered', params: {} });
  await buyer.client.transactions.transition({ id: order.data.data.id, transition: 'transition/mark-received', params: {} });
  // The buyer saves a card as the Web Template does (a setup intent confirmed in the browser): a customer at the provider.
  const setupSecret = (await buyer.client.stripeSetupIntents.create()).data.data.attributes.clientSecret;
  const setup = await http(server.baseUrl, '/v1/emulator/stripe/setup_intents/confirm', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_secret: setupSecret, payment_method: { card: { number: '4242424242424242', exp_month: 12, exp_year: 2040, cvc: '123' } } }),
  });
  await buyer.client.stripeCustomer.create({ stripePaymentMethodId: setup.body.setupIntent.payment_method });
  // The seller takes back a closed day.
  const closed = await seller.client.availabilityExceptions.create({ listingId: hourly, start: at(6, 8), end: at(6, 20), seats: 0 });
  await seller.client.availabilityExceptions.delete({ id: closed.data.data.id });
  // A member who leaves: a reset asked for, the password and the email changed, a listing, a session ended, the
  // account deleted (its listing goes with it, by the author-listings reactor).
  const leaver = await member('leaver');
  await marketplaceSdk(server.baseUrl, mp).passwordReset.request({ email: leaver.email });
  await leaver.client.currentUser.changePassword({ currentPassword: PASSWORD, newPassword: `${PASSWORD}-2` });
  await leaver.client.currentUser.changeEmail({ currentPassword: `${PASSWORD}-2`, email: 'leaver-2@golden.example' });
  await leaver.client.ownListings.create({ title: 'Golden oar', price: new Money(900, 'USD') });
  await leaver.trusted.logout();
  await leaver.client.currentUser.delete({ currentPassword: `${PASSWORD}-2` });
  await server.idle();
  // The operator's hand: metadata on a user and a transaction.
  const integ = integrationSdkFor(server.baseUrl, mp);
  const buyerId = (await buyer.client.currentUser.show()).data.data.id;
  await integ.users.updateProfile({ id: new integrationSdk.types.UUID(buyerId.uuid), metadata: { tier: 'gold' } });
  await integ.transactions.updateMetadata({ id: new integrationSdk.types.UUID(order.data.data.id.uuid), metadata: { checked: true } });
  // The booking ends; two days later the clock completes it (payout); both review.
  server.clock.advance(5 * DAY);
  await server.idle();
  await buyer.client.transactions.transition({ id: inquiry, transition: 'transition/review-1-by-customer', params: { reviewRating: 5, reviewContent: 'Lovely boat' } });
  await seller.client.transactions.transition({ id: inquiry, transition: 'transition/review-2-by-provider', params: { reviewRating: 4, reviewContent: 'Careful rower' } });
  await server.idle();
  return { marketplace: mp, users: { seller: seller.email, buyer: buyer.email }, ids: { hourly: hourly.uuid, mug: mug.uuid } };
};


/** The golden logs kept, oldest release first: by version (`v0.10.0` after `v0.9.0`), a pre-release (`v0.1.0-dev.x`) before its release. */
export const goldenReleases = (): string[] => {
  const parts = (release: string) => {
    const [main, pre] = release.replace(/^v/, '').split(/-(.*)/);
    return { numbers: main.split('.').map(Number), pre: pre ?? null };
  };
  const order = (a: string, b: string) => {
    const [x, y] = [parts(a), parts(b)];
    for (let i = 0; i < Math.max(x.numbers.length, y.numbers.length); i++) if ((x.numbers[i] ?? 0) !== (y.numbers[i] ?? 0)) return (x.numbers[i] ?? 0) - (y.numbers[i] ?? 0);
    if (x.pre === y.pre) return 0;
    return x.pre === null ? 1 : y.pre === null ? -1 : x.pre.localeCompare(y.pre);
  };
  return existsSync(GOLDEN) ? readdirSync(GOLDEN).filter((r) => existsSync(join(GOLDEN, r, 'log.jsonl'))).sort(order) : [];
};

export const goldenMeta = (release: string): GoldenMeta => JSON.parse(readFileSync(join(GOLDEN, release, 'meta.json'), 'utf8')) as GoldenMeta;

export const goldenLines = (release: string): StoredLine[] =>
  readFileSync(join(GOLDEN, release, 'log.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as StoredLine);

/**
 * A golden log imported into a fresh store of this release as history: written to the adapter as stored (old shape
 * versions kept; the port would stamp them as current), with no job run and no reaction made again. The read
 * models are built from it as it is imported (the inline engines) or as they catch up.
 */
export const importGoldenLog = async (server: TestServer, release: string): Promise<void> => {
  await server.infra.background?.stop();
  for (const line of goldenLines(release))
    await server.infra.events.stored.append([{ streamId: line.streamId, expectedRevision: 'any', events: [{ id: line.id, type: line.type, data: decodeStored(line.data), metadata: decodeStored(line.metadata) }] }]);
  cpSync(join(GOLDEN, release, 'blobs'), join(server.infra.config.dataDir, 'blobs'), { recursive: true });
  // Read at the time the log was recorded.
  server.clock.advance(new Date(goldenMeta(release).clockAt).getTime() - server.clock.now().getTime());
};
