import { randomBytes } from 'node:crypto';
import type { CommandRunner } from '../../event-sourcing/command-runner';
import type { StreamRef } from '../../event-sourcing/stream-model';
import type { Clock } from '../../shared/clock';
import { AccountCommand, AccountState, balanceOf, BankTokenData, decideAccount, FUNDS_HOLD_DAYS, linkRedirect, mustExist } from '../domain/emulated-account';
import { decideCustomer, decidePaymentMethod, decideSetupIntent, decideToken, PaymentMethodState, TokenState } from '../domain/emulated-customer';
import { EmulatedState, EmulatorEvent, outcomeOf } from '../domain/emulated-object';
import { decidePaymentIntent, destinationShare, mustExistIntent, PaymentIntentCommand, PaymentIntentState, usableBy } from '../domain/emulated-payment-intent';
import { invalidRequest, noSuch } from '../domain/provider-error';
import { CardBehaviour, CardDetails, cardBehaviour, testPaymentMethod, unknownPaymentMethod } from '../domain/test-cards';
import type {
  AccountLinkParams,
  BalanceAmount,
  CreateAccountParams,
  CreatePaymentIntentParams,
  MutatingCall,
  PaymentProvider,
  ProviderAccount,
  ProviderBalance,
  ProviderBalanceTransaction,
  ProviderCall,
  ProviderCustomer,
  ProviderObject,
  ProviderPaymentIntent,
  ProviderPaymentMethod,
  ProviderSetupIntent,
  UpdateAccountParams,
} from '../payment-provider.port';
import { emulatorObject, models, tokenStream } from './emulator-streams';
import { EmulatorObjects, hex, parseClientSecret, uuidOf } from './emulator-objects';

export { parseClientSecret } from './emulator-objects';

/** Account links last five minutes, as Stripe's do. */
const LINK_TTL_MS = 5 * 60 * 1000;
const DAY_MS = 24 * 3600 * 1000;

/**
 * The embedded payment provider: Stripe's test mode, in process, with every object event-sourced in the server's
 * own log (so it survives restarts and `rebuild`). Each call is one runner decision over the objects it touches,
 * made with the caller's idempotency key; ids are derived from that key, so a repeated call finds what the first
 * one made. Refusals that change an object (a decline) are appended first, then thrown.
 */
export class EmulatedPaymentProvider implements PaymentProvider {
  readonly kind = 'emulator' as const;

  private readonly objects: EmulatorObjects;

  /** `serverSecret` keys the object ids (see EmulatorObjects). */
  constructor(
    private readonly runner: CommandRunner,
    private readonly clock: Clock,
    serverSecret: string,
  ) {
    this.objects = new EmulatorObjects(runner, clock, serverSecret);
  }

  // ---- tokens (Stripe.js)

  /** `stripe.createToken(type, data)`: the data stays in the emulator; the token id is what the browser gets. */
  async createToken(kind: 'account' | 'person' | 'bank_account', data: Record<string, unknown>): Promise<ProviderObject> {
    const prefix = kind === 'account' ? 'ct' : kind === 'person' ? 'cpt' : 'btok';
    const id = `${prefix}_${randomBytes(16).toString('hex')}`;
    const key = `create-${id}`;
    const ref = tokenStream(id);
    const stored = kind === 'bank_account' ? bankTokenData(data) : data;
    const out = await this.runner.run({
      ctx: this.objects.ctx('payments-emulator'),
      streams: { token: ref },
      decide: (s) => ({ events: { token: decideToken({ type: 'create', id, kind, data: stored as Record<string, unknown>, key, now: this.clock.now() }, s.token) } }),
    });
    return out.after.token.object!;
  }

  /** Reads a token for a call that consumes it; Stripe's literal test bank tokens need no browser. */
  private async token(id: string | undefined, kind: string, param: string): Promise<{ data: Record<string, unknown>; ref: StreamRef<TokenState, EmulatorEvent> } | null> {
    if (!id) return null;
    if (kind === 'bank_account' && /^btok_us_verified/.test(id)) return { data: { country: 'US', currency: 'usd', last4: '6789' }, ref: null as never };
    const ref = tokenStream(id);
    const state = await this.runner.state(ref);
    if (!state.object || state.object.type !== kind) throw noSuch('token', id, param);
    if (state.object.used) throw invalidRequest(`You cannot use a Stripe token more than once: ${id}.`, 'token_already_used', param);
    return { data: state.extra.data ?? {}, ref };
  }

  private async useToken(t: { ref: StreamRef<TokenState, EmulatorEvent> } | null, key: string): Promise<void> {
    if (!t?.ref) return;
    await this.runner.run({ ctx: this.objects.ctx('payments-emulator'), streams: { token: t.ref }, decide: (s) => ({ events: { token: decideToken({ type: 'use', key }, s.token) } }) });
  }

  // ---- accounts

  async createAccount(call: MutatingCall, params: CreateAccountParams): Promise<ProviderAccount> {
    const accountId = this.objects.idFor('acct', call, 'account');
    const existing = await this.objects.read<AccountState>('account', call.marketplaceId, accountId);
    if (existing.object) return existing.object;
    const token = await this.token(params.accountToken, 'account', 'account_token');
    const bank = await this.token(params.bankAccountToken, 'bank_account', 'external_account');
    const command: AccountCommand = {
      type: 'create',
      accountId,
      country: params.country,
      token: token?.data ?? null,
      bank: bank ? { id: this.objects.idFor('ba', call, 'bank'), data: bank.data as unknown as BankTokenData } : null,
      businessProfile: params.businessProfile ?? {},
      capabilities: params.requestedCapabilities ?? ['card_payments', 'transfers'],
      metadata: params.metadata ?? {},
      key: call.idempotencyKey,
      now: this.clock.now(),
    };
    const after = await this.objects.one<AccountState>('account', call.marketplaceId, accountId, call.idempotencyKey, (s) => decideAccount(command, s));
    await this.useToken(token, call.idempotencyKey);
    await this.useToken(bank, call.idempotencyKey);
    return after.object!;
  }

  async retrieveAccount(call: ProviderCall, accountId: string): Promise<ProviderAccount> {
    return mustExist(await this.objects.read<AccountState>('account', call.marketplaceId, accountId), accountId);
  }

  async updateAccount(call: MutatingCall, accountId: string, params: UpdateAccountParams): Promise<ProviderAccount> {
    const state = await this.objects.read<AccountState>('account', call.marketplaceId, accountId);
    mustExist(state, accountId);
    if (call.idempotencyKey in state.outcomes) return state.object!;
    const token = await this.token(params.accountToken, 'account', 'account_token');
    const bank = await this.token(params.bankAccountToken, 'bank_account', 'external_account');
    const command: AccountCommand = {
      type: 'update',
      token: token?.data ?? null,
      bank: bank ? { id: this.objects.idFor('ba', call, 'bank'), data: bank.data as unknown as BankTokenData } : null,
      businessProfile: params.businessProfile ?? {},
      capabilities: params.requestedCapabilities ?? [],
      key: call.idempotencyKey,
      now: this.clock.now(),
    };
    const after = await this.objects.one<AccountState>('account', call.marketplaceId, accountId, call.idempotencyKey, (s) => decideAccount(command, s));
    await this.useToken(token, call.idempotencyKey);
    await this.useToken(bank, call.idempotencyKey);
    return after.object!;
  }

  async deleteAccount(call: MutatingCall, accountId: string): Promise<void> {
    await this.objects.one<AccountState>('account', call.marketplaceId, accountId, call.idempotencyKey, (s) => decideAccount({ type: 'delete', key: call.idempotencyKey }, s));
  }

  async createAccountLink(call: MutatingCall, accountId: string, params: AccountLinkParams): Promise<{ url: string; expiresAt: Date }> {
    const linkId = this.objects.idFor('link', call, 'link').slice(5);
    const expiresAt = new Date(this.clock.now().getTime() + LINK_TTL_MS);
    const after = await this.objects.one<AccountState>('account', call.marketplaceId, accountId, call.idempotencyKey, (s) => {
      mustExist(s, accountId);
      return decideAccount({ type: 'create-link', linkId, successURL: params.successURL, failureURL: params.failureURL, expiresAt, key: call.idempotencyKey }, s);
    });
    const link = after.extra.links[linkId];
    return { url: `${params.origin}/v1/emulator/connect/onboarding/${hex(call.marketplaceId)}/${accountId}/${linkId}`, expiresAt: new Date(link.expiresAt) };
  }

  /** The onboarding page was opened: verify the account (unless its data fails verification); where to go next. */
  async visitAccountLink(marketplaceHex: string, accountId: string, linkId: string): Promise<string | null> {
    if (!/^[0-9a-f]{32}$/.test(marketplaceHex)) return null;
    const marketplaceId = uuidOf(marketplaceHex);
    const ref = await this.objects.ref<AccountState>('account', marketplaceId, accountId);
    const out = await this.runner.run({
      ctx: this.objects.ctx(marketplaceId),
      streams: { account: ref },
      decide: (s) => ({ events: { account: s.account.object ? decideAccount({ type: 'visit-link', linkId, bankAccountId: this.objects.idFor('ba', { marketplaceId }, 'bank'), now: this.clock.now() }, s.account) : [] } }),
    });
    return linkRedirect(out.before.account, out.after.account, linkId);
  }

  async createPerson(call: MutatingCall, accountId: string, personToken: string): Promise<ProviderObject> {
    mustExist(await this.objects.read<AccountState>('account', call.marketplaceId, accountId), accountId);
    const token = await this.token(personToken, 'person', 'person_token');
    await this.useToken(token, call.idempotencyKey);
    return { id: this.objects.idFor('person', call, 'person'), object: 'person', account: accountId, ...(token?.data ?? {}) };
  }

  // ---- customers and payment methods

  async createCustomer(call: MutatingCall, params: { email?: string; paymentMethod?: string; metadata?: Record<string, string> }): Promise<ProviderCustomer> {
    const id = this.objects.idFor('cus', call, 'customer');
    const now = this.clock.now();
    let after = await this.objects.one<any>('customer', call.marketplaceId, id, call.idempotencyKey, (s) =>
      decideCustomer({ type: 'create', id, email: params.email ?? null, metadata: params.metadata ?? {}, key: call.idempotencyKey, now }, s),
    );
    if (params.paymentMethod) {
      await this.attachPaymentMethod({ ...call, idempotencyKey: `${call.idempotencyKey}:attach` }, id, params.paymentMethod);
      after = await this.objects.read('customer', call.marketplaceId, id);
    }
    return after.object;
  }

  /** A payment method by id: a saved card's stream, or a Stripe test method (saved anew when attached, as Stripe does). */
  private async paymentMethod(marketplaceId: string, id: string, param = 'payment_method'): Promise<{ state: PaymentMethodState | null; card: CardBehaviour }> {
    const test = testPaymentMethod(id);
    if (test) return { state: null, card: test };
    const state = await this.objects.read<PaymentMethodState>('paymentMethod', marketplaceId, id);
    if (!state.object || !state.extra.card) throw unknownPaymentMethod(id, param);
    return { state, card: state.extra.card };
  }

  /** Saves a card typed into the card element (only brand, last 4 digits, expiry and its test behaviour are kept). */
  async createCardPaymentMethod(call: MutatingCall, card: CardDetails, billingDetails: Record<string, unknown> | null): Promise<ProviderPaymentMethod> {
    const id = this.objects.idFor('pm', call, 'payment-method');
    const behaviour = cardBehaviour(card, this.clock.now());
    const after = await this.objects.one<PaymentMethodState>('paymentMethod', call.marketplaceId, id, call.idempotencyKey, (s) =>
      s.object ? [] : decidePaymentMethod({ type: 'create', id, card: behaviour, billingDetails, key: call.idempotencyKey, now: this.clock.now() }, s),
    );
    return after.object!;
  }

  /** A test method (`pm_card_visa`) becomes a saved method of its own, as attaching one does at Stripe. */
  private async savedMethod(call: MutatingCall, id: string): Promise<string> {
    const test = testPaymentMethod(id);
    if (!test) return id;
    const pmId = this.objects.idFor('pm', call, `saved-${id}`);
    const expiry = { expMonth: 12, expYear: this.clock.now().getUTCFullYear() + 3 };
    await this.objects.one<PaymentMethodState>('paymentMethod', call.marketplaceId, pmId, `${call.idempotencyKey}:save`, (s) =>
      s.object ? [] : decidePaymentMethod({ type: 'create', id: pmId, card: { ...test, ...expiry }, billingDetails: null, key: `${call.idempotencyKey}:save`, now: this.clock.now() }, s),
    );
    return pmId;
  }

  async attachPaymentMethod(call: MutatingCall, customerId: string, paymentMethodId: string): Promise<ProviderPaymentMethod> {
    const customer = await this.objects.read<any>('customer', call.marketplaceId, customerId);
    if (!customer.object) throw noSuch('customer', customerId, 'customer');
    await this.paymentMethod(call.marketplaceId, paymentMethodId);
    const pmId = await this.savedMethod(call, paymentMethodId);
    const pm = await this.objects.one<PaymentMethodState>('paymentMethod', call.marketplaceId, pmId, call.idempotencyKey, (s) =>
      decidePaymentMethod({ type: 'attach', customer: customerId, key: call.idempotencyKey }, s),
    );
    await this.objects.one<any>('customer', call.marketplaceId, customerId, `${call.idempotencyKey}:default`, (s) =>
      decideCustomer({ type: 'set-default', paymentMethod: pmId, key: `${call.idempotencyKey}:default` }, s),
    );
    return pm.object!;
  }

  async detachPaymentMethod(call: MutatingCall, paymentMethodId: string): Promise<ProviderPaymentMethod> {
    const { state } = await this.paymentMethod(call.marketplaceId, paymentMethodId);
    const customerId = state?.object?.customer;
    const pm = await this.objects.one<PaymentMethodState>('paymentMethod', call.marketplaceId, paymentMethodId, call.idempotencyKey, (s) =>
      decidePaymentMethod({ type: 'detach', key: call.idempotencyKey }, s),
    );
    if (customerId)
      await this.objects.one<any>('customer', call.marketplaceId, customerId, `${call.idempotencyKey}:default`, (s) =>
        s.object?.invoice_settings.default_payment_method === paymentMethodId ? decideCustomer({ type: 'set-default', paymentMethod: null, key: `${call.idempotencyKey}:default` }, s) : [],
      );
    return pm.object!;
  }

  async retrievePaymentMethod(call: ProviderCall, paymentMethodId: string): Promise<ProviderPaymentMethod> {
    const { state, card } = await this.paymentMethod(call.marketplaceId, paymentMethodId);
    return (
      state?.object ?? { id: paymentMethodId, object: 'payment_method', type: 'card', card: { brand: card.brand, last4: card.last4, exp_month: 12, exp_year: this.clock.now().getUTCFullYear() + 3 }, customer: null }
    );
  }

  async createSetupIntent(call: MutatingCall, params: { customer?: string }): Promise<ProviderSetupIntent> {
    const id = this.objects.idFor('seti', call, 'setup-intent');
    const after = await this.objects.one<any>('setupIntent', call.marketplaceId, id, call.idempotencyKey, (s) =>
      s.object ? [] : decideSetupIntent({ type: 'create', id, clientSecret: this.objects.secretFor(id, call.marketplaceId), customer: params.customer ?? null, key: call.idempotencyKey, now: this.clock.now() }, s),
    );
    return after.object;
  }

  /** Stripe.js `confirmCardSetup`: saves the card (a new payment method or a given one) on the setup intent. */
  async confirmSetupIntent(clientSecret: string, method: { card?: CardDetails; billingDetails?: Record<string, unknown> | null; id?: string }): Promise<ProviderSetupIntent> {
    const { marketplaceId, seti } = await this.bySecret<any>('setupIntent', clientSecret);
    const key = `confirm-${randomBytes(12).toString('hex')}`;
    const pmId = method.id ?? (await this.createCardPaymentMethod({ marketplaceId, idempotencyKey: `${key}:pm` }, method.card ?? ({} as CardDetails), method.billingDetails ?? null)).id;
    const { card } = await this.paymentMethod(marketplaceId, pmId);
    const after = await this.objects.one<any>('setupIntent', marketplaceId, seti.id, key, (s) => decideSetupIntent({ type: 'confirm', paymentMethod: pmId, card, key }, s));
    return after.object;
  }

  /** The object a client secret names, in its marketplace (404-like refusal when the secret does not match). */
  async bySecret<S extends EmulatedState<any, any>>(kind: 'setupIntent' | 'paymentIntent', clientSecret: string): Promise<{ marketplaceId: string; seti: any; state: S }> {
    const parsed = parseClientSecret(clientSecret);
    const state = parsed ? await this.objects.read<S>(kind, parsed.marketplaceId, parsed.id) : null;
    if (!parsed || !state?.object || state.object.client_secret !== clientSecret)
      throw invalidRequest('The client_secret provided does not match any associated intent.', 'resource_missing', 'client_secret');
    return { marketplaceId: parsed.marketplaceId, seti: state.object, state };
  }

  // ---- payment intents

  async createPaymentIntent(call: MutatingCall, params: CreatePaymentIntentParams): Promise<ProviderPaymentIntent> {
    const id = this.objects.idFor('pi', call, 'payment-intent');
    if (params.paymentMethod) usableBy((await this.paymentMethod(call.marketplaceId, params.paymentMethod)).state?.object ?? null, params.customer ?? null);
    if (params.transferDestination) await this.retrieveAccount(call, params.transferDestination);
    const created = await this.objects.one<PaymentIntentState>('paymentIntent', call.marketplaceId, id, call.idempotencyKey, (s) =>
      s.object
        ? []
        : decidePaymentIntent(
            {
              type: 'create',
              id,
              clientSecret: this.objects.secretFor(id, call.marketplaceId),
              amount: params.amount,
              currency: params.currency,
              customer: params.customer ?? null,
              paymentMethod: params.paymentMethod ?? null,
              captureMethod: params.captureMethod ?? 'manual',
              applicationFeeAmount: params.applicationFeeAmount ?? null,
              transferDestination: params.transferDestination ?? null,
              setupFutureUsage: params.setupFutureUsage ?? null,
              metadata: params.metadata ?? {},
              key: call.idempotencyKey,
              now: this.clock.now(),
            },
            s,
          ),
    );
    if (params.confirm) return this.confirmPaymentIntent({ ...call, idempotencyKey: `${call.idempotencyKey}:confirm` }, id);
    return created.object!;
  }

  async retrievePaymentIntent(call: ProviderCall, paymentIntentId: string): Promise<ProviderPaymentIntent> {
    const state = await this.objects.read<PaymentIntentState>('paymentIntent', call.marketplaceId, paymentIntentId);
    return { ...mustExistIntent(state, paymentIntentId), amount_refunded: state.extra.amountRefunded };
  }

  async confirmPaymentIntent(call: MutatingCall, paymentIntentId: string, params: { paymentMethod?: string } = {}): Promise<ProviderPaymentIntent> {
    const current = await this.retrievePaymentIntent(call, paymentIntentId);
    const pmId = params.paymentMethod ?? current.payment_method;
    const method = pmId ? await this.paymentMethod(call.marketplaceId, pmId) : null;
    if (method) usableBy(method.state?.object ?? null, current.customer ?? null);
    const card = method?.card ?? null;
    const command: PaymentIntentCommand = { type: 'confirm', paymentMethod: pmId, card, key: call.idempotencyKey };
    return (await this.intent(call, paymentIntentId, command)).object!;
  }

  /** The 3-D Secure step Stripe.js shows; the stand-in answers it as an approving customer would. */
  async authenticatePaymentIntent(call: MutatingCall, paymentIntentId: string, approved: boolean): Promise<ProviderPaymentIntent> {
    return (await this.intent(call, paymentIntentId, { type: 'authenticate', approved, key: call.idempotencyKey })).object!;
  }

  /** Capture moves the destination's share (amount less the application fee) to its pending balance. */
  async capturePaymentIntent(call: MutatingCall, paymentIntentId: string, params: { amountToCapture?: number } = {}): Promise<ProviderPaymentIntent> {
    const after = await this.intent(call, paymentIntentId, { type: 'capture', amountToCapture: params.amountToCapture, key: call.idempotencyKey }, (pi) => ({
      amount: destinationShare(pi, pi.amount_received),
      source: pi.id,
    }));
    return after.object!;
  }

  async cancelPaymentIntent(call: MutatingCall, paymentIntentId: string): Promise<ProviderPaymentIntent> {
    return (await this.intent(call, paymentIntentId, { type: 'cancel', key: call.idempotencyKey })).object!;
  }

  async refundPaymentIntent(call: MutatingCall, paymentIntentId: string, params: { amount?: number } = {}): Promise<ProviderObject> {
    const refundId = this.objects.idFor('re', call, 'refund');
    const before = await this.objects.read<PaymentIntentState>('paymentIntent', call.marketplaceId, paymentIntentId);
    const after = await this.intent(call, paymentIntentId, { type: 'refund', refundId, amount: params.amount, key: call.idempotencyKey, now: this.clock.now() }, (pi, s) => ({
      amount: -destinationShare(pi, s.extra.amountRefunded - before.extra.amountRefunded),
      source: refundId,
    }));
    const amount = after.extra.amountRefunded - before.extra.amountRefunded || (params.amount ?? after.extra.amountRefunded);
    return { id: refundId, object: 'refund', amount, currency: after.object!.currency, payment_intent: paymentIntentId, status: 'succeeded' };
  }

  /**
   * One decision over the intent and, when money moves to a destination account, that account's ledger too (one
   * atomic append: a capture never credits twice or not at all).
   */
  private async intent(
    call: MutatingCall,
    id: string,
    command: PaymentIntentCommand,
    credit?: (pi: ProviderPaymentIntent, after: PaymentIntentState) => { amount: number; source: string },
  ): Promise<PaymentIntentState> {
    const gen = await this.objects.generation(call.marketplaceId);
    const current = await this.retrievePaymentIntent(call, id);
    const destination = credit ? current.transfer_data?.destination : undefined;
    const streams: Record<string, StreamRef> = {
      intent: emulatorObject(models.paymentIntent, call.marketplaceId, gen, id),
      ...(destination ? { account: emulatorObject(models.account, call.marketplaceId, gen, destination) } : {}),
    };
    const now = this.clock.now();
    const out = await this.runner.run({
      ctx: this.objects.ctx(call.marketplaceId),
      streams,
      decide: (s) => {
        const intent = s.intent as PaymentIntentState;
        const events = decidePaymentIntent(command, intent);
        const after = events.reduce((st, e) => models.paymentIntent.evolve(st, e), intent);
        if (!destination || events.length === 0 || !credit || !s.account) return { events: { intent: events } };
        const { amount, source } = credit(after.object!, after);
        // Incoming funds are held a while; a reversal (refund) takes effect at once.
        const availableOn = new Date(now.getTime() + (amount > 0 ? FUNDS_HOLD_DAYS * DAY_MS : 0)).toISOString();
        const entry = { amount, currency: after.object!.currency, availableOn, source };
        return { events: { intent: events, account: decideAccount({ type: 'credit', entry, key: call.idempotencyKey }, s.account as AccountState) } };
      },
    });
    const after = out.after.intent as PaymentIntentState;
    outcomeOf(after, call.idempotencyKey);
    return after;
  }

  // ---- money out

  async retrieveBalance(call: ProviderCall, accountId: string): Promise<ProviderBalance> {
    const state = await this.objects.read<AccountState>('account', call.marketplaceId, accountId);
    mustExist(state, accountId);
    return { object: 'balance', ...balanceOf(state, this.clock.now()) };
  }

  async listBalanceTransactions(call: ProviderCall, accountId: string): Promise<ProviderBalanceTransaction[]> {
    const state = await this.objects.read<AccountState>('account', call.marketplaceId, accountId);
    mustExist(state, accountId);
    const typeOf = (source: string) => (source.startsWith('re_') ? 'payment_refund' : source.startsWith('po_') ? 'payout' : 'payment');
    return state.extra.ledger.map((e) => ({ amount: e.amount, currency: e.currency, type: typeOf(e.source), source: e.source, available_on: Math.floor(Date.parse(e.availableOn) / 1000) }));
  }

  async createPayout(call: MutatingCall, accountId: string, params: BalanceAmount): Promise<ProviderObject> {
    const payoutId = this.objects.idFor('po', call, 'payout');
    const now = this.clock.now();
    const account = await this.objects.one<AccountState>('account', call.marketplaceId, accountId, call.idempotencyKey, (s) => {
      mustExist(s, accountId);
      return decideAccount({ type: 'payout', payoutId, amount: params, key: call.idempotencyKey, now }, s);
    });
    // Paid now, or (funds still on hold) pending until the day they are released.
    const paidOn = new Date(account.extra.ledger.find((e) => e.source === payoutId)?.availableOn ?? now.toISOString());
    const status = paidOn.getTime() > now.getTime() ? 'pending' : 'paid';
    return { id: payoutId, object: 'payout', amount: params.amount, currency: params.currency.toLowerCase(), status, destination: accountId, arrival_date: Math.floor(paidOn.getTime() / 1000) };
  }
}

/** What a bank account token keeps: country, currency and the last four digits (never the full number). */
const bankTokenData = (data: Record<string, unknown>): BankTokenData => {
  const number = String(data.account_number ?? '');
  return {
    country: String(data.country ?? 'US'),
    currency: String(data.currency ?? 'usd'),
    last4: number.slice(-4) || '6789',
    bank_name: 'STRIPE TEST BANK',
  };
};
