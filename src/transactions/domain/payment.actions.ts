import { conflict } from '../../shared/api-error';
import { mergeExtendedData } from '../../shared/resource-diff';
import type { ActionInput, ActionResult, TransactionAction } from './action';

const NONE = { required: [], optional: [] };

/**
 * Payment intents need a positive payin that covers the payout (the difference is the marketplace's commission,
 * the application fee), in the line items the earlier actions set.
 */
const checkTotals = ({ tx }: ActionInput): void => {
  if (!tx.payinTotal || tx.payinTotal.amount <= 0) throw conflict('transaction-charge-zero-payin', 'A payment needs a positive payin total.');
  if (tx.payoutTotal && tx.payoutTotal.amount > tx.payinTotal.amount) throw conflict('transaction-charge-zero-payout', 'The payout total exceeds the payin total.');
};

/** The intent as the provider left it: its id and client secret in protected data, where the Web Template reads them. */
const createIntent: TransactionAction['run'] = (input): ActionResult => {
  checkTotals(input);
  const intent = input.payment?.intent;
  if (!intent) return {};
  const stripePaymentIntents = { default: { stripePaymentIntentId: intent.id, stripePaymentIntentClientSecret: intent.clientSecret } };
  return { changes: { protectedData: mergeExtendedData(input.tx.protectedData, { stripePaymentIntents }), payment: { intentId: intent.id, status: intent.status } } };
};

/** A later step on the transaction's intent: it must exist; the provider's answer is its new status. */
const onIntent: TransactionAction['run'] = (input): ActionResult => {
  if (!input.tx.payment) throw conflict('transaction-invalid-action-sequence', 'The transaction has no payment intent.');
  const intent = input.payment?.intent;
  return intent ? { changes: { payment: { intentId: intent.id, status: intent.status } } } : {};
};

/** The Stripe actions of reference §2: the provider calls run before the decision (see commands/transaction-payments.ts). */
export const PAYMENT_ACTIONS: Record<string, TransactionAction> = {
  'action/stripe-create-payment-intent': { params: { required: [], optional: ['paymentMethod', 'setupPaymentMethodForSaving'] }, run: createIntent },
  'action/stripe-create-payment-intent-push': { params: { required: ['paymentMethodTypes'], optional: ['paymentMethod'] }, run: createIntent },
  'action/stripe-confirm-payment-intent': { params: NONE, run: onIntent },
  'action/stripe-capture-payment-intent': { params: NONE, run: onIntent },
  'action/stripe-refund-payment': { params: NONE, run: (input) => (input.tx.payment ? onIntent(input) : {}) },
  'action/stripe-create-payout': { params: NONE, run: (input) => (input.tx.payment ? onIntent(input) : {}) },
};

/** Whether a process action is one of the Stripe actions (they call the provider before the decision). */
export const isPaymentAction = (name: string): boolean => name in PAYMENT_ACTIONS;
