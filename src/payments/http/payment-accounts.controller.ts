import { Controller, Inject, Req } from '@nestjs/common';
import { ACCOUNT_LINK_SCHEMAS, ACCOUNT_SCHEMAS, byNaming, CUSTOMER_SCHEMA, PERSON_SCHEMAS, SETUP_INTENT_SCHEMAS } from './payment.schemas';
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { Api, ApiRequest, commandContextOf } from '../../http/api-request';
import { bodyOf } from '../../http/endpoint-params';
import { ApiCommand, ApiQuery, USER_TOKEN } from '../../http/endpoint.decorators';
import { Responder } from '../../http/responder';
import { NoParams } from '../../http/validation';
import { CLOCK, type Clock } from '../../shared/clock';
import { UserResources } from '../../users/user-resources';
import { AccountParams, PaymentAccounts } from '../payment-accounts';
import { forNaming, Naming } from '../provider-errors';
import { accountOf, accountResource, customerOf } from './payment-resources';
import {
  AccountLinkBody,
  CreateAccountBody,
  CreateCustomerBody,
  CreateUserAccountBody,
  PaymentMethodBody,
  PersonBody,
  UpdateAccountBody,
  UpdateUserAccountBody,
} from './payment.dto';

/** `pay_*` paths (the spec) answer `payAccount` and `pay*` meta; `stripe_*` paths (the SDK) the `stripe*` names. */
const namingOf = (request: FastifyRequest): Naming => (/(^|[/_])stripe_/.test(request.url.split('?')[0]) ? 'stripe' : 'pay');

const accountParams = (b: UpdateAccountBody): AccountParams => ({
  accountToken: b.accountToken,
  bankAccountToken: b.bankAccountToken,
  businessProfile: { mcc: b.businessProfileMCC, url: b.businessProfileURL, productDescription: b.businessProfileProductDescription },
  requestedCapabilities: b.requestedCapabilities,
});

/**
 * Marketplace API: the user's payout account, its onboarding link and persons, setup intents, and the customer
 * with its default card. Every endpoint is served under both names with one handler; each acts on the caller's
 * own payment set-up only (the token's user in the token's marketplace).
 */
@Controller('v1/api')
export class PaymentAccountsController {
  constructor(
    private readonly accounts: PaymentAccounts,
    private readonly users: UserResources,
    private readonly respond: Responder,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  private async named<T>(request: FastifyRequest, work: (naming: Naming) => Promise<T>): Promise<T> {
    const naming = namingOf(request);
    try {
      return await work(naming);
    } catch (error) {
      throw forNaming(error, naming);
    }
  }

  @ApiQuery(['pay_account/fetch', 'stripe_account/fetch'], USER_TOKEN, { returnsByPath: byNaming(ACCOUNT_SCHEMAS, 'account/fetch') })
  fetch(@Api() api: ApiRequest, @Req() request: FastifyRequest) {
    return this.named(request, async (naming) => {
      const { id, data } = await this.accounts.fetchAccount(api.auth.marketplaceId, api.auth.userId!);
      return this.respond.one(api, accountResource(naming, id, data.id, data));
    });
  }

  @ApiCommand(['pay_account/create', 'stripe_account/create'], USER_TOKEN, { body: CreateAccountBody, returnsByPath: byNaming(ACCOUNT_SCHEMAS, 'account/create') })
  create(@Api() api: ApiRequest, @Req() request: FastifyRequest) {
    return this.named(request, async (naming) => {
      const b = bodyOf(api, CreateAccountBody);
      const s = await this.accounts.createAccount(commandContextOf(api, this.clock), api.auth.userId!, { country: b.country, ...accountParams(b) });
      return this.respond.command(api, accountOf(naming, s)!);
    });
  }

  @ApiCommand(['pay_account/update', 'stripe_account/update'], USER_TOKEN, { body: UpdateAccountBody, returnsByPath: byNaming(ACCOUNT_SCHEMAS, 'account/update') })
  update(@Api() api: ApiRequest, @Req() request: FastifyRequest) {
    return this.named(request, async (naming) => {
      const b = bodyOf(api, UpdateAccountBody);
      const s = await this.accounts.updateAccount(commandContextOf(api, this.clock), api.auth.userId!, accountParams(b));
      return this.respond.command(api, accountOf(naming, s)!);
    });
  }

  @ApiCommand(['pay_account_links/create', 'stripe_account_links/create'], USER_TOKEN, { body: AccountLinkBody, returnsByPath: byNaming(ACCOUNT_LINK_SCHEMAS, 'account_links/create') })
  createLink(@Api() api: ApiRequest, @Req() request: FastifyRequest) {
    return this.named(request, async (naming) => {
      const b = bodyOf(api, AccountLinkBody);
      const link = await this.accounts.createAccountLink(commandContextOf(api, this.clock), api.auth.userId!, { ...b, origin: api.baseUrl! });
      const resource = { id: randomUUID(), type: `${naming}AccountLink`, attributes: { url: link.url, expiresAt: link.expiresAt } };
      return this.respond.one(api, resource);
    });
  }

  @ApiCommand(['current_user/update_pay_account', 'current_user/update_stripe_account'], USER_TOKEN, { body: UpdateUserAccountBody })
  updateFromCurrentUser(@Api() api: ApiRequest, @Req() request: FastifyRequest) {
    return this.named(request, async () => {
      const b = bodyOf(api, UpdateUserAccountBody);
      await this.accounts.updateAccount(commandContextOf(api, this.clock), api.auth.userId!, { accountToken: b.accountToken, bankAccountToken: b.bankAccountToken, businessProfile: {} });
      return this.currentUser(api);
    });
  }

  @ApiCommand(['current_user/create_pay_account', 'current_user/create_stripe_account'], USER_TOKEN, { body: CreateUserAccountBody })
  createFromCurrentUser(@Api() api: ApiRequest, @Req() request: FastifyRequest) {
    return this.named(request, async () => {
      const b = bodyOf(api, CreateUserAccountBody);
      await this.accounts.createAccount(commandContextOf(api, this.clock), api.auth.userId!, { country: b.country, ...accountParams(b) });
      return this.currentUser(api);
    });
  }

  @ApiCommand(['current_user/delete_pay_account', 'current_user/delete_stripe_account'], USER_TOKEN, { body: NoParams })
  deleteFromCurrentUser(@Api() api: ApiRequest, @Req() request: FastifyRequest) {
    return this.named(request, async () => {
      await this.accounts.deleteAccount(commandContextOf(api, this.clock), api.auth.userId!);
      return this.currentUser(api);
    });
  }

  @ApiCommand(['pay_persons/create', 'stripe_persons/create'], USER_TOKEN, { body: PersonBody, returnsByPath: byNaming(PERSON_SCHEMAS, 'persons/create') })
  createPerson(@Api() api: ApiRequest, @Req() request: FastifyRequest) {
    return this.named(request, async (naming) => {
      const b = bodyOf(api, PersonBody);
      const person = await this.accounts.createPerson(commandContextOf(api, this.clock), api.auth.userId!, b.personToken);
      return this.respond.command(api, { id: person.id, type: `${naming}Person`, attributes: { [`${naming}PersonId`]: person.stripePersonId } });
    });
  }

  @ApiCommand(['pay_setup_intents/create', 'stripe_setup_intents/create'], USER_TOKEN, { body: NoParams, returnsByPath: byNaming(SETUP_INTENT_SCHEMAS, 'setup_intents/create') })
  createSetupIntent(@Api() api: ApiRequest, @Req() request: FastifyRequest) {
    return this.named(request, async (naming) => {
      const seti = await this.accounts.createSetupIntent(commandContextOf(api, this.clock), api.auth.userId!);
      // The client secret is what the browser confirms the intent with: always returned, as the template reads it.
      const resource = { id: seti.id, type: `${naming}SetupIntent`, attributes: { [`${naming}SetupIntentId`]: seti.stripeSetupIntentId, clientSecret: seti.clientSecret } };
      return this.respond.one(api, resource);
    });
  }

  @ApiCommand(['pay_customer/create', 'stripe_customer/create'], USER_TOKEN, { body: CreateCustomerBody, returns: CUSTOMER_SCHEMA })
  createCustomer(@Api() api: ApiRequest, @Req() request: FastifyRequest) {
    return this.named(request, async () => {
      const b = bodyOf(api, CreateCustomerBody);
      const user = await this.users.find(api.auth.marketplaceId, { id: api.auth.userId! });
      const email = b.stripeCustomerEmail ?? ((user?.attributes.email as string | null) || undefined);
      const s = await this.accounts.createCustomer(commandContextOf(api, this.clock), api.auth.userId!, b.stripePaymentMethodId, email);
      return this.respond.command(api, customerOf(s)!);
    });
  }

  @ApiCommand(['pay_customer/add_payment_method', 'stripe_customer/add_payment_method'], USER_TOKEN, { body: PaymentMethodBody, returns: CUSTOMER_SCHEMA })
  addPaymentMethod(@Api() api: ApiRequest, @Req() request: FastifyRequest) {
    return this.named(request, async () => {
      const b = bodyOf(api, PaymentMethodBody);
      const s = await this.accounts.addPaymentMethod(commandContextOf(api, this.clock), api.auth.userId!, b.stripePaymentMethodId);
      return this.respond.command(api, customerOf(s)!);
    });
  }

  @ApiCommand(['pay_customer/delete_payment_method', 'stripe_customer/delete_payment_method'], USER_TOKEN, { body: NoParams, returns: CUSTOMER_SCHEMA })
  deletePaymentMethod(@Api() api: ApiRequest, @Req() request: FastifyRequest) {
    return this.named(request, async () => {
      const s = await this.accounts.deletePaymentMethod(commandContextOf(api, this.clock), api.auth.userId!);
      return this.respond.command(api, customerOf(s)!);
    });
  }

  private async currentUser(api: ApiRequest) {
    return this.respond.command(api, await this.users.currentUser(api.auth.marketplaceId, api.auth.userId!));
  }
}
