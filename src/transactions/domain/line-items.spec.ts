import { ApiError } from '../../shared/api-error';
import { BigDecimal, Money } from '../../shared/values';
import { fullRefund, priceLineItems, roundHalfUp, decimalOf } from './line-items';

const eur = (amount: number) => new Money(amount, 'EUR');
const codesOf = (f: () => unknown): Array<[string, string]> => {
  try {
    f();
  } catch (e) {
    return (e as ApiError).items.map((i) => [i.code, i.source!.path.join('.')]);
  }
  throw new Error('expected an error');
};

describe('line items', () => {
  it('prices quantities, fractional hours, percentages and seats × units, each rounded half-up', () => {
    const { lineItems, payinTotal, payoutTotal } = priceLineItems([
      { code: 'line-item/hour', unitPrice: eur(1000), quantity: 2.5 },
      { code: 'line-item/customer-commission', unitPrice: eur(2500), percentage: 10, includeFor: ['customer'] },
      { code: 'line-item/provider-commission', unitPrice: eur(2500), percentage: new BigDecimal('-15.5'), includeFor: ['provider'] },
      { code: 'line-item/night', unitPrice: eur(333), seats: 2, units: '1.5' },
    ]);
    expect(lineItems.map((l) => l.lineTotal.amount)).toEqual([2500, 250, -388, 999]);
    expect(lineItems[2]).toMatchObject({ percentage: '-15.5', quantity: null, includeFor: ['provider'], reversal: false });
    expect(lineItems[3]).toMatchObject({ seats: 2, units: '1.5', quantity: '3' });
    expect(payinTotal).toEqual({ amount: 2500 + 250 + 999, currency: 'EUR' });
    expect(payoutTotal).toEqual({ amount: 2500 - 388 + 999, currency: 'EUR' });
  });

  it('rounds ties away from zero and multiplies decimals exactly', () => {
    expect(roundHalfUp(decimalOf('2.5')!)).toBe(3);
    expect(roundHalfUp(decimalOf('-2.5')!)).toBe(-3);
    expect(roundHalfUp(decimalOf('2.4999')!)).toBe(2);
    // 0.1 + 0.2 float error does not leak: 3 × 0.35 h of 1000 = 1050 exactly
    expect(priceLineItems([{ code: 'line-item/hour', unitPrice: eur(3000), quantity: 0.35 }]).lineItems[0].lineTotal.amount).toBe(1050);
    expect(priceLineItems([{ code: 'line-item/x', unitPrice: eur(1), quantity: 0.5 }]).lineItems[0].lineTotal.amount).toBe(1);
  });

  it('checks a given lineTotal, the code, the forms, includeFor, the currency, the count and negative totals', () => {
    expect(codesOf(() => priceLineItems([{ code: 'line-item/x', unitPrice: eur(100), quantity: 2, lineTotal: eur(201) }]))).toEqual([
      ['validation-invalid-value', 'params.lineItems.0.lineTotal'],
    ]);
    expect(priceLineItems([{ code: 'line-item/x', unitPrice: eur(100), quantity: 2, lineTotal: eur(200) }]).payinTotal!.amount).toBe(200);
    expect(
      codesOf(() =>
        priceLineItems([
          { code: 'item', unitPrice: eur(1), quantity: 1 },
          { code: 'line-item/a', unitPrice: eur(1), quantity: 1, percentage: 5 },
          { code: 'line-item/b', unitPrice: eur(1), quantity: 1, includeFor: ['admin'] },
          { code: `line-item/${'x'.repeat(60)}`, unitPrice: 5, quantity: 1 },
        ]),
      ),
    ).toEqual([
      ['validation-invalid-value', 'params.lineItems.0.code'],
      ['validation-invalid-value', 'params.lineItems.1'],
      ['validation-invalid-value', 'params.lineItems.2.includeFor'],
      ['validation-invalid-value', 'params.lineItems.3.code'],
      ['validation-invalid-value', 'params.lineItems.3.unitPrice'],
    ]);
    expect(codesOf(() => priceLineItems([{ code: 'line-item/a', unitPrice: eur(1), quantity: 1 }, { code: 'line-item/b', unitPrice: new Money(1, 'USD'), quantity: 1 }]))).toEqual([
      ['validation-invalid-value', 'params.lineItems'],
    ]);
    expect(codesOf(() => priceLineItems(Array.from({ length: 51 }, () => ({ code: 'line-item/a', unitPrice: eur(1), quantity: 1 }))))).toEqual([
      ['validation-invalid-value', 'params.lineItems'],
    ]);
    expect(codesOf(() => priceLineItems([{ code: 'line-item/a', unitPrice: eur(100), quantity: 1 }, { code: 'line-item/fee', unitPrice: eur(-200), quantity: 1, includeFor: ['provider'] }]))).toEqual([
      ['validation-invalid-value', 'params.lineItems'],
    ]);
  });

  it('reverses every item on a full refund, leaving both totals at zero', () => {
    const priced = priceLineItems([
      { code: 'line-item/day', unitPrice: eur(5000), quantity: 2 },
      { code: 'line-item/provider-commission', unitPrice: eur(10000), percentage: -10, includeFor: ['provider'] },
    ]);
    const refunded = fullRefund(priced.lineItems);
    expect(refunded.lineItems).toHaveLength(4);
    expect(refunded.lineItems.slice(2)).toEqual([
      expect.objectContaining({ code: 'line-item/day', quantity: '-2', lineTotal: { amount: -10000, currency: 'EUR' }, reversal: true, includeFor: ['customer', 'provider'] }),
      expect.objectContaining({ code: 'line-item/provider-commission', percentage: '10', lineTotal: { amount: 1000, currency: 'EUR' }, reversal: true, includeFor: ['provider'] }),
    ]);
    expect(refunded.payinTotal).toEqual({ amount: 0, currency: 'EUR' });
    expect(refunded.payoutTotal).toEqual({ amount: 0, currency: 'EUR' });
  });
});
