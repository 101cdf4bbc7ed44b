import { invalidRequest, PaymentProviderError } from './provider-error';

/**
 * Stripe's test cards and test payment methods, and what the emulator does with each (Stripe's test-mode
 * documentation: "Testing"). Any future expiry, any CVC and any postal code are accepted. Only brand, last four
 * digits, expiry and the behaviour are ever kept: a full card number never leaves this module.
 */
export type CardOutcome =
  /** Every setup and charge succeeds. */
  | 'succeed'
  /** Declined at once, when saved (setup) and when charged. */
  | 'decline'
  /** Saving succeeds; charging it is declined (Stripe's 4000 0000 0000 0341, `pm_card_chargeDeclined`). */
  | 'decline-on-charge'
  /** Needs the customer's authentication (3-D Secure) before it can be charged or saved. */
  | 'authenticate';

export interface CardBehaviour {
  brand: string;
  last4: string;
  outcome: CardOutcome;
  declineCode?: string;
  country?: string;
}

const cards: Record<string, Omit<CardBehaviour, 'last4'>> = {
  '4242424242424242': { brand: 'visa', outcome: 'succeed', country: 'US' },
  '4000056655665556': { brand: 'visa', outcome: 'succeed', country: 'US' },
  '5555555555554444': { brand: 'mastercard', outcome: 'succeed', country: 'US' },
  '378282246310005': { brand: 'amex', outcome: 'succeed', country: 'US' },
  '4000000000000002': { brand: 'visa', outcome: 'decline', declineCode: 'generic_decline' },
  '4000000000009995': { brand: 'visa', outcome: 'decline', declineCode: 'insufficient_funds' },
  '4000000000009987': { brand: 'visa', outcome: 'decline', declineCode: 'lost_card' },
  '4000000000000341': { brand: 'visa', outcome: 'decline-on-charge', declineCode: 'generic_decline' },
  '4000002500003155': { brand: 'visa', outcome: 'authenticate' },
  '4000002760003184': { brand: 'visa', outcome: 'authenticate' },
};

/** Stripe's test payment method ids: usable wherever a payment method id is, in test mode. */
export const TEST_PAYMENT_METHODS: Record<string, CardBehaviour> = {
  pm_card_visa: { brand: 'visa', last4: '4242', outcome: 'succeed', country: 'US' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', outcome: 'succeed', country: 'US' },
  pm_card_amex: { brand: 'amex', last4: '8431', outcome: 'succeed', country: 'US' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0341', outcome: 'decline-on-charge', declineCode: 'generic_decline' },
  pm_card_visa_chargeDeclined: { brand: 'visa', last4: '0002', outcome: 'decline', declineCode: 'generic_decline' },
  pm_card_chargeDeclinedInsufficientFunds: { brand: 'visa', last4: '9995', outcome: 'decline', declineCode: 'insufficient_funds' },
  pm_card_authenticationRequired: { brand: 'visa', last4: '3184', outcome: 'authenticate' },
  pm_card_threeDSecure2Required: { brand: 'visa', last4: '3155', outcome: 'authenticate' },
};

const luhn = (digits: string): boolean => {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
};

const brandOf = (digits: string): string =>
  /^4/.test(digits) ? 'visa' : /^(5[1-5]|2[2-7])/.test(digits) ? 'mastercard' : /^3[47]/.test(digits) ? 'amex' : /^6/.test(digits) ? 'discover' : 'unknown';

const cardError = (code: string, message: string, param: string): PaymentProviderError =>
  new PaymentProviderError({ type: 'card_error', code, message, param });

export interface CardDetails {
  number: unknown;
  exp_month: unknown;
  exp_year: unknown;
  cvc?: unknown;
}

/**
 * What a card typed into the card element does: a known test number behaves as Stripe documents, any other number
 * with a valid checksum succeeds. Errors are Stripe's: `incorrect_number`, `invalid_expiry_month`/`_year`,
 * `expired_card`, `invalid_cvc`.
 */
export const cardBehaviour = (card: CardDetails, now: Date): CardBehaviour & { expMonth: number; expYear: number } => {
  const digits = String(card.number ?? '').replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !luhn(digits)) throw cardError('incorrect_number', 'Your card number is incorrect.', 'number');
  const month = Number(card.exp_month);
  let year = Number(card.exp_year);
  if (!Number.isInteger(month) || month < 1 || month > 12) throw cardError('invalid_expiry_month', "Your card's expiration month is invalid.", 'exp_month');
  if (!Number.isInteger(year)) throw cardError('invalid_expiry_year', "Your card's expiration year is invalid.", 'exp_year');
  if (year < 100) year += 2000;
  const endOfMonth = Date.UTC(year, month, 1);
  if (endOfMonth <= now.getTime()) throw cardError('expired_card', 'Your card has expired.', 'exp_year');
  if (card.cvc !== undefined && card.cvc !== null && card.cvc !== '' && !/^\d{3,4}$/.test(String(card.cvc)))
    throw cardError('invalid_cvc', "Your card's security code is invalid.", 'cvc');
  const known = cards[digits];
  return { ...(known ?? { brand: brandOf(digits), outcome: 'succeed' as const }), last4: digits.slice(-4), expMonth: month, expYear: year };
};

export const testPaymentMethod = (id: string): CardBehaviour | null => TEST_PAYMENT_METHODS[id] ?? null;

export const unknownPaymentMethod = (id: string, param = 'payment_method'): PaymentProviderError =>
  invalidRequest(`No such PaymentMethod: '${id}'`, 'resource_missing', param);

/** The card error of a declined charge or setup, as Stripe words it. */
export const declined = (declineCode = 'generic_decline'): PaymentProviderError =>
  new PaymentProviderError({
    type: 'card_error',
    code: 'card_declined',
    decline_code: declineCode,
    message: declineCode === 'insufficient_funds' ? 'Your card has insufficient funds.' : 'Your card was declined.',
  });
