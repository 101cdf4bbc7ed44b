import type { Resource } from '../../shared/resource';
import type { SavedCard, UserPaymentsState } from '../domain/user-payments';
import type { Naming } from '../provider-errors';

/** `stripeAccount` (SDK and Web Template) or `payAccount` (the spec): one resource, two namings. */
export const accountResource = (naming: Naming, id: string, providerId: string, data: unknown): Resource => ({
  id,
  type: `${naming}Account`,
  attributes: { [`${naming}AccountId`]: providerId, [`${naming}AccountData`]: data ?? null },
});

export const accountOf = (naming: Naming, s: UserPaymentsState): Resource | null =>
  s.account ? accountResource(naming, s.account.id, s.account.stripeAccountId, s.account.accountData) : null;

export const customerOf = (s: UserPaymentsState): Resource | null =>
  s.customer ? { id: s.customer.id, type: 'stripeCustomer', attributes: { stripeCustomerId: s.customer.stripeCustomerId } } : null;

export const paymentMethodResource = (card: SavedCard): Resource => ({
  id: card.id,
  type: 'stripePaymentMethod',
  attributes: { type: 'stripe-payment-method/card', stripePaymentMethodId: card.stripePaymentMethodId, card: card.card },
});
