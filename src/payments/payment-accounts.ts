import { Inject, Injectable } from '@nestjs/common';
import { CommandRunner } from '../event-sourcing/command-runner';
import { ApiError, conflict, titleFor } from '../shared/api-error';
import type { CommandContext } from '../shared/command-context';
import { IDS, type IdGenerator } from '../shared/ids';
import { userDecider } from '../users/domain/user.decider';
import type { UserState } from '../users/domain/user.state';
import { userStream } from '../users/user-streams';
import { savedCardOf, UserPaymentsEvent, UserPaymentsState } from './domain/user-payments';
import { BusinessProfile, PAYMENT_PROVIDER, type PaymentProvider, ProviderAccount } from './payment-provider.port';
import { userPaymentsStream } from './payment-streams';
import { providerCall } from './provider-errors';

export interface AccountParams {
  accountToken?: string;
  bankAccountToken?: string;
  businessProfile: BusinessProfile;
  requestedCapabilities?: string[];
}

/** The payment-account use cases behind the endpoints of both namings (`pay_*`, `stripe_*`). */
@Injectable()
export class PaymentAccounts {
  constructor(
    private readonly runner: CommandRunner,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(IDS) private readonly ids: IdGenerator,
  ) {}

  state(marketplaceId: string, userId: string): Promise<UserPaymentsState> {
    return this.runner.state(userPaymentsStream(marketplaceId, userId));
  }

  /**
   * The provider is called before the decision, with a key derived from the state it saw (and, where a retry may
   * name another object, from that object): a retry from the same state (a crash, a lost answer, a concurrent twin)
   * reuses the provider's object instead of making another, and a refused card does not refuse the next one.
   */
  private key(ctx: CommandContext, userId: string, s: UserPaymentsState, action: string): { marketplaceId: string; idempotencyKey: string } {
    return { marketplaceId: ctx.marketplaceId, idempotencyKey: `${ctx.marketplaceId}:${userId}:${action}:${s.version}` };
  }

  /** Appends the user's payment events (and the user's `stripeConnected` change), if the state is still `seen`. */
  private async record(ctx: CommandContext, userId: string, seen: UserPaymentsState, events: (s: UserPaymentsState) => UserPaymentsEvent[], connected?: boolean) {
    const out = await this.runner.run({
      ctx,
      streams: { payments: userPaymentsStream(ctx.marketplaceId, userId), user: userStream(ctx.marketplaceId, userId) },
      decide: (s) => {
        const payments = s.payments as UserPaymentsState;
        if (payments.version !== seen.version) throw conflict('conflict', 'The payment account was changed concurrently; try again.');
        const user = s.user as UserState;
        return {
          events: {
            payments: events(payments),
            ...(connected === undefined ? {} : { user: userDecider.decide({ type: 'set-pay-connected', connected }, user) }),
          },
        };
      },
    });
    return out.after.payments as UserPaymentsState;
  }

  async createAccount(ctx: CommandContext, userId: string, params: AccountParams & { country: string }): Promise<UserPaymentsState> {
    const s = await this.state(ctx.marketplaceId, userId);
    if (s.account) throw conflict('pay-account-already-exists', 'The user already has a payment account.');
    assertUsBusinessProfile(params.country, params.businessProfile);
    const account = await providerCall(() => this.provider.createAccount(this.key(ctx, userId, s, 'create-account'), { ...params, metadata: { userId } }));
    const id = this.ids.next();
    return this.record(ctx, userId, s, () => [{ type: 'userPayments/account-connected', data: { id, stripeAccountId: account.id, accountData: account } }], true);
  }

  private async mustHaveAccount(marketplaceId: string, userId: string) {
    const s = await this.state(marketplaceId, userId);
    if (!s.account) throw conflict('pay-account-not-found', 'The user has not set up a payment account.');
    return { s, account: s.account };
  }

  /** The account as the provider has it now (it changes there: onboarding, verification). */
  async fetchAccount(marketplaceId: string, userId: string): Promise<{ id: string; data: ProviderAccount }> {
    const { account } = await this.mustHaveAccount(marketplaceId, userId);
    try {
      return { id: account.id, data: await providerCall(() => this.provider.retrieveAccount({ marketplaceId }, account.stripeAccountId)) };
    } catch (error) {
      // The provider no longer knows the account (deleted there, or the emulator was reset).
      if (error instanceof ApiError && error.items[0].meta?.payCode === 'resource_missing') throw conflict('pay-account-not-found', 'The payment provider has no such account.');
      throw error;
    }
  }

  async updateAccount(ctx: CommandContext, userId: string, params: AccountParams): Promise<UserPaymentsState> {
    const { s, account } = await this.mustHaveAccount(ctx.marketplaceId, userId);
    const data = (account.accountData ?? {}) as { country?: string; business_profile?: { url?: string; product_description?: string } };
    const known = { url: data.business_profile?.url, productDescription: data.business_profile?.product_description };
    assertUsBusinessProfile(data.country ?? '', { ...known, ...definedOf(params.businessProfile) });
    const updated = await providerCall(() => this.provider.updateAccount(this.key(ctx, userId, s, 'update-account'), account.stripeAccountId, params));
    return this.record(ctx, userId, s, () => [{ type: 'userPayments/account-updated', data: { accountData: updated } }]);
  }

  /** `current_user/delete_stripe_account`: the account is deleted at the provider and the user disconnected. */
  async deleteAccount(ctx: CommandContext, userId: string): Promise<void> {
    const { s, account } = await this.mustHaveAccount(ctx.marketplaceId, userId);
    await providerCall(() => this.provider.deleteAccount(this.key(ctx, userId, s, 'delete-account'), account.stripeAccountId));
    await this.record(ctx, userId, s, () => [{ type: 'userPayments/account-removed', data: { stripeAccountId: account.stripeAccountId } }], false);
  }

  async createAccountLink(ctx: CommandContext, userId: string, params: { successURL: string; failureURL: string; type: string; collectionOptions?: Record<string, string>; origin: string }) {
    const { account } = await this.mustHaveAccount(ctx.marketplaceId, userId);
    const call = { marketplaceId: ctx.marketplaceId, idempotencyKey: `${ctx.marketplaceId}:${userId}:account-link:${this.ids.next()}` };
    return providerCall(() => this.provider.createAccountLink(call, account.stripeAccountId, params));
  }

  async createPerson(ctx: CommandContext, userId: string, personToken: string) {
    const { account } = await this.mustHaveAccount(ctx.marketplaceId, userId);
    const call = { marketplaceId: ctx.marketplaceId, idempotencyKey: `${ctx.marketplaceId}:${userId}:person:${personToken}` };
    const person = await providerCall(() => this.provider.createPerson(call, account.stripeAccountId, personToken));
    return { id: this.ids.next(), stripePersonId: person.id };
  }

  async createSetupIntent(ctx: CommandContext, userId: string) {
    const s = await this.state(ctx.marketplaceId, userId);
    const call = { marketplaceId: ctx.marketplaceId, idempotencyKey: `${ctx.marketplaceId}:${userId}:setup-intent:${this.ids.next()}` };
    const seti = await providerCall(() => this.provider.createSetupIntent(call, { customer: s.customer?.stripeCustomerId }));
    return { id: this.ids.next(), stripeSetupIntentId: seti.id, clientSecret: seti.client_secret };
  }

  async createCustomer(ctx: CommandContext, userId: string, paymentMethodId: string | undefined, email: string | undefined): Promise<UserPaymentsState> {
    const s = await this.state(ctx.marketplaceId, userId);
    if (s.customer) {
      if (paymentMethodId) return this.addPaymentMethod(ctx, userId, paymentMethodId);
      return s;
    }
    const key = this.key(ctx, userId, s, 'create-customer');
    const customer = await providerCall(() => this.provider.createCustomer(key, { email, metadata: { userId } }));
    const saved = paymentMethodId
      ? await providerCall(() => this.provider.attachPaymentMethod({ ...key, idempotencyKey: `${key.idempotencyKey}:attach:${paymentMethodId}` }, customer.id, paymentMethodId))
      : null;
    const id = this.ids.next();
    const cardId = this.ids.next();
    return this.record(ctx, userId, s, () => [
      { type: 'userPayments/customer-created', data: { id, stripeCustomerId: customer.id } },
      ...(saved ? [{ type: 'userPayments/default-payment-method-set' as const, data: { paymentMethod: savedCardOf(cardId, saved) } }] : []),
    ]);
  }

  private async mustHaveCustomer(marketplaceId: string, userId: string) {
    const s = await this.state(marketplaceId, userId);
    if (!s.customer) throw new ApiError({ status: 409, code: 'pay-customer-not-found', title: titleFor('pay-customer-not-found'), details: 'The user has no payment customer yet: create one first.' });
    return { s, customer: s.customer };
  }

  async addPaymentMethod(ctx: CommandContext, userId: string, paymentMethodId: string): Promise<UserPaymentsState> {
    const { s, customer } = await this.mustHaveCustomer(ctx.marketplaceId, userId);
    const saved = await providerCall(() => this.provider.attachPaymentMethod(this.key(ctx, userId, s, `add-payment-method:${paymentMethodId}`), customer.stripeCustomerId, paymentMethodId));
    const id = this.ids.next();
    return this.record(ctx, userId, s, () => [{ type: 'userPayments/default-payment-method-set', data: { paymentMethod: savedCardOf(id, saved) } }]);
  }

  async deletePaymentMethod(ctx: CommandContext, userId: string): Promise<UserPaymentsState> {
    const { s, customer } = await this.mustHaveCustomer(ctx.marketplaceId, userId);
    const current = customer.defaultPaymentMethod;
    if (!current) return s;
    await providerCall(() => this.provider.detachPaymentMethod(this.key(ctx, userId, s, 'delete-payment-method'), current.stripePaymentMethodId));
    return this.record(ctx, userId, s, () => [{ type: 'userPayments/default-payment-method-set', data: { paymentMethod: null } }]);
  }
}

const definedOf = <T extends object>(o: T): Partial<T> => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

/** The spec's rule: US individual and business accounts need a business URL or a product description. */
const assertUsBusinessProfile = (country: string, profile: BusinessProfile): void => {
  if (country !== 'US' || profile.url || profile.productDescription) return;
  const message = 'US accounts need businessProfileURL or businessProfileProductDescription.';
  throw new ApiError({
    status: 400,
    code: 'validation-invalid-params',
    title: titleFor('validation-invalid-params'),
    details: message,
    source: { path: ['businessProfileURL'], type: 'body' },
    meta: { payMessage: message, payCode: 'parameter_missing', payDeclineCode: null },
  });
};
