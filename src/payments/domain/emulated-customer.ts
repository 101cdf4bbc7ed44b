import { alreadyDone, EmulatedState, EmulatorEvent, fact, initialEmulatedState, unixTime } from './emulated-object';
import { invalidRequest, ProviderErrorBody } from './provider-error';
import type { ProviderCustomer, ProviderObject, ProviderPaymentMethod, ProviderSetupIntent } from './provider-objects';
import { CardBehaviour, declined } from './test-cards';

/** Customers, their saved cards (payment methods), setup intents, and Stripe.js tokens. */

export type CustomerState = EmulatedState<ProviderCustomer, Record<string, never>>;
export type PaymentMethodState = EmulatedState<ProviderPaymentMethod, { card: CardBehaviour | null }>;
export type SetupIntentState = EmulatedState<ProviderSetupIntent, Record<string, never>>;
/** A token's data stays in the emulator (`extra`); the object is only its id, type and whether it was used. */
export type TokenState = EmulatedState<ProviderObject, { data: Record<string, unknown> | null }>;

export const initialCustomerState = (): CustomerState => initialEmulatedState<ProviderCustomer, Record<string, never>>({});
export const initialPaymentMethodState = (): PaymentMethodState => initialEmulatedState<ProviderPaymentMethod, { card: CardBehaviour | null }>({ card: null });
export const initialSetupIntentState = (): SetupIntentState => initialEmulatedState<ProviderSetupIntent, Record<string, never>>({});
export const initialTokenState = (): TokenState => initialEmulatedState<ProviderObject, { data: Record<string, unknown> | null }>({ data: null });

export type CustomerCommand =
  | { type: 'create'; id: string; email: string | null; metadata: Record<string, string>; key: string; now: Date }
  | { type: 'set-default'; paymentMethod: string | null; key: string };

export const decideCustomer = (command: CustomerCommand, s: CustomerState): EmulatorEvent[] => {
  if (alreadyDone(s, command.key)) return [];
  if (command.type === 'create') {
    if (s.object) return [];
    const customer: ProviderCustomer = {
      id: command.id,
      object: 'customer',
      email: command.email,
      created: unixTime(command.now),
      invoice_settings: { default_payment_method: null },
      metadata: command.metadata,
      livemode: false,
    };
    return [fact('customer-created', { object: customer, idempotencyKey: command.key })];
  }
  if (!s.object) throw invalidRequest("No such customer", 'resource_missing', 'customer');
  return [fact('customer-updated', { object: { ...s.object, invoice_settings: { default_payment_method: command.paymentMethod } }, idempotencyKey: command.key })];
};

export type PaymentMethodCommand =
  | { type: 'create'; id: string; card: CardBehaviour & { expMonth: number; expYear: number }; billingDetails: Record<string, unknown> | null; key: string; now: Date }
  | { type: 'attach'; customer: string; key: string }
  | { type: 'detach'; key: string };

export const decidePaymentMethod = (command: PaymentMethodCommand, s: PaymentMethodState): EmulatorEvent[] => {
  if (alreadyDone(s, command.key)) return [];
  if (command.type === 'create') {
    const { card } = command;
    const pm: ProviderPaymentMethod = {
      id: command.id,
      object: 'payment_method',
      type: 'card',
      card: { brand: card.brand, last4: card.last4, exp_month: card.expMonth, exp_year: card.expYear, country: card.country ?? null },
      billing_details: command.billingDetails ?? {},
      customer: null,
      created: unixTime(command.now),
      livemode: false,
    };
    const { expMonth: _m, expYear: _y, ...behaviour } = card;
    return [fact('payment-method-created', { object: pm, extra: { card: behaviour }, idempotencyKey: command.key })];
  }
  if (!s.object) throw invalidRequest('No such PaymentMethod', 'resource_missing', 'payment_method');
  if (command.type === 'attach') {
    if (s.object.customer && s.object.customer !== command.customer)
      throw invalidRequest('The payment method you provided has already been attached to a customer.', 'payment_method_unexpected_state', 'payment_method');
    if (s.extra.card?.outcome === 'decline') {
      const error: ProviderErrorBody = declined(s.extra.card.declineCode).body;
      return [fact('payment-method-attach-declined', { idempotencyKey: command.key, error })];
    }
    return [fact('payment-method-attached', { object: { ...s.object, customer: command.customer }, idempotencyKey: command.key })];
  }
  return [fact('payment-method-detached', { object: { ...s.object, customer: null }, idempotencyKey: command.key })];
};

export type SetupIntentCommand =
  | { type: 'create'; id: string; clientSecret: string; customer: string | null; key: string; now: Date }
  /** `card`: the behaviour of the card being saved. */
  | { type: 'confirm'; paymentMethod: string; card: CardBehaviour; key: string };

export const decideSetupIntent = (command: SetupIntentCommand, s: SetupIntentState): EmulatorEvent[] => {
  if (alreadyDone(s, command.key)) return [];
  if (command.type === 'create') {
    const seti: ProviderSetupIntent = {
      id: command.id,
      object: 'setup_intent',
      status: 'requires_payment_method',
      client_secret: command.clientSecret,
      payment_method: null,
      customer: command.customer,
      usage: 'off_session',
      created: unixTime(command.now),
      last_setup_error: null,
      livemode: false,
    };
    return [fact('setup-intent-created', { object: seti, idempotencyKey: command.key })];
  }
  const seti = s.object;
  if (!seti) throw invalidRequest('No such setupintent', 'resource_missing', 'intent');
  if (seti.status !== 'requires_payment_method')
    throw invalidRequest(`You cannot confirm this SetupIntent because it has a status of ${seti.status}.`, 'setup_intent_unexpected_state');
  if (command.card.outcome === 'decline') {
    const error = { ...declined(command.card.declineCode).body, setup_intent: { id: seti.id, status: 'requires_payment_method' } };
    return [fact('setup-intent-declined', { object: { ...seti, last_setup_error: error }, idempotencyKey: command.key, error })];
  }
  // Saving a card that needs authentication: the stand-in authenticates it as the customer would.
  return [fact('setup-intent-succeeded', { object: { ...seti, status: 'succeeded', payment_method: command.paymentMethod, last_setup_error: null }, idempotencyKey: command.key })];
};

export type TokenCommand =
  | { type: 'create'; id: string; kind: 'account' | 'person' | 'bank_account'; data: Record<string, unknown>; key: string; now: Date }
  | { type: 'use'; key: string };

export const decideToken = (command: TokenCommand, s: TokenState): EmulatorEvent[] => {
  if (alreadyDone(s, command.key)) return [];
  if (command.type === 'create')
    return [
      fact('token-created', {
        object: { id: command.id, object: 'token', type: command.kind, used: false, created: unixTime(command.now), livemode: false },
        extra: { data: command.data },
        idempotencyKey: command.key,
      }),
    ];
  if (!s.object) throw invalidRequest('No such token', 'resource_missing');
  if (s.object.used) throw invalidRequest(`You cannot use a Stripe token more than once: ${s.object.id}.`, 'token_already_used');
  return [fact('token-used', { object: { ...s.object, used: true }, idempotencyKey: command.key })];
};
