import Stripe from 'stripe';
import { PaymentProviderError, ProviderErrorBody } from './domain/provider-error';
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
} from './payment-provider.port';

/** Stripe's refusal as the port's error (never carrying the key: Stripe's messages do not contain it). */
const refusal = (error: unknown): never => {
  const raw = (error as { raw?: Partial<ProviderErrorBody> & { type?: string } })?.raw;
  if (raw && raw.message) {
    const type = (['card_error', 'invalid_request_error', 'idempotency_error'].includes(String(raw.type)) ? raw.type : 'api_error') as ProviderErrorBody['type'];
    throw new PaymentProviderError({ type, message: raw.message, ...(raw.code ? { code: raw.code } : {}), ...(raw.decline_code ? { decline_code: raw.decline_code } : {}), ...(raw.param ? { param: raw.param } : {}) });
  }
  throw error;
};

const plain = <T>(value: unknown): T => JSON.parse(JSON.stringify(value)) as T;

const accountFields = (p: UpdateAccountParams): Stripe.AccountUpdateParams => ({
  ...(p.accountToken ? { account_token: p.accountToken } : {}),
  ...(p.bankAccountToken ? { external_account: p.bankAccountToken } : {}),
  ...(p.businessProfile && Object.values(p.businessProfile).some((v) => v !== undefined)
    ? { business_profile: { mcc: p.businessProfile.mcc, url: p.businessProfile.url, product_description: p.businessProfile.productDescription } }
    : {}),
  ...(p.requestedCapabilities?.length ? { capabilities: Object.fromEntries(p.requestedCapabilities.map((c) => [c, { requested: true }])) } : {}),
  ...(p.metadata ? { metadata: p.metadata } : {}),
});

/**
 * The production adapter: Stripe through its official client, chosen with STRIPE_SECRET_KEY. Connected accounts are
 * Custom accounts (the template collects their details itself); payment intents are destination charges with an
 * application fee. Every mutating call sends the port's idempotency key as Stripe's `Idempotency-Key`.
 */
export class StripePaymentProvider implements PaymentProvider {
  readonly kind = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(secretKey: string) {
    this.stripe = new Stripe(secretKey, { maxNetworkRetries: 2, appInfo: { name: 'open-marketplace-server' } });
  }

  private async call<T>(work: () => Promise<unknown>): Promise<T> {
    try {
      return plain<T>(await work());
    } catch (error) {
      return refusal(error);
    }
  }

  createAccount(call: MutatingCall, p: CreateAccountParams): Promise<ProviderAccount> {
    return this.call(() =>
      this.stripe.accounts.create(
        { type: 'custom', country: p.country, ...(accountFields(p) as Stripe.AccountCreateParams), capabilities: Object.fromEntries((p.requestedCapabilities ?? ['card_payments', 'transfers']).map((c) => [c, { requested: true }])) },
        { idempotencyKey: call.idempotencyKey },
      ),
    );
  }
  retrieveAccount(_call: ProviderCall, id: string): Promise<ProviderAccount> {
    return this.call(() => this.stripe.accounts.retrieve(id));
  }
  updateAccount(call: MutatingCall, id: string, p: UpdateAccountParams): Promise<ProviderAccount> {
    return this.call(() => this.stripe.accounts.update(id, accountFields(p), { idempotencyKey: call.idempotencyKey }));
  }
  async deleteAccount(call: MutatingCall, id: string): Promise<void> {
    await this.call(() => this.stripe.accounts.del(id, {}, { idempotencyKey: call.idempotencyKey }));
  }
  async createAccountLink(call: MutatingCall, id: string, p: AccountLinkParams): Promise<{ url: string; expiresAt: Date }> {
    const link = await this.call<{ url: string; expires_at: number }>(() =>
      this.stripe.accountLinks.create(
        {
          account: id,
          refresh_url: p.failureURL,
          return_url: p.successURL,
          type: p.type === 'custom_account_update' ? 'account_update' : 'account_onboarding',
          ...(p.collectionOptions ? { collection_options: p.collectionOptions as Stripe.AccountLinkCreateParams.CollectionOptions } : {}),
        },
        { idempotencyKey: call.idempotencyKey },
      ),
    );
    return { url: link.url, expiresAt: new Date(link.expires_at * 1000) };
  }
  createPerson(call: MutatingCall, accountId: string, personToken: string): Promise<ProviderObject> {
    return this.call(() => this.stripe.accounts.createPerson(accountId, { person_token: personToken }, { idempotencyKey: call.idempotencyKey }));
  }

  async createCustomer(call: MutatingCall, p: { email?: string; paymentMethod?: string; metadata?: Record<string, string> }): Promise<ProviderCustomer> {
    const customer = await this.call<ProviderCustomer>(() => this.stripe.customers.create({ email: p.email, metadata: p.metadata }, { idempotencyKey: call.idempotencyKey }));
    if (p.paymentMethod) await this.attachPaymentMethod({ ...call, idempotencyKey: `${call.idempotencyKey}:attach` }, customer.id, p.paymentMethod);
    return p.paymentMethod ? this.call(() => this.stripe.customers.retrieve(customer.id)) : customer;
  }
  async attachPaymentMethod(call: MutatingCall, customerId: string, paymentMethodId: string): Promise<ProviderPaymentMethod> {
    const pm = await this.call<ProviderPaymentMethod>(() => this.stripe.paymentMethods.attach(paymentMethodId, { customer: customerId }, { idempotencyKey: call.idempotencyKey }));
    await this.call(() =>
      this.stripe.customers.update(customerId, { invoice_settings: { default_payment_method: pm.id } }, { idempotencyKey: `${call.idempotencyKey}:default` }),
    );
    return pm;
  }
  detachPaymentMethod(call: MutatingCall, paymentMethodId: string): Promise<ProviderPaymentMethod> {
    return this.call(() => this.stripe.paymentMethods.detach(paymentMethodId, {}, { idempotencyKey: call.idempotencyKey }));
  }
  retrievePaymentMethod(_call: ProviderCall, id: string): Promise<ProviderPaymentMethod> {
    return this.call(() => this.stripe.paymentMethods.retrieve(id));
  }
  createSetupIntent(call: MutatingCall, p: { customer?: string }): Promise<ProviderSetupIntent> {
    return this.call(() => this.stripe.setupIntents.create({ customer: p.customer, usage: 'off_session' }, { idempotencyKey: call.idempotencyKey }));
  }

  createPaymentIntent(call: MutatingCall, p: CreatePaymentIntentParams): Promise<ProviderPaymentIntent> {
    return this.call(() =>
      this.stripe.paymentIntents.create(
        {
          amount: p.amount,
          currency: p.currency.toLowerCase(),
          customer: p.customer,
          payment_method: p.paymentMethod,
          capture_method: p.captureMethod ?? 'manual',
          ...(p.applicationFeeAmount !== undefined ? { application_fee_amount: p.applicationFeeAmount } : {}),
          ...(p.transferDestination ? { transfer_data: { destination: p.transferDestination } } : {}),
          ...(p.setupFutureUsage ? { setup_future_usage: p.setupFutureUsage } : {}),
          ...(p.confirm ? { confirm: true } : {}),
          metadata: p.metadata,
        },
        { idempotencyKey: call.idempotencyKey },
      ),
    );
  }
  async retrievePaymentIntent(_call: ProviderCall, id: string): Promise<ProviderPaymentIntent> {
    const pi = await this.call<ProviderPaymentIntent & { latest_charge?: string | { id: string; amount_refunded: number } | null }>(() =>
      this.stripe.paymentIntents.retrieve(id, { expand: ['latest_charge'] }),
    );
    const charge = pi.latest_charge;
    return { ...pi, latest_charge: typeof charge === 'object' && charge ? charge.id : (charge ?? null), amount_refunded: typeof charge === 'object' && charge ? charge.amount_refunded : 0 } as ProviderPaymentIntent;
  }
  confirmPaymentIntent(call: MutatingCall, id: string, p: { paymentMethod?: string } = {}): Promise<ProviderPaymentIntent> {
    return this.call(() => this.stripe.paymentIntents.confirm(id, p.paymentMethod ? { payment_method: p.paymentMethod } : {}, { idempotencyKey: call.idempotencyKey }));
  }
  capturePaymentIntent(call: MutatingCall, id: string, p: { amountToCapture?: number } = {}): Promise<ProviderPaymentIntent> {
    return this.call(() => this.stripe.paymentIntents.capture(id, p.amountToCapture ? { amount_to_capture: p.amountToCapture } : {}, { idempotencyKey: call.idempotencyKey }));
  }
  cancelPaymentIntent(call: MutatingCall, id: string): Promise<ProviderPaymentIntent> {
    return this.call(() => this.stripe.paymentIntents.cancel(id, {}, { idempotencyKey: call.idempotencyKey }));
  }
  async refundPaymentIntent(call: MutatingCall, id: string, p: { amount?: number } = {}): Promise<ProviderObject> {
    const pi = await this.retrievePaymentIntent(call, id);
    return this.call(() =>
      this.stripe.refunds.create(
        { payment_intent: id, ...(p.amount ? { amount: p.amount } : {}), ...(pi.transfer_data ? { reverse_transfer: true, refund_application_fee: true } : {}) },
        { idempotencyKey: call.idempotencyKey },
      ),
    );
  }

  retrieveBalance(_call: ProviderCall, accountId: string): Promise<ProviderBalance> {
    return this.call(() => this.stripe.balance.retrieve({}, { stripeAccount: accountId }));
  }
  async listBalanceTransactions(_call: ProviderCall, accountId: string): Promise<ProviderBalanceTransaction[]> {
    const list: ProviderBalanceTransaction[] = [];
    for await (const t of this.stripe.balanceTransactions.list({ limit: 100 }, { stripeAccount: accountId }))
      list.push({ amount: t.amount, currency: t.currency, type: t.type, source: typeof t.source === 'string' ? t.source : (t.source?.id ?? ''), available_on: t.available_on });
    return list.reverse();
  }
  createPayout(call: MutatingCall, accountId: string, p: BalanceAmount): Promise<ProviderObject> {
    return this.call(() => this.stripe.payouts.create({ amount: p.amount, currency: p.currency.toLowerCase() }, { stripeAccount: accountId, idempotencyKey: call.idempotencyKey }));
  }
}
