import { failureOf, integrationSdk, integrationSdkFor, marketplaceSdk, sharetribeSdk, trustedMarketplaceSdk } from './support/sdks';
import { http } from './support/http';
import { startTestServer, TestServer } from './support/test-server';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../src/payments/payment-provider.port';
import { paymentsReport } from '../src/payments/payments-report';

const { Money } = sharetribeSdk.types;
const DAY = 24 * 3600 * 1000;
const PASSWORD = 'secret-password';
const PLAN = { type: 'availability-plan/time', timezone: 'Etc/UTC', entries: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((dayOfWeek) => ({ dayOfWeek, startTime: '08:00', endTime: '20:00', seats: 1 })) };

/**
 * The Web Template's booking checkout through the SDKs against the emulated provider: the template's server adds
 * the line items (hours × price, provider commission) with a trusted token, the browser confirms the card with the
 * intent's client secret (here the emulator's endpoint, as the Stripe.js stand-in calls it), then confirm-payment.
 */
describe('default-booking with payments, end to end through the SDKs', () => {
  let server: TestServer;
  let users = 0;
  const member = async () => {
    users += 1;
    const email = `pay${users}@example.com`;
    const tokenStore = sharetribeSdk.tokenStore.memoryStore();
    const client = marketplaceSdk(server.baseUrl, server.marketplace, { tokenStore });
    const created = await client.currentUser.create({ email, password: PASSWORD, firstName: 'P', lastName: 'M' });
    await client.login({ username: email, password: PASSWORD });
    const trustedTokens = sharetribeSdk.tokenStore.memoryStore();
    trustedTokens.setToken((await trustedMarketplaceSdk(server.baseUrl, server.marketplace, tokenStore).exchangeToken()).data);
    return { client, trusted: marketplaceSdk(server.baseUrl, server.marketplace, { tokenStore: trustedTokens }), id: created.data.data.id as { uuid: string } };
  };
  const codeOf = async (p: Promise<unknown>) => {
    const f = await failureOf(p);
    return { status: f.status, code: f.data.errors[0].code };
  };
  const confirmCard = async (clientSecret: string, paymentMethod: string) =>
    http(server.baseUrl, '/v1/emulator/stripe/payment_intents/confirm', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ client_secret: clientSecret, payment_method: paymentMethod }) });
  const at = (n: number, hour: number) => new Date(Math.floor(server.clock.now().getTime() / DAY) * DAY + n * DAY + hour * 3600 * 1000);
  /** As the template's server computes them for an hourly listing: hours × price, 10 % provider commission. */
  const lineItems = (hours: number) => [
    { code: 'line-item/hour', unitPrice: new Money(5000, 'USD'), quantity: hours, includeFor: ['customer', 'provider'] },
    { code: 'line-item/provider-commission', unitPrice: new Money(5000 * hours, 'USD'), percentage: -10, includeFor: ['provider'] },
  ];
  const intentOf = (tx: { attributes: { protectedData: any } }) => tx.attributes.protectedData.stripePaymentIntents.default;

  let provider: Awaited<ReturnType<typeof member>>;
  let listingId: unknown;
  beforeAll(async () => {
    server = await startTestServer();
    provider = await member();
    await provider.client.stripeAccount.create({ country: 'US', businessProfileURL: 'https://seller.example', bankAccountToken: 'btok_us_verified' });
    const link = await provider.client.stripeAccountLinks.create({ failureURL: 'http://x/f', successURL: 'http://x/s', type: 'custom_account_verification' });
    await fetch(link.data.data.attributes.url, { redirect: 'manual' });
    const listing = await provider.client.ownListings.create({ title: 'Rowing boat', price: new Money(5000, 'USD'), availabilityPlan: PLAN, publicData: { transactionProcessAlias: 'default-booking/release-1', unitType: 'hour' } });
    listingId = listing.data.data.id;
  });
  afterAll(() => server.close());

  it('inquire, request-payment, card confirmed, confirm-payment, accept, complete after the booking, both reviews public', async () => {
    const customer = await member();
    const inquiry = await customer.client.transactions.initiate({ processAlias: 'default-booking/release-1', transition: 'transition/inquire', params: { listingId, protectedData: { message: 'Free on Friday?' } } });
    const id = inquiry.data.data.id;
    const params = { bookingStart: at(2, 10), bookingEnd: at(2, 12), bookingDisplayStart: at(2, 10), bookingDisplayEnd: at(2, 12), lineItems: lineItems(2) };
    // Without a trusted token the privileged transition is refused.
    expect(await codeOf(customer.client.transactions.transition({ id, transition: 'transition/request-payment-after-inquiry', params }))).toEqual({ status: 403, code: 'forbidden' });
    const requested = await customer.trusted.transactions.transition({ id, transition: 'transition/request-payment-after-inquiry', params }, { expand: true, include: ['booking', 'listing', 'provider'] });
    const tx = requested.data.data;
    expect(tx.attributes).toMatchObject({ lastTransition: 'transition/request-payment-after-inquiry', payinTotal: new Money(10000, 'USD'), payoutTotal: new Money(9000, 'USD') });
    const { stripePaymentIntentClientSecret, stripePaymentIntentId } = intentOf(tx);
    expect(stripePaymentIntentId).toMatch(/^pi_/);
    expect(requested.data.included.find((r: { type: string }) => r.type === 'booking').attributes.state).toBe('pending');

    const paid = await confirmCard(stripePaymentIntentClientSecret, 'pm_card_visa');
    expect(paid.body.paymentIntent.status).toBe('requires_capture');
    await customer.client.transactions.transition({ id, transition: 'transition/confirm-payment', params: {} });
    const accepted = await provider.client.transactions.transition({ id, transition: 'transition/accept', params: {} }, { expand: true, include: ['booking'] });
    expect(accepted.data.data.attributes.lastTransition).toBe('transition/accept');
    expect(accepted.data.included[0].attributes.state).toBe('accepted');
    const intent = await server.app.get<PaymentProvider>(PAYMENT_PROVIDER).retrievePaymentIntent({ marketplaceId: server.marketplace.marketplaceId }, stripePaymentIntentId);
    expect(intent).toMatchObject({ status: 'succeeded', amount: 10000 });

    // Forward only, not undone: the scheduler runs at the later time (see TEST_START).
    // The booking ends; two days later the scheduler completes the transaction (the payout).
    server.clock.advance(5 * DAY);
    await server.idle();
    expect((await customer.client.transactions.show({ id })).data.data.attributes.lastTransition).toBe('transition/complete');
    await customer.client.transactions.transition({ id, transition: 'transition/review-1-by-customer', params: { reviewRating: 5, reviewContent: 'Lovely boat' } });
    await provider.client.transactions.transition({ id, transition: 'transition/review-2-by-provider', params: { reviewRating: 4, reviewContent: 'Careful rower' } });
    const reviews = await customer.client.reviews.query({ listingId, state: 'public' });
    expect(reviews.data.data.map((r: { attributes: { rating: number } }) => r.attributes.rating)).toEqual([5]);
    const shown = await customer.client.transactions.show({ id, include: ['reviews'] });
    expect(shown.data.included.map((r: { attributes: { state: string } }) => r.attributes.state)).toEqual(['public', 'public']);
  });

  it('a declined card: confirm-payment is refused (402) and stores nothing; the payment expires, the intent is cancelled and the seat freed', async () => {
    const customer = await member();
    const params = { listingId, bookingStart: at(3, 10), bookingEnd: at(3, 12), lineItems: lineItems(2) };
    const requested = await customer.trusted.transactions.initiate({ processAlias: 'default-booking/release-1', transition: 'transition/request-payment', params }, { expand: true });
    const id = requested.data.data.id;
    const { stripePaymentIntentClientSecret, stripePaymentIntentId } = intentOf(requested.data.data);
    const declined = await confirmCard(stripePaymentIntentClientSecret, 'pm_card_visa_chargeDeclined');
    expect(declined.body.error.code).toBe('card_declined');
    expect(await codeOf(customer.client.transactions.transition({ id, transition: 'transition/confirm-payment', params: {} }))).toEqual({ status: 402, code: 'transaction-payment-failed' });
    expect((await customer.client.transactions.show({ id })).data.data.attributes.lastTransition).toBe('transition/request-payment');
    // The same slot is taken meanwhile.
    const other = await member();
    expect(await codeOf(other.trusted.transactions.initiate({ processAlias: 'default-booking/release-1', transition: 'transition/request-payment', params }))).toEqual({ status: 409, code: 'transaction-booking-time-not-available' });

    server.clock.advance(16 * 60 * 1000);
    await server.idle();
    const expired = await customer.client.transactions.show({ id, include: ['booking'] });
    expect(expired.data.data.attributes.lastTransition).toBe('transition/expire-payment');
    expect(expired.data.included[0].attributes.state).toBe('declined');
    const intent = await server.app.get<PaymentProvider>(PAYMENT_PROVIDER).retrievePaymentIntent({ marketplaceId: server.marketplace.marketplaceId }, stripePaymentIntentId);
    expect(intent.status).toBe('canceled');
    await other.trusted.transactions.initiate({ processAlias: 'default-booking/release-1', transition: 'transition/request-payment', params });
  });

  it('refuses a payment to a provider without a payout account (409) and a zero payin, storing nothing', async () => {
    const seller = await member();
    const customer = await member();
    const own = (await seller.client.ownListings.create({ title: 'No payouts', price: new Money(5000, 'USD'), availabilityPlan: PLAN })).data.data.id;
    const params = { listingId: own, bookingStart: at(4, 10), bookingEnd: at(4, 11), lineItems: lineItems(1) };
    expect(await codeOf(customer.trusted.transactions.initiate({ processAlias: 'default-booking/release-1', transition: 'transition/request-payment', params }))).toEqual({ status: 409, code: 'transaction-missing-stripe-account' });
    const zero = { ...params, listingId, lineItems: [{ code: 'line-item/hour', unitPrice: new Money(0, 'USD'), quantity: 1 }] };
    expect(await codeOf(customer.trusted.transactions.initiate({ processAlias: 'default-booking/release-1', transition: 'transition/request-payment', params: zero }))).toEqual({ status: 409, code: 'transaction-charge-zero-payin' });
    expect((await customer.client.transactions.query({})).data.data).toEqual([]);
  });

  it('default-purchase: request-payment reserves stock, an expired payment releases it; a paid one keeps it', async () => {
    const customer = await member();
    const mug = (await provider.client.ownListings.create({ title: 'Mug', price: new Money(1500, 'USD'), publicData: { transactionProcessAlias: 'default-purchase/release-1', unitType: 'item' } })).data.data.id;
    await provider.client.stock.compareAndSet({ listingId: mug, oldTotal: null, newTotal: 2 });
    const stock = async () => (await customer.client.listings.show({ id: mug, include: ['currentStock'] })).data.included[0].attributes.quantity;
    const order = (quantity: number) =>
      customer.trusted.transactions.initiate(
        {
          processAlias: 'default-purchase/release-1',
          transition: 'transition/request-payment',
          params: { listingId: mug, stockReservationQuantity: quantity, lineItems: [{ code: 'line-item/item', unitPrice: new Money(1500, 'USD'), quantity }] },
        },
        { expand: true, include: ['stockReservation'] },
      );
    const unpaid = await order(2);
    expect(unpaid.data.included[0].attributes).toEqual({ quantity: 2, state: 'pending' });
    expect(await stock()).toBe(0);
    expect(await codeOf(order(1))).toEqual({ status: 409, code: 'transaction-listing-insufficient-stock' });
    server.clock.advance(16 * 60 * 1000);
    await server.idle();
    expect(await stock()).toBe(2);
    const released = await customer.client.transactions.show({ id: unpaid.data.data.id, include: ['stockReservation'] });
    expect([released.data.data.attributes.lastTransition, released.data.included[0].attributes.state]).toEqual(['transition/expire-payment', 'declined']);

    const bought = await order(1);
    await confirmCard(intentOf(bought.data.data).stripePaymentIntentClientSecret, 'pm_card_visa');
    const purchased = await customer.client.transactions.transition({ id: bought.data.data.id, transition: 'transition/confirm-payment', params: {} }, { expand: true, include: ['stockReservation'] });
    expect([purchased.data.data.attributes.lastTransition, purchased.data.included[0].attributes.state]).toEqual(['transition/confirm-payment', 'accepted']);
    expect(await stock()).toBe(1);

    // Received the same day, while the captured funds are still on hold: the payout is made for their release date
    // and the transition succeeds (the Web Template's "I've received my order" right after delivery).
    await provider.client.transactions.transition({ id: bought.data.data.id, transition: 'transition/mark-delivered', params: {} });
    const received = await customer.client.transactions.transition({ id: bought.data.data.id, transition: 'transition/mark-received', params: {} }, { expand: true });
    expect(received.data.data.attributes.lastTransition).toBe('transition/mark-received');
  });

  it('concurrent request-payment transitions of one transaction: one wins, and its intent is not cancelled by the losers', async () => {
    const customer = await member();
    const id = (await customer.client.transactions.initiate({ processAlias: 'default-booking/release-1', transition: 'transition/inquire', params: { listingId } })).data.data.id;
    const params = { bookingStart: at(6, 10), bookingEnd: at(6, 11), lineItems: lineItems(1) };
    const results = await Promise.allSettled([1, 2, 3].map(() => customer.trusted.transactions.transition({ id, transition: 'transition/request-payment-after-inquiry', params }, { expand: true })));
    const won = results.filter((r): r is PromiseFulfilledResult<any> => r.status === 'fulfilled');
    expect(won).toHaveLength(1);
    const { stripePaymentIntentId } = intentOf(won[0].value.data.data);
    const intent = await server.app.get<PaymentProvider>(PAYMENT_PROVIDER).retrievePaymentIntent({ marketplaceId: server.marketplace.marketplaceId }, stripePaymentIntentId);
    expect(intent.status).toBe('requires_payment_method');
  });

  it('decline cancels the uncaptured payment; an operator cancel after accept refunds it with reversals; both free the seat', async () => {
    const customer = await member();
    const pay = async (n: number) => {
      const params = { listingId, bookingStart: at(n, 14), bookingEnd: at(n, 15), lineItems: lineItems(1) };
      const tx = (await customer.trusted.transactions.initiate({ processAlias: 'default-booking/release-1', transition: 'transition/request-payment', params }, { expand: true })).data.data;
      await confirmCard(intentOf(tx).stripePaymentIntentClientSecret, 'pm_card_visa');
      await customer.client.transactions.transition({ id: tx.id, transition: 'transition/confirm-payment', params: {} });
      return { id: tx.id, intentId: intentOf(tx).stripePaymentIntentId as string, params };
    };
    const provider$ = server.app.get<PaymentProvider>(PAYMENT_PROVIDER);
    const mp = { marketplaceId: server.marketplace.marketplaceId };

    const declined = await pay(7);
    const after = await provider.client.transactions.transition({ id: declined.id, transition: 'transition/decline', params: {} }, { expand: true, include: ['booking'] });
    expect(after.data.included[0].attributes.state).toBe('declined');
    expect(after.data.data.attributes.payinTotal).toEqual(new Money(0, 'USD'));
    expect(after.data.data.attributes.lineItems.filter((l: { reversal: boolean }) => l.reversal)).toHaveLength(2);
    expect((await provider$.retrievePaymentIntent(mp, declined.intentId)).status).toBe('canceled');

    const cancelled = await pay(8);
    await provider.client.transactions.transition({ id: cancelled.id, transition: 'transition/accept', params: {} });
    const integ = integrationSdkFor(server.baseUrl, server.marketplace);
    await integ.transactions.transition({ id: new integrationSdk.types.UUID(cancelled.id.uuid), transition: 'transition/cancel', params: {} });
    const shown = await customer.client.transactions.show({ id: cancelled.id, include: ['booking'] });
    expect([shown.data.data.attributes.lastTransition, shown.data.included[0].attributes.state]).toEqual(['transition/cancel', 'cancelled']);
    const again = await provider$.refundPaymentIntent({ ...mp, idempotencyKey: 'test-second-refund' }, cancelled.intentId).catch((e) => e.body.code);
    expect(again).toBe('charge_already_refunded');
    // Both seats are free again.
    await customer.trusted.transactions.initiate({ processAlias: 'default-booking/release-1', transition: 'transition/request-payment', params: declined.params });
    await customer.trusted.transactions.initiate({ processAlias: 'default-booking/release-1', transition: 'transition/request-payment', params: cancelled.params });
  });

  it('concurrent paid requests for the last seat: exactly one wins; every other intent made meanwhile is cancelled', async () => {
    const customers = await Promise.all([1, 2, 3, 4, 5, 6].map(() => member()));
    const params = { listingId, bookingStart: at(9, 8), bookingEnd: at(9, 20), lineItems: lineItems(12) };
    const provider$ = server.app.get<PaymentProvider>(PAYMENT_PROVIDER);
    const mp = server.marketplace.marketplaceId;
    const before = new Set((await paymentsReport(server.infra.events, server.infra.runner, provider$, mp)).intents.map((i) => i.id));
    const results = await Promise.allSettled(customers.map((c) => c.trusted.transactions.initiate({ processAlias: 'default-booking/release-1', transition: 'transition/request-payment', params }, { expand: true })));
    const won = results.filter((r): r is PromiseFulfilledResult<any> => r.status === 'fulfilled');
    expect(won).toHaveLength(1);
    expect(new Set(results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => r.reason.data.errors[0].code))).toEqual(new Set(['transaction-booking-time-not-available']));
    const winner = intentOf(won[0].value.data.data).stripePaymentIntentId;
    const made = (await paymentsReport(server.infra.events, server.infra.runner, provider$, mp)).intents.filter((i) => !before.has(i.id));
    expect(made.filter((i) => i.status !== 'canceled').map((i) => i.id)).toEqual([winner]);
  });
});
