import type { PaymentStep } from './payment-claim';
import { isPaymentAction } from './payment.actions';
import type { ProcessDefinition } from './process-definition';
import type { TransactionState } from './transaction.state';

/**
 * The payment step of a transition with Stripe actions, as its decision leaves the transaction (`after`); null
 * when the transition has none. Deciding it touches nothing: the provider is called only once the step is claimed.
 */
export const paymentStepOf = (process: ProcessDefinition, call: { transition: string; params: Record<string, unknown> }, before: TransactionState, after: TransactionState): PaymentStep | null => {
  const actions = (process.transitions.find((t) => t.name === call.transition)?.actions ?? []).filter((a) => isPaymentAction(a.name));
  if (actions.length === 0) return null;
  const { paymentMethod, setupPaymentMethodForSaving } = call.params;
  return {
    transactionId: after.id!,
    transition: call.transition,
    transitionCount: before.transitions.length,
    actions,
    params: { ...(typeof paymentMethod === 'string' ? { paymentMethod } : {}), ...(setupPaymentMethodForSaving === true ? { setupPaymentMethodForSaving: true } : {}) },
    intentId: before.payment?.intentId ?? null,
    customerId: after.customerId!,
    providerId: after.providerId!,
    payinTotal: after.payinTotal,
    payoutTotal: after.payoutTotal,
  };
};

