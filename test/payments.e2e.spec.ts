import { encodeStored } from '../src/shared/stored-json';
import { PAYMENT_PROVIDER, PaymentProvider, PaymentProviderError } from '../src/payments/payment-provider.port';
import { bearer, http } from './support/http';
import { failureOf, integrationSdkFor, marketplaceSdk, sharetribeSdk } from './support/sdks';
import { startTestServer, TestServer } from './support/test-server';

const PASSWORD = 'secret-password';
const DAY = 24 * 3600 * 1000;

describe('payments, through the official SDK and the emulator', () => {
  let server: TestServer;

  /** A signed-up, logged-in user: the SDK and the raw access token (for the spec's `pay_*` paths). */
  const member = async (email: string, marketplace = server.marketplace) => {
    const tokenStore = sharetribeSdk.tokenStore.memoryStore();
    const client = marketplaceSdk(server.baseUrl, marketplace, { tokenStore });
    const created = await client.currentUser.create({ email, password: PASSWORD, firstName: 'Jane', lastName: 'Doe' });
    await client.login({ username: email, password: PASSWORD });
    return { client, id: created.data.data.id.uuid as string, token: () => tokenStore.getToken().access_token as string };
  };
  /** What Stripe.js `createToken` does in the browser: the same endpoint the stand-in calls. */
  const token = async (type: string, data: Record<string, unknown>) => {
    const res = await http(server.baseUrl, '/v1/emulator/stripe/tokens', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ type, data }) });
    return res.body.token.id as string;
  };
  const emulator = (path: string, body: unknown) =>
    http(server.baseUrl, `/v1/emulator/stripe/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const pay = (path: string, accessToken: string, body: unknown = {}) =>
    http(server.baseUrl, `/v1/api/${path}`, { method: 'POST', headers: bearer(accessToken, { accept: 'application/json', 'content-type': 'application/json' }), body: JSON.stringify(body) });

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('a provider creates a payout account, onboards through the account link, and currentUser shows it (stripe_* names)', async () => {
    const { client } = await member('provider@example.com');
    const accountToken = await token('account', { business_type: 'individual', tos_shown_and_accepted: true });
    const created = await client.stripeAccount.create(
      { country: 'US', accountToken, businessProfileMCC: '5734', businessProfileURL: 'https://example.com', requestedCapabilities: ['card_payments', 'transfers'] },
      { expand: true },
    );
    const account = created.data.data;
    expect(account.type).toBe('stripeAccount');
    expect(account.attributes.stripeAccountId).toMatch(/^acct_/);
    expect(account.attributes.stripeAccountData).toMatchObject({ country: 'US', business_type: 'individual', charges_enabled: false });
    expect(account.attributes.stripeAccountData.requirements.currently_due).toContain('external_account');

    const me = await client.currentUser.show({ include: ['stripeAccount'] });
    expect(me.data.data.attributes.stripeConnected).toBe(true);
    const inInteg = await integrationSdkFor(server.baseUrl, server.marketplace).users.show({ id: me.data.data.id.uuid });
    expect(inInteg.data.data.attributes).toMatchObject({ stripeConnected: true, payConnected: true });
    expect(me.data.data.relationships.stripeAccount.data.id.uuid).toBe(account.id.uuid);
    expect(me.data.included[0]).toMatchObject({ type: 'stripeAccount', attributes: { stripeAccountId: account.attributes.stripeAccountId } });

    const link = await client.stripeAccountLinks.create({
      failureURL: 'http://localhost:3000/account/payments/failure',
      successURL: 'http://localhost:3000/account/payments/success',
      type: 'custom_account_verification',
      collectionOptions: { fields: 'currently_due', future_requirements: 'include' },
    });
    expect(link.data.data.attributes.expiresAt).toBeInstanceOf(Date);
    const visit = await fetch(link.data.data.attributes.url, { redirect: 'manual' });
    expect(visit.status).toBe(302);
    expect(visit.headers.get('location')).toBe('http://localhost:3000/account/payments/success');
    // A link works once: opening it again sends the browser to the failure (refresh) URL.
    expect((await fetch(link.data.data.attributes.url, { redirect: 'manual' })).headers.get('location')).toBe('http://localhost:3000/account/payments/failure');

    const fetched = (await client.stripeAccount.fetch()).data.data.attributes.stripeAccountData;
    expect(fetched).toMatchObject({ charges_enabled: true, payouts_enabled: true, requirements: { currently_due: [], past_due: [] } });
    expect(fetched.external_accounts.data[0].last4).toBe('6789');

    const updated = await client.stripeAccount.update({ requestedCapabilities: ['card_payments', 'transfers'] }, { expand: true });
    expect(updated.data.data.attributes.stripeAccountData.charges_enabled).toBe(true);
  });

  it('serves the spec names too (pay_account, payAccount, pay* meta) with the same handlers', async () => {
    const { token: accessToken } = await member('pay-names@example.com');
    const missing = await http(server.baseUrl, '/v1/api/pay_account/fetch', { headers: bearer(accessToken(), { accept: 'application/json' }) });
    expect(missing.status).toBe(409);
    expect(missing.body.errors[0].code).toBe('pay-account-not-found');
    const usRule = await pay('pay_account/create', accessToken(), { country: 'US' });
    expect(usRule.status).toBe(400);
    expect(usRule.body.errors[0]).toMatchObject({ code: 'validation-invalid-params', meta: { payMessage: expect.stringContaining('businessProfileURL') } });
    const created = await pay('pay_account/create?expand=true', accessToken(), { country: 'US', businessProfileProductDescription: 'Bikes', bankAccountToken: 'btok_us_verified' });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ type: 'payAccount', attributes: { payAccountId: expect.stringMatching(/^acct_/) } });
    expect(created.body.data.attributes.payAccountData.external_accounts.data).toHaveLength(1);
    const fetched = await http(server.baseUrl, '/v1/api/pay_account/fetch', { headers: bearer(accessToken(), { accept: 'application/json' }) });
    expect(fetched.body.data.attributes.payAccountId).toBe(created.body.data.attributes.payAccountId);
    const me = await pay('current_user/update_pay_account?expand=true&include=payAccount', accessToken(), { bankAccountToken: 'btok_us_verified' });
    expect(me.body.data).toMatchObject({ type: 'currentUser', attributes: { payConnected: true, stripeConnected: true } });
    expect(me.body.included[0].type).toBe('payAccount');
    const updated = await pay('pay_account/update?expand=true', accessToken(), { businessProfileMCC: '5734' });
    expect(updated.body.data.attributes.payAccountData.business_profile).toMatchObject({ mcc: '5734', product_description: 'Bikes' });
    const link = await pay('pay_account_links/create', accessToken(), { failureURL: 'http://x/f', successURL: 'http://x/s', type: 'custom_account_verification' });
    expect(link.body.data).toMatchObject({ type: 'payAccountLink', attributes: { url: expect.stringContaining('/v1/emulator/connect/onboarding/') } });
    const seti = await pay('pay_setup_intents/create', accessToken());
    expect(seti.body.data).toMatchObject({ type: 'paySetupIntent', attributes: { clientSecret: expect.stringMatching(/^seti_/) } });
    const customer = await pay('pay_customer/create?expand=true&include=defaultPaymentMethod', accessToken(), { stripePaymentMethodId: 'pm_card_visa' });
    expect(customer.body.included[0].attributes.card).toMatchObject({ brand: 'visa', last4Digits: '4242' });
    const transit = await http(server.baseUrl, '/v1/api/pay_account/update', { method: 'POST', headers: bearer(accessToken()), transit: { businessProfileURL: 'https://bikes.example' } });
    expect(transit.status).toBe(200);
    expect(transit.headers.get('content-type')).toMatch(/^application\/transit\+json/);
    const removed = await pay('current_user/delete_pay_account?expand=true', accessToken());
    expect(removed.body.data.attributes.payConnected).toBe(false);
  });

  it('answers bad input with 4xx and the provider meta under the stripe names, never a 500', async () => {
    const { client } = await member('bad-input@example.com');
    const noCountry = await failureOf(client.stripeAccount.create({}));
    expect(noCountry.status).toBe(400);
    expect(noCountry.data.errors[0]).toMatchObject({ code: 'validation-missing-key', source: { path: ['country'] } });
    const extra = await failureOf(client.stripeAccount.create({ country: 'US', businessProfileURL: 'https://x.example', colour: 'blue' }));
    expect(extra.data.errors[0]).toMatchObject({ code: 'validation-disallowed-key', source: { path: ['colour'] } });
    const badToken = await failureOf(client.stripeAccount.create({ country: 'US', businessProfileURL: 'https://x.example', accountToken: 'ct_nope' }));
    expect(badToken.status).toBe(400);
    expect(badToken.data.errors[0]).toMatchObject({ code: 'validation-invalid-params', meta: { stripeCode: 'resource_missing', stripeMessage: "No such token: 'ct_nope'" } });
    const usRule = await failureOf(client.stripeAccount.create({ country: 'US' }));
    expect(usRule.data.errors[0].meta).toHaveProperty('stripeMessage');
    const noAccount = await failureOf(client.stripeAccount.update({ businessProfileURL: 'https://x.example' }));
    expect(noAccount.status).toBe(409);
    expect(noAccount.data.errors[0].code).toBe('stripe-account-not-found');
    const noCustomer = await failureOf(client.stripeCustomer.addPaymentMethod({ stripePaymentMethodId: 'pm_card_visa' }));
    expect(noCustomer.data.errors[0]).toMatchObject({ status: 409, code: 'stripe-customer-not-found' });
    await client.stripeAccount.create({ country: 'FI', accountToken: await token('account', { business_type: 'individual' }) });
    const twice = await failureOf(client.stripeAccount.create({ country: 'FI' }));
    expect(twice.data.errors[0]).toMatchObject({ status: 409, code: 'stripe-account-already-exists' });
    const usedToken = await failureOf(client.currentUser.updateStripeAccount({ accountToken: 'ct_unknown' }));
    expect(usedToken.status).toBe(400);
    const noUrls = await failureOf(client.stripeAccountLinks.create({ type: 'custom_account_verification' }));
    expect(noUrls.data.errors.map((e: { code: string; source: { path: string[] } }) => [e.code, e.source.path[0]])).toEqual(
      expect.arrayContaining([['validation-missing-key', 'failureURL'], ['validation-missing-key', 'successURL']]),
    );
    const unknownCard = await failureOf(client.stripeCustomer.create({ stripePaymentMethodId: 'pm_nope' }));
    expect(unknownCard.data.errors[0]).toMatchObject({ status: 400, code: 'validation-invalid-params', meta: { stripeCode: 'resource_missing' } });
    const declinedCard = await failureOf(client.stripeCustomer.create({ stripePaymentMethodId: 'pm_card_visa_chargeDeclined' }));
    expect(declinedCard.data.errors[0]).toMatchObject({ status: 409, code: 'stripe-invalid-request', meta: { stripeCode: 'card_declined', stripeDeclineCode: 'generic_decline' } });
    const retried = await client.stripeCustomer.create({ stripePaymentMethodId: 'pm_card_visa' }, { expand: true, include: ['defaultPaymentMethod'] });
    expect(retried.data.included[0].attributes.card.last4Digits).toBe('4242');
  });

  it('answers malformed emulator calls with Stripe errors, never a 500', async () => {
    for (const path of ['tokens', 'payment_intents/confirm', 'payment_intents/retrieve', 'setup_intents/confirm']) {
      for (const body of [undefined, {}, [], { client_secret: 'pi_x_secret_nope', payment_method: 42 }]) {
        const res = await http(server.baseUrl, `/v1/emulator/stripe/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
      }
    }
    const secret = (await (await member('malformed@example.com')).client.stripeSetupIntents.create()).data.data.attributes.clientSecret;
    const badCard = await emulator('setup_intents/confirm', { client_secret: secret, payment_method: { card: { number: '1234', exp_month: 1, exp_year: 2040 } } });
    expect(badCard.status).toBe(402);
    expect(badCard.body.error).toMatchObject({ type: 'card_error', code: 'incorrect_number' });
    expect((await fetch(`${server.baseUrl}/v1/emulator/connect/onboarding/zz/acct_x/nope`, { redirect: 'manual' })).status).toBe(404);
  });

  it('a customer saves a card through a setup intent, sees it on currentUser, replaces and deletes it', async () => {
    const { client } = await member('customer@example.com');
    const seti = await client.stripeSetupIntents.create();
    const clientSecret = seti.data.data.attributes.clientSecret;
    expect(seti.data.data.type).toBe('stripeSetupIntent');
    expect(clientSecret).toMatch(/^seti_.+_secret_/);

    const declined = await emulator('setup_intents/confirm', { client_secret: clientSecret, payment_method: { card: { number: '4000000000000002', exp_month: 12, exp_year: 2040, cvc: '123' } } });
    expect(declined.status).toBe(402);
    expect(declined.body.error).toMatchObject({ type: 'card_error', code: 'card_declined', decline_code: 'generic_decline' });

    const setup = await emulator('setup_intents/confirm', { client_secret: clientSecret, payment_method: { card: { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2040, cvc: '123' } } });
    expect(setup.body.setupIntent).toMatchObject({ status: 'succeeded', payment_method: expect.stringMatching(/^pm_/) });

    const customer = await client.stripeCustomer.create({ stripePaymentMethodId: setup.body.setupIntent.payment_method }, { expand: true, include: ['defaultPaymentMethod'] });
    expect(customer.data.data).toMatchObject({ type: 'stripeCustomer', attributes: { stripeCustomerId: expect.stringMatching(/^cus_/) } });
    expect(customer.data.included[0]).toMatchObject({
      type: 'stripePaymentMethod',
      attributes: { type: 'stripe-payment-method/card', stripePaymentMethodId: setup.body.setupIntent.payment_method, card: { brand: 'visa', last4Digits: '4242', expirationMonth: 12, expirationYear: 2040 } },
    });
    const me = await client.currentUser.show({ include: ['stripeCustomer.defaultPaymentMethod'] });
    expect(me.data.included.map((r: { type: string }) => r.type).sort()).toEqual(['stripeCustomer', 'stripePaymentMethod']);

    await client.stripeCustomer.deletePaymentMethod({}, { expand: true });
    const without = await client.currentUser.show({ include: ['stripeCustomer.defaultPaymentMethod'] });
    expect(without.data.included.map((r: { type: string }) => r.type)).toEqual(['stripeCustomer']);
    await client.stripeCustomer.addPaymentMethod({ stripePaymentMethodId: 'pm_card_mastercard' });
    const replaced = await client.currentUser.show({ include: ['stripeCustomer.defaultPaymentMethod'] });
    expect(replaced.data.included.find((r: { type: string }) => r.type === 'stripePaymentMethod').attributes.card).toMatchObject({ brand: 'mastercard', last4Digits: '4444' });
  });

  it('adds persons to an account and removes the account (current_user/delete_stripe_account)', async () => {
    const { client } = await member('company@example.com');
    expect((await failureOf(client.currentUser.createStripeAccount({}))).data.errors[0]).toMatchObject({ code: 'validation-missing-key', source: { path: ['country'] } });
    const me0 = await client.currentUser.createStripeAccount({ country: 'DE', accountToken: await token('account', { business_type: 'company' }) }, { expand: true });
    expect(me0.data.data.attributes.stripeConnected).toBe(true);
    const person = await client.stripePersons.create({ personToken: await token('person', { first_name: 'Erika', relationship: { representative: true } }) }, { expand: true });
    expect(person.data.data).toMatchObject({ type: 'stripePerson', attributes: { stripePersonId: expect.stringMatching(/^person_/) } });
    const me = await client.currentUser.deleteStripeAccount({}, { expand: true });
    expect(me.data.data.attributes.stripeConnected).toBe(false);
    expect((await failureOf(client.stripeAccount.fetch())).data.errors[0]).toMatchObject({ status: 409, code: 'stripe-account-not-found' });
  });

  it('keeps each user to their own payment set-up, and each marketplace to its own', async () => {
    const other = await server.createMarketplace('Other marketplace');
    const outsider = await member('outsider@example.com', other);
    expect((await failureOf(outsider.client.stripeAccount.fetch())).data.errors[0].code).toBe('stripe-account-not-found');
    const anonymous = marketplaceSdk(server.baseUrl, server.marketplace);
    expect((await failureOf(anonymous.stripeAccount.fetch())).data.errors[0]).toMatchObject({ status: 403, code: 'forbidden' });
    // The onboarding link of one marketplace's account is not found through another marketplace's id.
    const bogus = await fetch(`${server.baseUrl}/v1/emulator/connect/onboarding/${other.marketplaceId.replace(/-/g, '')}/acct_x/nope`, { redirect: 'manual' });
    expect(bogus.status).toBe(404);
  });

  it('runs payment intents through the port: confirm by client secret (as the stand-in does), capture, refund, balances and payouts, idempotently', async () => {
    const provider = server.app.get<PaymentProvider>(PAYMENT_PROVIDER);
    const mp = server.marketplace.marketplaceId;
    const { client } = await member('seller@example.com');
    const created = await client.stripeAccount.create({ country: 'US', businessProfileURL: 'https://seller.example', bankAccountToken: 'btok_us_verified' }, { expand: true });
    const link = await client.stripeAccountLinks.create({ failureURL: 'http://x/f', successURL: 'http://x/s', type: 'custom_account_verification' });
    await fetch(link.data.data.attributes.url, { redirect: 'manual' });
    const destination = created.data.data.attributes.stripeAccountId;

    const params = { amount: 10_000, currency: 'USD', applicationFeeAmount: 1_000, transferDestination: destination };
    const pi = await provider.createPaymentIntent({ marketplaceId: mp, idempotencyKey: 'tx-1:request-payment' }, params);
    expect(pi).toMatchObject({ status: 'requires_payment_method', amount: 10_000, currency: 'usd', client_secret: expect.stringMatching(/^pi_.+_secret_/) });
    expect((await provider.createPaymentIntent({ marketplaceId: mp, idempotencyKey: 'tx-1:request-payment' }, params)).id).toBe(pi.id);

    const retrieved = await emulator('payment_intents/retrieve', { client_secret: pi.client_secret });
    expect(retrieved.body.paymentIntent.status).toBe('requires_payment_method');
    const declined = await emulator('payment_intents/confirm', { client_secret: pi.client_secret, payment_method: 'pm_card_chargeDeclined' });
    expect(declined.body.error).toMatchObject({ code: 'card_declined', payment_intent: { id: pi.id, status: 'requires_payment_method' } });
    const confirmed = await emulator('payment_intents/confirm', { client_secret: pi.client_secret, payment_method: { card: { number: '4000002500003155', exp_month: 1, exp_year: 2041, cvc: '123' } } });
    expect(confirmed.body.paymentIntent).toMatchObject({ status: 'requires_capture', payment_method: expect.stringMatching(/^pm_/) });

    const captured = await provider.capturePaymentIntent({ marketplaceId: mp, idempotencyKey: 'tx-1:capture' }, pi.id);
    await provider.capturePaymentIntent({ marketplaceId: mp, idempotencyKey: 'tx-1:capture' }, pi.id);
    expect(captured.status).toBe('succeeded');
    expect(await provider.retrieveBalance({ marketplaceId: mp }, destination)).toEqual({ object: 'balance', available: [], pending: [{ amount: 9_000, currency: 'usd' }] });
    const tooMuch = await provider.createPayout({ marketplaceId: mp, idempotencyKey: 'tx-1:payout-0' }, destination, { amount: 9_001, currency: 'usd' }).catch((e) => e);
    expect(tooMuch).toBeInstanceOf(PaymentProviderError);
    // Funds on hold: the payout is made, pending until they are released (two days after the capture).
    const early = await provider.createPayout({ marketplaceId: mp, idempotencyKey: 'tx-1:payout' }, destination, { amount: 500, currency: 'usd' });
    expect(early).toMatchObject({ object: 'payout', amount: 500, status: 'pending' });
    expect(early.arrival_date).toBeGreaterThan(Math.floor(server.clock.now().getTime() / 1000));

    // Forward only, not undone: the payout and refund below are stored at the later time (see TEST_START).
    server.clock.advance(3 * DAY);
    expect((await provider.retrieveBalance({ marketplaceId: mp }, destination)).available).toEqual([{ amount: 8_500, currency: 'usd' }]);
    const payout = await provider.createPayout({ marketplaceId: mp, idempotencyKey: 'tx-1:payout-2' }, destination, { amount: 4_000, currency: 'usd' });
    expect(payout).toMatchObject({ object: 'payout', amount: 4_000, status: 'paid' });
    const refund = await provider.refundPaymentIntent({ marketplaceId: mp, idempotencyKey: 'tx-1:refund' }, pi.id, { amount: 5_000 });
    await provider.refundPaymentIntent({ marketplaceId: mp, idempotencyKey: 'tx-1:refund' }, pi.id, { amount: 5_000 });
    expect(refund).toMatchObject({ object: 'refund', amount: 5_000 });
    expect((await provider.retrieveBalance({ marketplaceId: mp }, destination)).available).toEqual([{ amount: 0, currency: 'usd' }]);

    const cancelled = await provider.createPaymentIntent({ marketplaceId: mp, idempotencyKey: 'tx-2' }, { ...params, paymentMethod: 'pm_card_visa', confirm: true });
    expect(cancelled.status).toBe('requires_capture');
    expect((await provider.cancelPaymentIntent({ marketplaceId: mp, idempotencyKey: 'tx-2:cancel' }, cancelled.id)).status).toBe('canceled');
  });

  it('gives concurrent account creations of one user exactly one account (the others answer 409)', async () => {
    const { client } = await member('racer@example.com');
    const body = { country: 'US', businessProfileURL: 'https://racer.example' };
    const results = await Promise.allSettled([1, 2, 3, 4].map(() => client.stripeAccount.create(body, { expand: true })));
    const won = results.filter((r) => r.status === 'fulfilled') as Array<PromiseFulfilledResult<any>>;
    expect(won.length).toBeGreaterThanOrEqual(1);
    for (const r of results.filter((x) => x.status === 'rejected') as PromiseRejectedResult[]) expect(r.reason.data.errors[0]).toMatchObject({ status: 409, code: expect.stringMatching(/^(conflict|stripe-account-already-exists)$/) });
    const ids = new Set(won.map((r) => r.value.data.data.attributes.stripeAccountId));
    expect(ids.size).toBe(1);
    const fetched = await client.stripeAccount.fetch();
    expect(ids.has(fetched.data.data.attributes.stripeAccountId)).toBe(true);
  });

  it('keeps card numbers and provider secrets out of the log, and payment events out of events/query', async () => {
    // The whole log as stored (Transit verbose JSON), whichever store holds it.
    const all = await server.infra.events.readAll({ limit: 1_000_000 });
    const text = all.map((e) => encodeStored(e.data) + encodeStored(e.metadata)).join('\n');
    expect(text.length).toBeGreaterThan(1000);
    expect(text).not.toContain('4242424242424242');
    expect(text).not.toContain('4242 4242 4242 4242');
    expect(text).not.toContain('4000002500003155');
    expect(text).not.toMatch(/sk_(test|live)_/);
    const integ = integrationSdkFor(server.baseUrl, server.marketplace);
    const events = await integ.events.query({ startAfterSequenceId: 0 });
    const types = new Set(events.data.data.map((e: { attributes: { eventType: string } }) => e.attributes.eventType));
    expect([...types].filter((t) => /pay|stripe/i.test(String(t)))).toEqual([]);
  });
});
