/**
 * The payment-provider port: everything the marketplace asks of its payment provider (Stripe, or the embedded
 * emulator that behaves like Stripe's test mode). Two adapters: `EmulatedPaymentProvider` (default, state in the
 * event log) and `StripePaymentProvider` (the official `stripe` client, chosen by STRIPE_SECRET_KEY). Both are held
 * to one contract suite (test/payment-provider.contract.ts).
 *
 * The contract, for every caller (the payment endpoints, and the transaction engine's payment actions):
 * - Amounts are integers in the currency's minor unit (cents), currencies ISO 4217 (either case; objects answer
 *   lower case as Stripe does).
 * - Every mutating call carries an idempotency key. The same key with the same call answers the first call's result
 *   and changes nothing more, so a retried command (a reactor's redelivery, a decision retried after a conflict, a
 *   crash between the call and the append) never creates, charges, refunds or pays out twice. Reactors use
 *   `idempotencyKeyOf(reactor, event)`; command handlers derive the key from the stream revision they decided on.
 * - Calls are made outside any store transaction and while no stream is held: from a reactor, or from a command
 *   handler before (or after) its decision, never inside `decide`.
 * - Objects come back in the provider's own shape (Stripe's JSON, snake_case): `stripeAccountData` is exactly that.
 * - A refusal is a `PaymentProviderError` (Stripe's error `type`, `code`, `decline_code`, `message`, `param`); the
 *   HTTP layer turns it into `validation-invalid-params` (400) or `pay-invalid-request` (409) with the provider's
 *   message and codes in `meta`. Provider keys never appear in results, errors, events or logs.
 */

export const PAYMENT_PROVIDER = 'PaymentProvider';

/** Who the call is for: the marketplace (the emulator keeps each marketplace's objects apart). */
export interface ProviderCall {
  marketplaceId: string;
}

/** A call that changes something at the provider. */
export interface MutatingCall extends ProviderCall {
  idempotencyKey: string;
}

export type {
  AccountRequirements,
  BalanceAmount,
  PaymentIntentStatus,
  ProviderAccount,
  ProviderBalance,
  ProviderBalanceTransaction,
  ProviderCustomer,
  ProviderObject,
  ProviderPaymentIntent,
  ProviderPaymentMethod,
  ProviderSetupIntent,
} from './domain/provider-objects';
import type {
  BalanceAmount,
  ProviderAccount,
  ProviderBalance,
  ProviderBalanceTransaction,
  ProviderCustomer,
  ProviderObject,
  ProviderPaymentIntent,
  ProviderPaymentMethod,
  ProviderSetupIntent,
} from './domain/provider-objects';

export interface BusinessProfile {
  mcc?: string;
  url?: string;
  productDescription?: string;
}

export interface CreateAccountParams {
  country: string;
  accountToken?: string;
  bankAccountToken?: string;
  businessProfile?: BusinessProfile;
  requestedCapabilities?: string[];
  /** Stripe metadata: who the account belongs to in the marketplace (never a secret). */
  metadata?: Record<string, string>;
}

export type UpdateAccountParams = Omit<CreateAccountParams, 'country'>;

export interface AccountLinkParams {
  /** Where the provider sends the browser when onboarding is done (Stripe's `return_url`). */
  successURL: string;
  /** Where it sends the browser when the link expired or onboarding failed (Stripe's `refresh_url`). */
  failureURL: string;
  type: string;
  collectionOptions?: { fields?: string; future_requirements?: string };
  /** This server's public origin: an emulated provider serves its onboarding page there (real providers ignore it). */
  origin: string;
}

export interface CreatePaymentIntentParams {
  amount: number;
  currency: string;
  customer?: string;
  paymentMethod?: string;
  /** `manual` (the default for marketplace transactions: preauthorise now, capture later) or `automatic`. */
  captureMethod?: 'manual' | 'automatic';
  applicationFeeAmount?: number;
  /** The provider's connected account that receives the payout (a destination charge). */
  transferDestination?: string;
  /** Keep the payment method on the customer for later payments. */
  setupFutureUsage?: 'off_session' | 'on_session';
  /** Confirm at once (with a saved default payment method, the customer pays without the browser). */
  confirm?: boolean;
  metadata?: Record<string, string>;
}

export interface PaymentProvider {
  /** Which adapter this is: `emulator` serves its own onboarding pages and Stripe.js stand-in. */
  readonly kind: 'emulator' | 'stripe';

  // Connected (payout) accounts
  createAccount(call: MutatingCall, params: CreateAccountParams): Promise<ProviderAccount>;
  retrieveAccount(call: ProviderCall, accountId: string): Promise<ProviderAccount>;
  updateAccount(call: MutatingCall, accountId: string, params: UpdateAccountParams): Promise<ProviderAccount>;
  deleteAccount(call: MutatingCall, accountId: string): Promise<void>;
  createAccountLink(call: MutatingCall, accountId: string, params: AccountLinkParams): Promise<{ url: string; expiresAt: Date }>;
  createPerson(call: MutatingCall, accountId: string, personToken: string): Promise<ProviderObject>;

  // Customers and their payment methods
  createCustomer(call: MutatingCall, params: { email?: string; paymentMethod?: string; metadata?: Record<string, string> }): Promise<ProviderCustomer>;
  /** Attaches a payment method to the customer and makes it the default. */
  attachPaymentMethod(call: MutatingCall, customerId: string, paymentMethodId: string): Promise<ProviderPaymentMethod>;
  detachPaymentMethod(call: MutatingCall, paymentMethodId: string): Promise<ProviderPaymentMethod>;
  retrievePaymentMethod(call: ProviderCall, paymentMethodId: string): Promise<ProviderPaymentMethod>;
  createSetupIntent(call: MutatingCall, params: { customer?: string }): Promise<ProviderSetupIntent>;

  // Payment intents
  createPaymentIntent(call: MutatingCall, params: CreatePaymentIntentParams): Promise<ProviderPaymentIntent>;
  retrievePaymentIntent(call: ProviderCall, paymentIntentId: string): Promise<ProviderPaymentIntent>;
  confirmPaymentIntent(call: MutatingCall, paymentIntentId: string, params?: { paymentMethod?: string }): Promise<ProviderPaymentIntent>;
  capturePaymentIntent(call: MutatingCall, paymentIntentId: string, params?: { amountToCapture?: number }): Promise<ProviderPaymentIntent>;
  cancelPaymentIntent(call: MutatingCall, paymentIntentId: string): Promise<ProviderPaymentIntent>;
  /** Refunds a captured payment (the whole of it unless `amount`), reversing the transfer and the application fee. */
  refundPaymentIntent(call: MutatingCall, paymentIntentId: string, params?: { amount?: number }): Promise<ProviderObject>;

  // Money out
  retrieveBalance(call: ProviderCall, accountId: string): Promise<ProviderBalance>;
  /** Every movement of a connected account's balance, oldest first (the operator's statement, `payments show`). */
  listBalanceTransactions(call: ProviderCall, accountId: string): Promise<ProviderBalanceTransaction[]>;
  /** Pays a connected account's available balance out to its bank account. */
  createPayout(call: MutatingCall, accountId: string, params: BalanceAmount): Promise<ProviderObject>;
}

export { PaymentProviderError } from './domain/provider-error';
export type { ProviderErrorBody } from './domain/provider-error';
