import { failureOf, integrationSdk, integrationSdkFor, marketplaceSdk, sharetribeSdk, trustedMarketplaceSdk } from './support/sdks';
import { http } from './support/http';
import { startTestServer, TestServer } from './support/test-server';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../src/payments/payment-provider.port';
import { paymentsReport } from '../src/payments/payments-report';

const { Money } = sharetribeSdk.types;
const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;
const PASSWORD = 'secret-password';
const ROUNDS = Number(process.env.RIVAL_ROUNDS ?? 8);
const PLAN = { type: 'availability-plan/time', timezone: 'Etc/UTC', entries: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((dayOfWeek) => ({ dayOfWeek, startTime: '00:00', endTime: '00:00', seats: 1000 })) };
const PAYIN = 5000;
const PAYOUT = 4500;

type Actor = 'customer' | 'provider' | 'operator' | 'clock';
interface Rival {
  transition: string;
  by: Actor;
}
const rival = (transition: string, by: Actor): Rival => ({ transition: `transition/${transition}`, by });

/** What the provider must show after the transition that won (one payment of PAYIN, PAYOUT of it to the seller). */
const captured = { status: 'succeeded', refunded: 0 };
const moneyOf: Record<string, { status: string; refunded: number; balance: number }> = {
  // From preauthorized: accept captures (the seller's share arrives, on hold); the others cancel the authorisation.
  'transition/accept': { ...captured, balance: PAYOUT },
  'transition/decline': { status: 'canceled', refunded: 0, balance: 0 },
  'transition/operator-decline': { status: 'canceled', refunded: 0, balance: 0 },
  'transition/expire': { status: 'canceled', refunded: 0, balance: 0 },
  // From a captured payment: a cancel refunds it (the transfer reversed), a completion pays the seller out.
  'transition/cancel': { status: 'succeeded', refunded: PAYIN, balance: -PAYOUT },
  'transition/operator-complete': { ...captured, balance: -PAYOUT },
  'transition/complete': { ...captured, balance: -PAYOUT },
  'transition/mark-received-from-purchased': { ...captured, balance: -PAYOUT },
  'transition/mark-received': { ...captured, balance: -PAYOUT },
  'transition/dispute': { ...captured, balance: 0 },
};

const PAYOUTS = new Set(['transition/operator-complete', 'transition/complete', 'transition/mark-received-from-purchased', 'transition/mark-received']);

/**
 * Rival transitions of one paid transaction, sent at the same moment (issue: money moves once). Each pair runs
 * ROUNDS times at once on fresh transactions; every round must end with exactly one of the two transitions stored
 * and the provider in the state that transition implies: the customer's payment (captured, refunded or cancelled)
 * and the seller's balance, summed over the rounds.
 */
describe('rival transitions of a paid transaction reach the payment provider once', () => {
  let server: TestServer;
  let provider$: PaymentProvider;
  /** Each race has its own seller, so jobs that other races' clock moves run cannot touch its balance. */
  let seller: Awaited<ReturnType<typeof member>>;
  let buyer: Awaited<ReturnType<typeof member>>;
  let integ: ReturnType<typeof integrationSdkFor>;
  let hourly: unknown;
  let mug: unknown;
  let users = 0;
  const mp = () => ({ marketplaceId: server.marketplace.marketplaceId });

  const member = async () => {
    users += 1;
    const email = `rival${users}@example.com`;
    const tokenStore = sharetribeSdk.tokenStore.memoryStore();
    const client = marketplaceSdk(server.baseUrl, server.marketplace, { tokenStore });
    await client.currentUser.create({ email, password: PASSWORD, firstName: 'R', lastName: 'V' });
    await client.login({ username: email, password: PASSWORD });
    const trustedTokens = sharetribeSdk.tokenStore.memoryStore();
    trustedTokens.setToken((await trustedMarketplaceSdk(server.baseUrl, server.marketplace, tokenStore).exchangeToken()).data);
    return { client, trusted: marketplaceSdk(server.baseUrl, server.marketplace, { tokenStore: trustedTokens }) };
  };
  const confirmCard = (clientSecret: string) =>
    http(server.baseUrl, '/v1/emulator/stripe/payment_intents/confirm', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ client_secret: clientSecret, payment_method: 'pm_card_visa' }) });
  const sellerBalance = async () => {
    const account = (await seller.client.stripeAccount.fetch()).data.data.attributes.stripeAccountId as string;
    const b = await provider$.retrieveBalance(mp(), account);
    return [...b.available, ...b.pending].reduce((sum, x) => sum + x.amount, 0);
  };

  /** A transaction paid and confirmed, then moved along `then` (accept, mark-delivered) by its parties. */
  const paid = async (kind: 'booking' | 'purchase', start: Date, then: Rival[]) => {
    const params =
      kind === 'booking'
        ? { listingId: hourly, bookingStart: start, bookingEnd: new Date(start.getTime() + HOUR), lineItems: [{ code: 'line-item/hour', unitPrice: new Money(PAYIN, 'USD'), quantity: 1 }, { code: 'line-item/provider-commission', unitPrice: new Money(PAYIN, 'USD'), percentage: -10, includeFor: ['provider'] }] }
        : { listingId: mug, stockReservationQuantity: 1, lineItems: [{ code: 'line-item/item', unitPrice: new Money(PAYIN, 'USD'), quantity: 1 }, { code: 'line-item/provider-commission', unitPrice: new Money(PAYIN, 'USD'), percentage: -10, includeFor: ['provider'] }] };
    const tx = (await buyer.trusted.transactions.initiate({ processAlias: `default-${kind}/release-1`, transition: 'transition/request-payment', params }, { expand: true })).data.data;
    const intent = tx.attributes.protectedData.stripePaymentIntents.default;
    await confirmCard(intent.stripePaymentIntentClientSecret);
    await buyer.client.transactions.transition({ id: tx.id, transition: 'transition/confirm-payment', params: {} });
    for (const step of then) await send(tx.id, step);
    return { id: tx.id as { uuid: string }, intentId: intent.stripePaymentIntentId as string, before: 2 + then.length };
  };
  const send = (id: { uuid: string }, r: Rival): Promise<unknown> => {
    if (r.by === 'customer') return buyer.client.transactions.transition({ id, transition: r.transition, params: {} });
    if (r.by === 'provider') return seller.client.transactions.transition({ id, transition: r.transition, params: {} });
    return integ.transactions.transition({ id: new integrationSdk.types.UUID(id.uuid), transition: r.transition, params: {} });
  };

  /** Sets up ROUNDS transactions, fires both rivals of each at once (a clock rival by moving the clock to its time), checks each. */
  /** A new seller and buyer (the clock moves between races: their tokens would have expired). */
  const newParties = async () => {
    buyer = await member();
    seller = await member();
    await seller.client.stripeAccount.create({ country: 'US', businessProfileURL: 'https://seller.example', bankAccountToken: 'btok_us_verified' });
    const link = await seller.client.stripeAccountLinks.create({ failureURL: 'http://x/f', successURL: 'http://x/s', type: 'custom_account_verification' });
    await fetch(link.data.data.attributes.url, { redirect: 'manual' });
    hourly = (await seller.client.ownListings.create({ title: 'Rowing boat', price: new Money(PAYIN, 'USD'), availabilityPlan: PLAN, publicData: { transactionProcessAlias: 'default-booking/release-1', unitType: 'hour' } })).data.data.id;
    mug = (await seller.client.ownListings.create({ title: 'Mug', price: new Money(PAYIN, 'USD'), publicData: { transactionProcessAlias: 'default-purchase/release-1', unitType: 'item' } })).data.data.id;
    await seller.client.stock.compareAndSet({ listingId: mug, oldTotal: null, newTotal: 10_000 });
  };

  const race = async (kind: 'booking' | 'purchase', then: Rival[], a: Rival, b: Rival, clockTo: (start: Date) => Date) => {
    await newParties();
    const start = new Date(Math.ceil(server.clock.now().getTime() / HOUR) * HOUR + DAY);
    const txs = [];
    for (let i = 0; i < ROUNDS; i += 5) txs.push(...(await Promise.all(Array.from({ length: Math.min(5, ROUNDS - i) }, () => paid(kind, start, then)))));
    const balanceBefore = await sellerBalance();
    const fire = (r: Rival) => (id: { uuid: string }) => (r.by === 'clock' ? Promise.resolve() : send(id, r));
    const answers = await Promise.allSettled([
      ...txs.flatMap((tx) => [fire(a)(tx.id), fire(b)(tx.id)]),
      ...([a, b].some((r) => r.by === 'clock') ? [Promise.resolve().then(() => server.clock.advance(clockTo(start).getTime() - server.clock.now().getTime()))] : []),
    ]);
    await server.idle();
    for (const answer of answers) if (answer.status === 'rejected') expect([409]).toContain((await failureOf(Promise.reject(answer.reason))).status);
    let expectedBalance = 0;
    const winners: string[] = [];
    for (const tx of txs) {
      const shown = (await buyer.client.transactions.show({ id: tx.id })).data.data.attributes;
      // Exactly one rival ran (later timed transitions, like a purchase's auto-complete, may follow it).
      const after = shown.transitions.slice(tx.before).map((t: { transition: string }) => t.transition);
      const ran = after.filter((t: string) => t === a.transition || t === b.transition);
      expect({ ran: ran.length, first: after[0] }).toEqual({ ran: 1, first: ran[0] });
      const expected = moneyOf[ran[0]];
      const intent = await provider$.retrievePaymentIntent(mp(), tx.intentId);
      expect({ won: ran[0], status: intent.status, refunded: intent.amount_refunded }).toEqual({ won: ran[0], status: expected.status, refunded: expected.refunded });
      expectedBalance += expected.balance;
      winners.push(ran[0]);
    }
    const balance = await sellerBalance();
    expect(balance - balanceBefore).toBe(expectedBalance);
    // The operator's statement explains the balance line by line: a refund line per refunded payment, a payout per payout.
    const sellerId = (await seller.client.currentUser.show()).data.data.id.uuid as string;
    const [account] = (await paymentsReport(server.infra.events, server.infra.runner, provider$, mp().marketplaceId, sellerId)).accounts;
    expect(account.statement.reduce((sum, t) => sum + t.amount, 0)).toBe(balance);
    const count = (type: string) => account.statement.filter((t) => t.type === type).length;
    expect({ refunds: count('payment_refund'), payouts: count('payout') }).toEqual({ refunds: winners.filter((w) => moneyOf[w].refunded > 0).length, payouts: winners.filter((w) => PAYOUTS.has(w)).length });
  };

  beforeAll(async () => {
    server = await startTestServer();
    provider$ = server.app.get<PaymentProvider>(PAYMENT_PROVIDER);
    integ = integrationSdkFor(server.baseUrl, server.marketplace);
  });
  afterAll(() => server.close());

  // A preauthorized booking: expire is due at the booking's end.
  const preauthorized = [rival('accept', 'provider'), rival('decline', 'provider'), rival('operator-decline', 'operator'), rival('expire', 'clock')];
  const bookingEnd = (start: Date) => new Date(start.getTime() + HOUR);
  for (let i = 0; i < preauthorized.length; i += 1)
    for (let j = i + 1; j < preauthorized.length; j += 1) {
      const [a, b] = [preauthorized[i], preauthorized[j]];
      it(`preauthorized booking: ${a.transition} against ${b.transition}`, () => race('booking', [], a, b, bookingEnd), 120_000);
    }

  // An accepted booking: complete is due two days after the booking's end.
  const accepted = [rival('cancel', 'operator'), rival('operator-complete', 'operator'), rival('complete', 'clock')];
  for (let i = 0; i < accepted.length; i += 1)
    for (let j = i + 1; j < accepted.length; j += 1) {
      const [a, b] = [accepted[i], accepted[j]];
      it(`accepted booking: ${a.transition} against ${b.transition}`, () => race('booking', [rival('accept', 'provider')], a, b, (start) => new Date(start.getTime() + HOUR + 2 * DAY)), 120_000);
    }

  it('purchased order: the operator cancel against mark-received-from-purchased', () => race('purchase', [], rival('cancel', 'operator'), rival('mark-received-from-purchased', 'customer'), () => server.clock.now()), 120_000);
  it('delivered order: mark-received against dispute', () => race('purchase', [rival('mark-delivered', 'provider')], rival('mark-received', 'customer'), rival('dispute', 'customer'), () => server.clock.now()), 120_000);
});
