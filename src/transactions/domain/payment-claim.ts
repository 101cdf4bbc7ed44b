import type { AuditData } from '../../shared/log-events';

type Money = { amount: number; currency: string };

/** Who runs a transaction command: a user of the Marketplace API (trusted with a trusted:user token), the operator, or the scheduler. */
export type TransactionCaller = { kind: 'user'; userId: string; trusted: boolean } | { kind: 'operator' } | { kind: 'system' };

/**
 * What a transition with Stripe actions asks of the payment provider, fixed when it is claimed: everything the
 * provider calls need (their idempotency keys derive from the transaction, `transitionCount` and the transition),
 * so that whoever settles the claim (the request, or the reconciler after a crash) makes exactly the same calls.
 */
export interface PaymentStep {
  transactionId: string;
  transition: string;
  /** Transitions the transaction had taken before this one. */
  transitionCount: number;
  actions: Array<{ name: string; config: Record<string, unknown> }>;
  /** The params the provider calls read. */
  params: { paymentMethod?: string; setupPaymentMethodForSaving?: boolean };
  /** The transaction's payment intent before the transition (null before one is created). */
  intentId: string | null;
  customerId: string;
  providerId: string;
  payinTotal: Money | null;
  payoutTotal: Money | null;
  /** The claim the step runs under (set when claimed): a retry after a reversed attempt makes new objects with it. */
  claimId?: string;
}

/**
 * An exclusive claim on a transaction's next transition, appended before any provider call: while it is open every
 * other transition of the transaction waits (its decision refuses), so rivals never both reach the provider. The
 * transition that settles it closes it; a failure closes it with `transaction/payment-claim-released` after
 * reversing what can be reversed; a claim left open by a crash is settled by the reconciler when its job is due.
 */
export interface PaymentClaim {
  claimId: string;
  /** An initiate's claim left open is reversed (the customer never got its answer); a transition's is completed. */
  kind: 'initiate' | 'transition';
  step: PaymentStep;
  caller: TransactionCaller;
  request: { transition: string; params: Record<string, unknown> };
  /** Who asked, for the events of a transition the reconciler completes on the caller's behalf. */
  auditData: AuditData;
  claimedAt: string;
}

/** How the last claim ended: the transition it was for was stored, or it was released. */
export interface SettledClaim {
  claimId: string;
  outcome: 'completed' | 'released';
}

/** Why a claim was released, and what of the provider's side was reversed or could not be. */
export interface ClaimRelease {
  claimId: string;
  reason: string;
  reversed: string[];
  unreversed: string[];
}
