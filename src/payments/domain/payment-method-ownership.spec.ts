import { usableBy } from './emulated-payment-intent';
import { PaymentProviderError } from './provider-error';
import type { ProviderPaymentMethod } from './provider-objects';

const method = (customer: string | null): ProviderPaymentMethod =>
  ({ id: 'pm_1', object: 'payment_method', type: 'card', card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2040 }, customer }) as ProviderPaymentMethod;

describe('a payment method on a payment intent (Stripe: a customer\'s method pays only that customer\'s intents)', () => {
  it('a method attached to the intent\'s customer, an unattached one, or a test method (no object) may pay', () => {
    expect(() => usableBy(method('cus_a'), 'cus_a')).not.toThrow();
    expect(() => usableBy(method(null), 'cus_a')).not.toThrow();
    expect(() => usableBy(method(null), null)).not.toThrow();
    expect(() => usableBy(null, null)).not.toThrow();
  });

  it("another customer's method is refused, with or without a customer on the intent", () => {
    for (const intentCustomer of ['cus_b', null]) {
      let refusal: unknown;
      try {
        usableBy(method('cus_a'), intentCustomer);
      } catch (error) {
        refusal = error;
      }
      expect(refusal).toBeInstanceOf(PaymentProviderError);
      expect((refusal as PaymentProviderError).body).toMatchObject({ type: 'invalid_request_error', code: 'payment_method_unexpected_state', param: 'payment_method' });
    }
  });
});
