import type { ProviderErrorBody } from './provider-error';

/** Stripe's JSON objects, as much of them as the marketplace reads; the rest passes through untouched. */
export type ProviderObject = { id: string; object: string } & Record<string, unknown>;

export interface AccountRequirements {
  currently_due: string[];
  eventually_due: string[];
  past_due: string[];
  pending_verification: string[];
  disabled_reason: string | null;
  errors: Array<{ code: string; reason: string; requirement: string }>;
}

export type ProviderAccount = ProviderObject & {
  object: 'account';
  country: string;
  business_type: string | null;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  details_submitted: boolean;
  requirements: AccountRequirements;
  external_accounts: { object: 'list'; data: ProviderObject[] };
};

export type PaymentIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'succeeded'
  | 'canceled';

export type ProviderPaymentIntent = ProviderObject & {
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: PaymentIntentStatus;
  client_secret: string;
  payment_method: string | null;
  customer: string | null;
  capture_method: 'automatic' | 'manual';
  application_fee_amount: number | null;
  transfer_data: { destination: string } | null;
  amount_capturable: number;
  amount_received: number;
  /**
   * How much of the payment was refunded. Not a field of Stripe's PaymentIntent: its charge's `amount_refunded`,
   * which the Stripe adapter reads by expanding `latest_charge`, so a refunded intent (still `succeeded`) shows it.
   */
  amount_refunded?: number;
  last_payment_error: ProviderErrorBody | null;
};

export type ProviderSetupIntent = ProviderObject & {
  object: 'setup_intent';
  status: 'requires_payment_method' | 'requires_action' | 'succeeded' | 'canceled';
  client_secret: string;
  payment_method: string | null;
  customer: string | null;
};

export type ProviderPaymentMethod = ProviderObject & {
  object: 'payment_method';
  type: 'card';
  card: { brand: string; last4: string; exp_month: number; exp_year: number; country?: string | null };
  customer: string | null;
};

export type ProviderCustomer = ProviderObject & {
  object: 'customer';
  invoice_settings: { default_payment_method: string | null };
};

export interface BalanceAmount {
  amount: number;
  currency: string;
}

export interface ProviderBalance {
  object: 'balance';
  available: BalanceAmount[];
  pending: BalanceAmount[];
}

/**
 * One movement of a connected account's balance, as Stripe's balance transactions list them: the seller's share of a
 * captured payment (`payment`), a refund's reversal of it (`payment_refund`), a payout (`payout`). Their sum is the
 * account's balance (available and pending).
 */
export interface ProviderBalanceTransaction {
  amount: number;
  currency: string;
  type: string;
  /** The payment intent, refund or payout it comes from. */
  source: string;
  /** Unix seconds: when the amount is (or was) available. */
  available_on: number;
}
