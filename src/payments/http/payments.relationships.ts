import { Injectable, OnModuleInit } from '@nestjs/common';
import { RelationshipRegistry } from '../../http/envelope';
import { PaymentAccounts } from '../payment-accounts';
import { accountOf, customerOf, paymentMethodResource } from './payment-resources';

/**
 * `currentUser` relationships the Web Template includes: `stripeAccount` (the spec's `payAccount`), `stripeCustomer`
 * and `stripeCustomer.defaultPaymentMethod`. Read from the user's payment stream through the runner's state cache
 * (current, folded only for new events); always the token's own user.
 */
@Injectable()
export class PaymentsRelationships implements OnModuleInit {
  constructor(
    private readonly registry: RelationshipRegistry,
    private readonly accounts: PaymentAccounts,
  ) {}

  onModuleInit(): void {
    const state = (userId: string, marketplaceId: string) => this.accounts.state(marketplaceId, userId);
    this.registry.register('currentUser', 'stripeAccount', async (r, ctx) => accountOf('stripe', await state(r.id, ctx.auth.marketplaceId)));
    this.registry.register('currentUser', 'payAccount', async (r, ctx) => accountOf('pay', await state(r.id, ctx.auth.marketplaceId)));
    this.registry.register('currentUser', 'stripeCustomer', async (r, ctx) => customerOf(await state(r.id, ctx.auth.marketplaceId)));
    this.registry.register('stripeCustomer', 'defaultPaymentMethod', async (_r, ctx) => {
      const card = ctx.auth.userId ? (await state(ctx.auth.userId, ctx.auth.marketplaceId)).customer?.defaultPaymentMethod : null;
      return card ? paymentMethodResource(card) : null;
    });
  }
}
