import { alreadyDone, EmulatedState, EmulatorEvent, fact, initialEmulatedState, unixTime } from './emulated-object';
import { invalidRequest, ProviderErrorBody } from './provider-error';
import type { PaymentIntentStatus, ProviderPaymentIntent, ProviderPaymentMethod } from './provider-objects';
import { CardBehaviour, declined } from './test-cards';

/**
 * A payment intent, as Stripe's state machine runs it: requires_payment_method → requires_confirmation →
 * (requires_action →) requires_capture (manual capture) or succeeded → canceled; refunds on a succeeded one.
 */
export interface PaymentIntentExtra {
  amountRefunded: number;
  /** The card behaviour of the payment method being authenticated (3-D Secure). */
  pendingCard: CardBehaviour | null;
}

export type PaymentIntentState = EmulatedState<ProviderPaymentIntent, PaymentIntentExtra>;

export const initialPaymentIntentState = (): PaymentIntentState =>
  initialEmulatedState<ProviderPaymentIntent, PaymentIntentExtra>({ amountRefunded: 0, pendingCard: null });

export type PaymentIntentCommand =
  | {
      type: 'create';
      id: string;
      clientSecret: string;
      amount: number;
      currency: string;
      customer: string | null;
      paymentMethod: string | null;
      captureMethod: 'manual' | 'automatic';
      applicationFeeAmount: number | null;
      transferDestination: string | null;
      setupFutureUsage: string | null;
      metadata: Record<string, string>;
      key: string;
      now: Date;
    }
  /** `card`: the behaviour of the payment method used (the caller resolves it from the method's own stream). */
  | { type: 'confirm'; paymentMethod: string | null; card: CardBehaviour | null; key: string }
  /** The customer finished (or failed) the authentication a `requires_action` intent asked for. */
  | { type: 'authenticate'; approved: boolean; key: string }
  | { type: 'capture'; amountToCapture?: number; key: string }
  | { type: 'cancel'; key: string }
  | { type: 'refund'; refundId: string; amount?: number; key: string; now: Date };

const CANCELABLE: PaymentIntentStatus[] = ['requires_payment_method', 'requires_confirmation', 'requires_action', 'requires_capture'];

const unexpectedState = (pi: ProviderPaymentIntent, action: string): never => {
  throw invalidRequest(`You cannot ${action} this PaymentIntent because it has a status of ${pi.status}.`, 'payment_intent_unexpected_state');
};

export const mustExistIntent = (s: PaymentIntentState, id: string): ProviderPaymentIntent => {
  if (!s.object) throw invalidRequest(`No such payment_intent: '${id}'`, 'resource_missing', 'intent');
  return s.object;
};

const intentError = (pi: ProviderPaymentIntent, body: ProviderErrorBody): ProviderErrorBody => ({ ...body, payment_intent: { id: pi.id, status: pi.status } });

/** After a successful authorisation: held for capture, or charged at once. */
const authorised = (pi: ProviderPaymentIntent): ProviderPaymentIntent =>
  pi.capture_method === 'manual'
    ? { ...pi, status: 'requires_capture', amount_capturable: pi.amount, last_payment_error: null }
    : { ...pi, status: 'succeeded', amount_received: pi.amount, last_payment_error: null };

/**
 * Stripe's rule for a payment method on an intent: one attached to a customer pays only that customer's intents
 * (another user's saved card cannot pay for me, even when its id is known); an unattached one, or a test method
 * (`pm_card_visa`, no saved object), pays any. Throws the refusal; answers nothing.
 */
export const usableBy = (method: ProviderPaymentMethod | null, intentCustomer: string | null): void => {
  if (method?.customer && method.customer !== intentCustomer)
    throw invalidRequest(
      `The provided PaymentMethod ${method.id} belongs to a Customer other than ${intentCustomer ? `the PaymentIntent's Customer ${intentCustomer}` : 'the PaymentIntent, which has none'}.`,
      'payment_method_unexpected_state',
      'payment_method',
    );
};

export const decidePaymentIntent = (command: PaymentIntentCommand, s: PaymentIntentState): EmulatorEvent[] => {
  if (alreadyDone(s, command.key)) return [];
  if (command.type === 'create') {
    if (!Number.isInteger(command.amount) || command.amount < 1) throw invalidRequest('This value must be greater than or equal to 1.', 'parameter_invalid_integer', 'amount');
    if (!/^[a-zA-Z]{3}$/.test(command.currency)) throw invalidRequest(`Invalid currency: ${command.currency}.`, 'parameter_invalid_empty', 'currency');
    if (command.applicationFeeAmount !== null && (command.applicationFeeAmount < 0 || command.applicationFeeAmount > command.amount))
      throw invalidRequest('The application fee amount cannot be more than the amount.', 'parameter_invalid_integer', 'application_fee_amount');
    const pi: ProviderPaymentIntent = {
      id: command.id,
      object: 'payment_intent',
      amount: command.amount,
      currency: command.currency.toLowerCase(),
      status: command.paymentMethod ? 'requires_confirmation' : 'requires_payment_method',
      client_secret: command.clientSecret,
      payment_method: command.paymentMethod,
      customer: command.customer,
      capture_method: command.captureMethod,
      application_fee_amount: command.applicationFeeAmount,
      transfer_data: command.transferDestination ? { destination: command.transferDestination } : null,
      setup_future_usage: command.setupFutureUsage,
      amount_capturable: 0,
      amount_received: 0,
      last_payment_error: null,
      next_action: null,
      created: unixTime(command.now),
      metadata: command.metadata,
      livemode: false,
    };
    return [fact('payment-intent-created', { object: pi, idempotencyKey: command.key })];
  }
  const pi = mustExistIntent(s, '');
  switch (command.type) {
    case 'confirm': {
      if (!['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(pi.status)) unexpectedState(pi, 'confirm');
      const paymentMethod = command.paymentMethod ?? pi.payment_method;
      if (!paymentMethod || !command.card)
        throw invalidRequest('You cannot confirm this PaymentIntent because it has no payment method.', 'payment_intent_unexpected_state', 'payment_method');
      const withMethod = { ...pi, payment_method: paymentMethod };
      const card = command.card;
      if (card.outcome === 'decline' || card.outcome === 'decline-on-charge') {
        const error = intentError(pi, declined(card.declineCode).body);
        const failed = { ...withMethod, status: 'requires_payment_method' as const, payment_method: null, last_payment_error: error };
        return [fact('payment-intent-declined', { object: failed, idempotencyKey: command.key, error: { ...error, payment_intent: { id: pi.id, status: failed.status } } })];
      }
      if (card.outcome === 'authenticate')
        return [
          fact('payment-intent-action-required', {
            object: { ...withMethod, status: 'requires_action', next_action: { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect' } } },
            extra: { pendingCard: card },
            idempotencyKey: command.key,
          }),
        ];
      return [fact('payment-intent-confirmed', { object: { ...authorised(withMethod), next_action: null }, idempotencyKey: command.key })];
    }
    case 'authenticate': {
      if (pi.status !== 'requires_action') unexpectedState(pi, 'authenticate');
      if (command.approved) return [fact('payment-intent-confirmed', { object: { ...authorised(pi), next_action: null }, extra: { pendingCard: null }, idempotencyKey: command.key })];
      const error = intentError(pi, { type: 'card_error', code: 'payment_intent_authentication_failure', message: 'We are unable to authenticate your payment method.' });
      return [
        fact('payment-intent-declined', {
          object: { ...pi, status: 'requires_payment_method', payment_method: null, next_action: null, last_payment_error: error },
          extra: { pendingCard: null },
          idempotencyKey: command.key,
          error,
        }),
      ];
    }
    case 'capture': {
      if (pi.status !== 'requires_capture') unexpectedState(pi, 'capture');
      const amount = command.amountToCapture ?? pi.amount_capturable;
      if (!Number.isInteger(amount) || amount < 1 || amount > pi.amount_capturable)
        throw invalidRequest('The amount to capture must be a positive integer no greater than the amount capturable.', 'amount_too_large', 'amount_to_capture');
      return [fact('payment-intent-captured', { object: { ...pi, status: 'succeeded', amount_received: amount, amount_capturable: 0 }, idempotencyKey: command.key })];
    }
    case 'cancel':
      if (!CANCELABLE.includes(pi.status)) unexpectedState(pi, 'cancel');
      return [fact('payment-intent-canceled', { object: { ...pi, status: 'canceled', amount_capturable: 0, canceled_at: null }, idempotencyKey: command.key })];
    case 'refund': {
      if (pi.status !== 'succeeded') throw invalidRequest(`This PaymentIntent (${pi.id}) does not have a successful charge to refund.`, 'charge_not_refundable');
      const left = pi.amount_received - s.extra.amountRefunded;
      const amount = command.amount ?? left;
      if (left <= 0) throw invalidRequest(`Charge for ${pi.id} has already been refunded.`, 'charge_already_refunded');
      if (!Number.isInteger(amount) || amount < 1 || amount > left)
        throw invalidRequest(`Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`, 'amount_too_large', 'amount');
      return [fact('payment-intent-refunded', { extra: { amountRefunded: s.extra.amountRefunded + amount }, idempotencyKey: command.key })];
    }
  }
};

/** The share of a captured or refunded amount that goes to the destination account (the fee stays with the platform). */
export const destinationShare = (pi: ProviderPaymentIntent, amount: number): number => {
  const fee = pi.application_fee_amount ?? 0;
  return Math.round((amount * (pi.amount - fee)) / pi.amount);
};
