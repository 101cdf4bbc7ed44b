import { PaymentProviderError } from './provider-error';
import { AccountCommand, AccountState, balanceOf, decideAccount, initialAccountState } from './emulated-account';
import { decideSetupIntent, initialSetupIntentState } from './emulated-customer';
import { EmulatedState, EmulatorEvent, evolveEmulated, outcomeOf } from './emulated-object';
import { decidePaymentIntent, initialPaymentIntentState, PaymentIntentCommand, PaymentIntentState } from './emulated-payment-intent';
import { cardBehaviour, testPaymentMethod } from './test-cards';

const now = new Date('2026-03-01T10:00:00.000Z');
const fold = <S extends EmulatedState<any, any>>(initial: S, events: EmulatorEvent[]): S => events.reduce((s, e) => evolveEmulated(s, e), initial);

/** given(commands…) for one decider: applies each command's events in turn, so the history is real. */
const run = <S extends EmulatedState<any, any>, C>(decide: (c: C, s: S) => EmulatorEvent[], initial: S, commands: C[]): S =>
  commands.reduce((s, c) => fold(s, decide(c, s)), initial);

const create = (over: Partial<Extract<PaymentIntentCommand, { type: 'create' }>> = {}): PaymentIntentCommand => ({
  type: 'create',
  id: 'pi_1',
  clientSecret: 'pi_1_secret_x',
  amount: 10_000,
  currency: 'USD',
  customer: null,
  paymentMethod: null,
  captureMethod: 'manual',
  applicationFeeAmount: 1_000,
  transferDestination: 'acct_1',
  setupFutureUsage: null,
  metadata: {},
  key: 'k-create',
  now,
  ...over,
});
const visa = testPaymentMethod('pm_card_visa')!;
const intent = (...commands: PaymentIntentCommand[]): PaymentIntentState => run(decidePaymentIntent, initialPaymentIntentState(), commands);
const refusal = (f: () => unknown): PaymentProviderError => {
  try {
    f();
  } catch (error) {
    return error as PaymentProviderError;
  }
  throw new Error('expected a refusal');
};

describe('emulated payment intent', () => {
  it('given nothing, when created without a payment method, then it requires one (amounts in minor units, currency lower case)', () => {
    const s = intent(create());
    expect(s.object).toMatchObject({ status: 'requires_payment_method', amount: 10_000, currency: 'usd', client_secret: 'pi_1_secret_x', transfer_data: { destination: 'acct_1' } });
  });

  it('given a payment method, when created, then it requires confirmation; confirming a good card holds it for capture; capture succeeds', () => {
    const s = intent(create({ paymentMethod: 'pm_card_visa' }));
    expect(s.object!.status).toBe('requires_confirmation');
    const held = intent(create({ paymentMethod: 'pm_card_visa' }), { type: 'confirm', paymentMethod: null, card: visa, key: 'k-confirm' });
    expect(held.object).toMatchObject({ status: 'requires_capture', amount_capturable: 10_000, payment_method: 'pm_card_visa' });
    const captured = run(decidePaymentIntent, held, [{ type: 'capture', key: 'k-capture' }]);
    expect(captured.object).toMatchObject({ status: 'succeeded', amount_received: 10_000, amount_capturable: 0 });
  });

  it('given automatic capture, when confirmed, then it succeeds at once', () => {
    expect(intent(create({ captureMethod: 'automatic' }), { type: 'confirm', paymentMethod: 'pm_card_visa', card: visa, key: 'c' }).object!.status).toBe('succeeded');
  });

  it('when a declining card confirms, then the intent goes back to requires_payment_method, the decline is recorded and a retry with the key refuses the same way', () => {
    const card = cardBehaviour({ number: '4000 0000 0000 0002', exp_month: 12, exp_year: 2030 }, now);
    const s = intent(create(), { type: 'confirm', paymentMethod: 'pm_x', card, key: 'k-confirm' });
    expect(s.object).toMatchObject({ status: 'requires_payment_method', last_payment_error: { code: 'card_declined', decline_code: 'generic_decline' } });
    expect(refusal(() => outcomeOf(s, 'k-confirm')).body).toMatchObject({ type: 'card_error', code: 'card_declined' });
    expect(refusal(() => decidePaymentIntent({ type: 'confirm', paymentMethod: 'pm_x', card, key: 'k-confirm' }, s)).body.code).toBe('card_declined');
  });

  it('when a card needs authentication, then it requires action until the customer authenticates', () => {
    const card = cardBehaviour({ number: '4000002500003155', exp_month: 1, exp_year: 2031 }, now);
    const s = intent(create(), { type: 'confirm', paymentMethod: 'pm_3ds', card, key: 'c' });
    expect(s.object!.status).toBe('requires_action');
    expect(run(decidePaymentIntent, s, [{ type: 'authenticate', approved: true, key: 'a' }]).object!.status).toBe('requires_capture');
    expect(run(decidePaymentIntent, s, [{ type: 'authenticate', approved: false, key: 'a' }]).object!.status).toBe('requires_payment_method');
  });

  it('cancels a held payment; refuses to capture a canceled one; refunds a succeeded one once in full', () => {
    const held = intent(create(), { type: 'confirm', paymentMethod: 'pm_card_visa', card: visa, key: 'c' });
    const canceled = run(decidePaymentIntent, held, [{ type: 'cancel', key: 'x' }]);
    expect(canceled.object!.status).toBe('canceled');
    expect(refusal(() => decidePaymentIntent({ type: 'capture', key: 'y' }, canceled)).body.code).toBe('payment_intent_unexpected_state');
    const captured = run(decidePaymentIntent, held, [{ type: 'capture', key: 'cap' }]);
    const refunded = run(decidePaymentIntent, captured, [{ type: 'refund', refundId: 're_1', key: 'r1', now }]);
    expect(refunded.extra.amountRefunded).toBe(10_000);
    expect(refusal(() => decidePaymentIntent({ type: 'refund', refundId: 're_2', key: 'r2', now }, refunded)).body.code).toBe('charge_already_refunded');
  });

  it('is idempotent: a command repeated with its key appends nothing', () => {
    const held = intent(create(), { type: 'confirm', paymentMethod: 'pm_card_visa', card: visa, key: 'c' });
    const captured = run(decidePaymentIntent, held, [{ type: 'capture', key: 'cap' }]);
    expect(decidePaymentIntent({ type: 'capture', key: 'cap' }, captured)).toEqual([]);
    expect(decidePaymentIntent(create(), captured)).toEqual([]);
  });

  it('refuses bad amounts without recording anything', () => {
    expect(refusal(() => decidePaymentIntent(create({ amount: 0 }), initialPaymentIntentState())).body.param).toBe('amount');
    expect(refusal(() => decidePaymentIntent(create({ applicationFeeAmount: 20_000 }), initialPaymentIntentState())).body.param).toBe('application_fee_amount');
  });
});

describe('emulated account', () => {
  const createAccount = (over: Partial<Extract<AccountCommand, { type: 'create' }>> = {}): AccountCommand => ({
    type: 'create',
    accountId: 'acct_1',
    country: 'US',
    token: { business_type: 'individual', tos_shown_and_accepted: true },
    bank: null,
    businessProfile: { mcc: '5734', url: 'https://example.com' },
    capabilities: ['card_payments', 'transfers'],
    metadata: {},
    key: 'k1',
    now,
    ...over,
  });
  const account = (...commands: AccountCommand[]): AccountState => run(decideAccount, initialAccountState(), commands);

  it('given a token without identity data, when created, then the identity and the bank account are currently due', () => {
    const s = account(createAccount());
    expect(s.object).toMatchObject({ id: 'acct_1', country: 'US', business_type: 'individual', charges_enabled: false });
    expect(s.object!.requirements.currently_due).toEqual(expect.arrayContaining(['external_account', 'individual.first_name']));
  });

  it('when the onboarding link is visited, then the account is verified, gets a bank account, and the link is used up', () => {
    const linked = account(createAccount(), { type: 'create-link', linkId: 'l1', successURL: 'https://ok', failureURL: 'https://ko', expiresAt: new Date(now.getTime() + 60_000), key: 'k2' });
    const visited = run(decideAccount, linked, [{ type: 'visit-link', linkId: 'l1', bankAccountId: 'ba_1', now }]);
    expect(visited.object).toMatchObject({ charges_enabled: true, payouts_enabled: true, requirements: { currently_due: [], past_due: [] } });
    expect(visited.object!.external_accounts.data[0]).toMatchObject({ last4: '6789' });
    expect(decideAccount({ type: 'visit-link', linkId: 'l1', bankAccountId: 'ba_1', now }, visited)).toEqual([]);
  });

  it("given Stripe's failing test identity (dob 1902-01-01), when onboarded, then requirements stay with a verification error", () => {
    const token = { business_type: 'individual', individual: { dob: { day: 1, month: 1, year: 1902 } } };
    const linked = account(createAccount({ token }), { type: 'create-link', linkId: 'l1', successURL: 'a', failureURL: 'b', expiresAt: new Date(now.getTime() + 60_000), key: 'k2' });
    const visited = run(decideAccount, linked, [{ type: 'visit-link', linkId: 'l1', bankAccountId: 'ba_1', now }]);
    expect(visited.object!.charges_enabled).toBe(false);
    expect(visited.object!.requirements.errors[0].code).toBe('verification_failed_keyed_identity');
  });

  it('holds credited funds as pending until they are due; a payout of held funds is paid on their release date; more than the balance will hold is refused', () => {
    const linked = account(createAccount(), { type: 'create-link', linkId: 'l1', successURL: 'a', failureURL: 'b', expiresAt: new Date(now.getTime() + 60_000), key: 'k2' });
    const verified = run(decideAccount, linked, [
      { type: 'visit-link', linkId: 'l1', bankAccountId: 'ba_1', now },
      { type: 'credit', entry: { amount: 9_000, currency: 'usd', availableOn: '2026-03-03T10:00:00.000Z', source: 'pi_1' }, key: 'k3' },
    ]);
    expect(balanceOf(verified, now)).toEqual({ available: [], pending: [{ amount: 9_000, currency: 'usd' }] });
    expect(refusal(() => decideAccount({ type: 'payout', payoutId: 'po_0', amount: { amount: 9_001, currency: 'usd' }, key: 'p0', now }, verified)).body.code).toBe('balance_insufficient');
    const early = run(decideAccount, verified, [{ type: 'payout', payoutId: 'po_e', amount: { amount: 9_000, currency: 'usd' }, key: 'pe', now }]);
    expect(balanceOf(early, now)).toEqual({ available: [], pending: [{ amount: 0, currency: 'usd' }] });
    expect(early.extra.ledger.at(-1)).toMatchObject({ amount: -9_000, availableOn: '2026-03-03T10:00:00.000Z' });
    const later = new Date('2026-03-04T00:00:00.000Z');
    expect(balanceOf(early, later).available).toEqual([{ amount: 0, currency: 'usd' }]);
    const paid = run(decideAccount, verified, [{ type: 'payout', payoutId: 'po_1', amount: { amount: 9_000, currency: 'usd' }, key: 'p', now: later }]);
    expect(balanceOf(paid, later).available).toEqual([{ amount: 0, currency: 'usd' }]);
    expect(decideAccount({ type: 'payout', payoutId: 'po_1', amount: { amount: 9_000, currency: 'usd' }, key: 'p', now: later }, paid)).toEqual([]);
  });
});

describe('emulated setup intent', () => {
  it('saves a good card and refuses a declining one', () => {
    const created = run(decideSetupIntent, initialSetupIntentState(), [{ type: 'create', id: 'seti_1', clientSecret: 's', customer: null, key: 'k', now }]);
    const ok = run(decideSetupIntent, created, [{ type: 'confirm', paymentMethod: 'pm_1', card: visa, key: 'c' }]);
    expect(ok.object).toMatchObject({ status: 'succeeded', payment_method: 'pm_1' });
    const card = cardBehaviour({ number: '4000000000000002', exp_month: 12, exp_year: 40 }, now);
    const ko = run(decideSetupIntent, created, [{ type: 'confirm', paymentMethod: 'pm_2', card, key: 'c' }]);
    expect(ko.outcomes.c).toMatchObject({ code: 'card_declined' });
  });

  it('rejects a bad card number or an expired card with Stripe codes, keeping no number', () => {
    expect(refusal(() => cardBehaviour({ number: '4242424242424241', exp_month: 1, exp_year: 2030 }, now)).body.code).toBe('incorrect_number');
    expect(refusal(() => cardBehaviour({ number: '4242424242424242', exp_month: 1, exp_year: 2026 }, now)).body.code).toBe('expired_card');
    expect(cardBehaviour({ number: '4242 4242 4242 4242', exp_month: 1, exp_year: 2030 }, now)).toEqual({ brand: 'visa', outcome: 'succeed', country: 'US', last4: '4242', expMonth: 1, expYear: 2030 });
  });
});
