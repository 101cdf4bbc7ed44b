import { cancelJob, jobStream, scheduleJob } from '../../event-sourcing/scheduled-job';
import { auditDataOf, type CommandContext } from '../../shared/command-context';
import type { PaymentClaim, TransactionCaller } from '../domain/payment-claim';
import { isPaymentAction } from '../domain/payment.actions';
import type { TransitionSpec } from '../domain/process-definition';
import { transactionDecider } from '../domain/transaction.decider';
import type { TransactionEvent } from '../domain/transaction.events';
import type { TransactionState } from '../domain/transaction.state';
import type { CoreDecision, PaymentPhase, TransactionDecided, TransactionEvents, TransactionStates } from './transaction-decision';

/** Another transition of the transaction holds its claim: the decision waits for it to be settled. */
export class ClaimHeld extends Error {
  constructor(readonly claim: PaymentClaim) {
    super(`transaction ${claim.step.transactionId}: ${claim.request.transition} holds the payment claim`);
  }
}

/** A completing decision whose claim was settled by someone else (the reconciler, or a release). */
export class ClaimLost extends Error {}

/** The job that settles a claim left open (a crash between the provider calls and the append). */
export const PAYMENT_CLAIM_EXPIRED = 'transaction/payment-claim-expired';
export interface PaymentClaimExpiredData {
  transactionId: string;
  claimId: string;
}
export const claimJobStream = (marketplaceId: string, claimId: string) => jobStream(marketplaceId, `txclaim-${claimId}`);

/** The claim's job stream, for a transition that can take a claim (one with Stripe actions); none for the others. */
export const claimJobStreamFor = (marketplaceId: string, claimId: string, transition: TransitionSpec | undefined) =>
  transition?.actions.some((a) => isPaymentAction(a.name)) ? { claimJob: claimJobStream(marketplaceId, claimId) } : {};

/** What a claim records of the command that takes it. */
export interface ClaimRequest {
  kind: PaymentClaim['kind'];
  caller: TransactionCaller;
  request: PaymentClaim['request'];
  ctx: CommandContext;
  /** When the reconciler settles the claim if its holder has not. */
  dueAt: Date;
}

const fold = (before: TransactionState, events: TransactionEvent[]) => events.reduce(transactionDecider.evolve, before);

/**
 * The claim rule around a transaction's core decision (docs/transactions.md, Payments). Pure: the runner loads the
 * states and appends the events at the transaction's expected revision, so two rivals cannot both hold the claim.
 */
export const decideUnderClaim = (
  s: TransactionStates,
  phase: PaymentPhase,
  core: CoreDecision,
  claimRequest: ClaimRequest,
): { events: Partial<TransactionEvents>; result: TransactionDecided } => {
  const open = s.tx.paymentClaim ?? null;
  if (phase.mode === 'speculative') {
    const { events, step } = core(null);
    return { events: {}, result: { step, after: fold(s.tx, events.tx) } };
  }
  if (open && open.claimId !== phase.claimId) throw new ClaimHeld(open);
  if (phase.mode === 'complete') {
    if (!open) throw new ClaimLost();
    const { events } = core(phase.outcome);
    const tx = events.tx.map((e) => (e.type === 'transaction/transitioned' || e.type === 'transaction/initiated' ? ({ ...e, data: { ...e.data, claimId: phase.claimId } } as TransactionEvent) : e));
    return { events: { ...events, tx, ...(s.claimJob ? { claimJob: cancelJob(s.claimJob) } : {}) }, result: { step: null, after: fold(s.tx, tx) } };
  }
  const { events, step } = core(null);
  if (!step) return { events, result: { step: null, after: fold(s.tx, events.tx) } };
  // The holder deciding again: the claim is already its own.
  if (open) return { events: {}, result: { step: open.step, after: s.tx } };
  const claim: PaymentClaim = {
    claimId: phase.claimId,
    kind: claimRequest.kind,
    step: { ...step, claimId: phase.claimId },
    caller: claimRequest.caller,
    request: claimRequest.request,
    auditData: auditDataOf(claimRequest.ctx),
    claimedAt: claimRequest.ctx.now.toISOString(),
  };
  const expiry = s.claimJob
    ? scheduleJob(s.claimJob, {
        jobId: `txclaim-${phase.claimId}`,
        dueAt: claimRequest.dueAt,
        command: { type: PAYMENT_CLAIM_EXPIRED, data: { transactionId: step.transactionId, claimId: phase.claimId } satisfies PaymentClaimExpiredData },
      })
    : [];
  const claimed: TransactionEvent = { type: 'transaction/payment-claimed', data: { claim } };
  return { events: { tx: [claimed], ...(expiry.length ? { claimJob: expiry } : {}) }, result: { step: claim.step, after: fold(s.tx, [claimed]) } };
};
