import type { DomainEvent } from '../../shared/decider';

/**
 * What the marketplace knows about one user's payment set-up: their payout account at the provider (shown as
 * `stripeAccount` / `payAccount`) and their customer with its default card (`stripeCustomer`,
 * `defaultPaymentMethod`). Resource ids are the marketplace's own UUIDs; the provider's ids are attributes.
 */
export interface SavedCard {
  id: string;
  stripePaymentMethodId: string;
  card: { brand: string; last4Digits: string; expirationMonth: number; expirationYear: number };
}

export interface UserPaymentsState {
  /** Events folded so far: idempotency keys of provider calls are derived from it (same state, same key). */
  version: number;
  account: { id: string; stripeAccountId: string; accountData: Record<string, unknown> | null } | null;
  customer: { id: string; stripeCustomerId: string; defaultPaymentMethod: SavedCard | null } | null;
}

export type UserPaymentsEvent =
  | DomainEvent<'userPayments/account-connected', { id: string; stripeAccountId: string; accountData: Record<string, unknown> }>
  | DomainEvent<'userPayments/account-updated', { accountData: Record<string, unknown> }>
  | DomainEvent<'userPayments/account-removed', { stripeAccountId: string }>
  | DomainEvent<'userPayments/customer-created', { id: string; stripeCustomerId: string }>
  | DomainEvent<'userPayments/default-payment-method-set', { paymentMethod: SavedCard | null }>;

export const initialUserPayments = (): UserPaymentsState => ({ version: 0, account: null, customer: null });

export const evolveUserPayments = (s: UserPaymentsState, e: UserPaymentsEvent): UserPaymentsState => {
  const version = s.version + 1;
  switch (e.type) {
    case 'userPayments/account-connected':
      return { ...s, version, account: { id: e.data.id, stripeAccountId: e.data.stripeAccountId, accountData: e.data.accountData } };
    case 'userPayments/account-updated':
      return { ...s, version, account: s.account && { ...s.account, accountData: e.data.accountData } };
    case 'userPayments/account-removed':
      return { ...s, version, account: null };
    case 'userPayments/customer-created':
      return { ...s, version, customer: { id: e.data.id, stripeCustomerId: e.data.stripeCustomerId, defaultPaymentMethod: null } };
    case 'userPayments/default-payment-method-set':
      return { ...s, version, customer: s.customer && { ...s.customer, defaultPaymentMethod: e.data.paymentMethod } };
  }
};

export const userPaymentsDecider = { initialState: initialUserPayments, evolve: evolveUserPayments };

/** A card as the Web Template reads it (`card: {brand, last4Digits, expirationMonth, expirationYear}`). */
export const savedCardOf = (id: string, pm: { id: string; card: { brand: string; last4: string; exp_month: number; exp_year: number } }): SavedCard => ({
  id,
  stripePaymentMethodId: pm.id,
  card: { brand: pm.card.brand, last4Digits: pm.card.last4, expirationMonth: pm.card.exp_month, expirationYear: pm.card.exp_year },
});
