import { PAYMENT_PROVIDER, PaymentProvider } from '../src/payments/payment-provider.port';
import { http } from './support/http';
import { marketplaceSdk } from './support/sdks';
import { startTestServer, TestServer } from './support/test-server';

const PASSWORD = 'secret-password';

/**
 * Issue 24, item 5: a user cannot pay with another user's saved card through the emulator, as at Stripe (a payment
 * method attached to a customer pays only that customer's intents).
 */
describe("the payment emulator refuses another customer's saved card", () => {
  let server: TestServer;
  const provider = () => server.app.get<PaymentProvider>(PAYMENT_PROVIDER);
  const emulator = (path: string, body: unknown) =>
    http(server.baseUrl, `/v1/emulator/stripe/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const member = async (email: string) => {
    const client = marketplaceSdk(server.baseUrl, server.marketplace);
    await client.currentUser.create({ email, password: PASSWORD, firstName: 'C', lastName: 'O' });
    await client.login({ username: email, password: PASSWORD });
    return client;
  };
  /** A card saved as the Web Template saves one: a setup intent confirmed in the browser, then stripe_customer/create. */
  const savedCard = async (client: any) => {
    const seti = (await client.stripeSetupIntents.create()).data.data.attributes.clientSecret;
    const setup = await emulator('setup_intents/confirm', { client_secret: seti, payment_method: { card: { number: '4242424242424242', exp_month: 12, exp_year: 2040, cvc: '123' } } });
    const customer = await client.stripeCustomer.create({ stripePaymentMethodId: setup.body.setupIntent.payment_method }, { expand: true });
    return { pm: setup.body.setupIntent.payment_method as string, customer: customer.data.data.attributes.stripeCustomerId as string };
  };
  const intent = (key: string, customer?: string) => provider().createPaymentIntent({ marketplaceId: server.marketplace.marketplaceId, idempotencyKey: key }, { amount: 5_000, currency: 'usd', ...(customer ? { customer } : {}) });

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it("confirming my intent with your card is refused (with or without a customer on it); yours pays yours", async () => {
    const victim = await savedCard(await member('victim@example.com'));
    const attacker = await savedCard(await member('attacker@example.com'));
    for (const pi of [await intent('no-customer'), await intent('attackers', attacker.customer)]) {
      const refused = await emulator('payment_intents/confirm', { client_secret: pi.client_secret, payment_method: victim.pm });
      expect([refused.status, refused.body.error?.type, refused.body.error?.param]).toEqual([400, 'invalid_request_error', 'payment_method']);
      expect((await provider().retrievePaymentIntent({ marketplaceId: server.marketplace.marketplaceId }, pi.id)).status).toBe('requires_payment_method');
    }
    const own = await intent('victims', victim.customer);
    expect((await emulator('payment_intents/confirm', { client_secret: own.client_secret, payment_method: victim.pm })).body.paymentIntent.status).toBe('requires_capture');
    const mine = await intent('attackers-own', attacker.customer);
    expect((await emulator('payment_intents/confirm', { client_secret: mine.client_secret, payment_method: attacker.pm })).body.paymentIntent.status).toBe('requires_capture');
  });

  it("an intent created with another customer's card is refused at creation", async () => {
    const victim = await savedCard(await member('victim2@example.com'));
    const attacker = await savedCard(await member('attacker2@example.com'));
    const create = provider().createPaymentIntent(
      { marketplaceId: server.marketplace.marketplaceId, idempotencyKey: 'with-victims-card' },
      { amount: 5_000, currency: 'usd', customer: attacker.customer, paymentMethod: victim.pm, confirm: true },
    );
    await expect(create).rejects.toMatchObject({ body: { type: 'invalid_request_error', param: 'payment_method' } });
  });
});
