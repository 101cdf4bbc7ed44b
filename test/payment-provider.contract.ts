import { randomUUID } from 'node:crypto';
import { PaymentProvider, PaymentProviderError } from '../src/payments/payment-provider.port';

/**
 * One contract for every adapter of the payment-provider port (the emulator always; Stripe in test mode when
 * STRIPE_SECRET_KEY is set). It uses only what both accept without a browser: Stripe's test payment methods.
 */
/** `now`: the provider's clock (the test server's fixed clock for the emulator; real time for Stripe). */
export const paymentProviderContract = (name: string, open: () => Promise<{ provider: PaymentProvider; marketplaceId: string; cleanup(): Promise<void>; now?: () => Date }>) =>
  describe(`payment provider contract: ${name}`, () => {
    let provider: PaymentProvider;
    let marketplaceId: string;
    let cleanup: () => Promise<void>;
    let now: () => Date = () => new Date();
    const key = (what: string) => ({ marketplaceId, idempotencyKey: `${what}-${randomUUID()}` });
    const refusal = (promise: Promise<unknown>) => promise.then(() => { throw new Error('expected a refusal'); }, (e) => e as PaymentProviderError);

    beforeAll(async () => {
      let opened: Awaited<ReturnType<typeof open>>;
      ({ provider, marketplaceId, cleanup } = opened = await open());
      if (opened.now) now = opened.now;
    }, 60_000);
    afterAll(() => cleanup());

    it('creates, retrieves and updates a connected account; the same key answers the same account', async () => {
      const call = key('account');
      const params = { country: 'US', businessProfile: { mcc: '5734', url: 'https://example.com' }, requestedCapabilities: ['card_payments', 'transfers'] };
      const account = await provider.createAccount(call, params);
      expect(account).toMatchObject({ object: 'account', country: 'US', id: expect.stringMatching(/^acct_/) });
      expect(Array.isArray(account.requirements.currently_due)).toBe(true);
      expect((await provider.createAccount(call, params)).id).toBe(account.id);
      expect((await provider.retrieveAccount({ marketplaceId }, account.id)).id).toBe(account.id);
      const updated = await provider.updateAccount(key('update'), account.id, { businessProfile: { productDescription: 'Bikes' } });
      expect(updated.business_profile).toMatchObject({ product_description: 'Bikes' });
      const link = await provider.createAccountLink(key('link'), account.id, { successURL: 'https://example.com/ok', failureURL: 'https://example.com/ko', type: 'account_onboarding', origin: 'http://127.0.0.1' });
      expect(link.url).toMatch(/^https?:\/\//);
      expect(link.expiresAt.getTime()).toBeGreaterThan(now().getTime() - 60_000);
    });

    it('refuses an unknown account and an unknown token with invalid_request_error', async () => {
      expect((await refusal(provider.retrieveAccount({ marketplaceId }, 'acct_doesnotexist'))).body.type).toBe('invalid_request_error');
      expect((await refusal(provider.createAccount(key('bad'), { country: 'US', accountToken: 'ct_doesnotexist' }))).body.type).toBe('invalid_request_error');
    });

    it('saves a default card on a customer and detaches it', async () => {
      const customer = await provider.createCustomer(key('customer'), { email: 'contract@example.com' });
      const pm = await provider.attachPaymentMethod(key('attach'), customer.id, 'pm_card_visa');
      expect(pm).toMatchObject({ object: 'payment_method', type: 'card', customer: customer.id, card: { brand: 'visa', last4: '4242' } });
      expect((await provider.detachPaymentMethod(key('detach'), pm.id)).customer).toBeNull();
      const seti = await provider.createSetupIntent(key('seti'), { customer: customer.id });
      expect(seti).toMatchObject({ object: 'setup_intent', status: 'requires_payment_method', client_secret: expect.stringContaining('_secret_') });
    });

    it('preauthorises, captures and refunds a payment intent; the same key never charges twice', async () => {
      const call = key('pi');
      const pi = await provider.createPaymentIntent(call, { amount: 2_000, currency: 'usd', paymentMethod: 'pm_card_visa', captureMethod: 'manual' });
      expect(pi).toMatchObject({ object: 'payment_intent', status: 'requires_confirmation', amount: 2_000, currency: 'usd' });
      expect((await provider.createPaymentIntent(call, { amount: 2_000, currency: 'usd', paymentMethod: 'pm_card_visa', captureMethod: 'manual' })).id).toBe(pi.id);
      const confirm = key('confirm');
      expect((await provider.confirmPaymentIntent(confirm, pi.id)).status).toBe('requires_capture');
      expect((await provider.confirmPaymentIntent(confirm, pi.id)).status).toBe('requires_capture');
      const captured = await provider.capturePaymentIntent(key('capture'), pi.id);
      expect(captured).toMatchObject({ status: 'succeeded', amount_received: 2_000 });
      expect(await provider.refundPaymentIntent(key('refund'), pi.id)).toMatchObject({ object: 'refund', amount: 2_000 });
    });

    it('declines pm_card_chargeDeclined with card_declined and cancels an authorised intent', async () => {
      const pi = await provider.createPaymentIntent(key('declined'), { amount: 2_000, currency: 'usd', paymentMethod: 'pm_card_chargeDeclined' });
      const error = await refusal(provider.confirmPaymentIntent(key('confirm'), pi.id));
      expect(error.body).toMatchObject({ type: 'card_error', code: 'card_declined' });
      expect((await provider.retrievePaymentIntent({ marketplaceId }, pi.id)).status).toBe('requires_payment_method');
      const held = await provider.createPaymentIntent(key('held'), { amount: 2_000, currency: 'usd', paymentMethod: 'pm_card_visa', confirm: true });
      expect(held.status).toBe('requires_capture');
      expect((await provider.cancelPaymentIntent(key('cancel'), held.id)).status).toBe('canceled');
      expect((await refusal(provider.capturePaymentIntent(key('late'), held.id))).body.type).toBe('invalid_request_error');
    });
  });
