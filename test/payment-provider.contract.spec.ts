import { PAYMENT_PROVIDER, PaymentProvider } from '../src/payments/payment-provider.port';
import { StripePaymentProvider } from '../src/payments/stripe-payment-provider';
import { paymentProviderContract } from './payment-provider.contract';
import { startTestServer } from './support/test-server';

paymentProviderContract('embedded emulator', async () => {
  const server = await startTestServer();
  return { provider: server.app.get<PaymentProvider>(PAYMENT_PROVIDER), marketplaceId: server.marketplace.marketplaceId, cleanup: () => server.close(), now: () => server.clock.now() };
});

// Stripe in test mode, as the other production adapters run: only when its key is given.
const stripeKey = process.env.STRIPE_SECRET_KEY;
if (stripeKey) {
  paymentProviderContract('Stripe (test mode)', async () => ({
    provider: new StripePaymentProvider(stripeKey),
    marketplaceId: '00000000-0000-4000-8000-000000000000',
    cleanup: async () => undefined,
  }));
} else {
  describe.skip('payment provider contract: Stripe (set STRIPE_SECRET_KEY to a test-mode key to run)', () => {
    it('runs against Stripe test mode', () => undefined);
  });
}
