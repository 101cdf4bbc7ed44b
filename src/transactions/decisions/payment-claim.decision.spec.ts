import { scheduledJobModel, type ScheduledJobState } from '../../event-sourcing/scheduled-job';
import type { CommandContext } from '../../shared/command-context';
import type { PaymentStep } from '../domain/payment-claim';
import { transactionDecider } from '../domain/transaction.decider';
import type { TransactionEvent } from '../domain/transaction.events';
import { ClaimHeld, type ClaimRequest, decideUnderClaim, PAYMENT_CLAIM_EXPIRED } from './payment-claim.decision';
import type { CoreDecision, TransactionStates } from './transaction-decision';

const now = new Date('2026-03-01T10:00:00.000Z');
const ctx: CommandContext = { marketplaceId: 'm1', clientId: 'c', userId: 'u1', adminId: null, requestId: 'r1', source: 'source/marketplace-api', now };
const step: PaymentStep = {
  transactionId: 't1',
  transition: 'transition/accept',
  transitionCount: 2,
  actions: [{ name: 'action/stripe-capture-payment-intent', config: {} }],
  params: {},
  intentId: 'pi_1',
  customerId: 'c1',
  providerId: 'p1',
  payinTotal: { amount: 5000, currency: 'USD' },
  payoutTotal: { amount: 4500, currency: 'USD' },
};
const request: ClaimRequest = { kind: 'transition', caller: { kind: 'user', userId: 'p1', trusted: false }, request: { transition: 'transition/accept', params: {} }, ctx, dueAt: new Date(now.getTime() + 60_000) };
const accepted: TransactionEvent = { type: 'transaction/transitioned', data: { transition: 'transition/accept', from: 'state/preauthorized', to: 'state/accepted', by: 'provider', at: now.toISOString(), changes: {} } };
const initiated: TransactionEvent = {
  type: 'transaction/initiated',
  data: { transactionId: 't1', processName: 'p', processVersion: 1, listingId: 'l1', customerId: 'c1', providerId: 'p1', transition: 'transition/request-payment', from: null, to: 'state/preauthorized', by: 'customer', at: now.toISOString(), changes: {} },
};
/** The core of a transition with Stripe actions: the step before the provider's answers, the transition after. */
const paidCore: CoreDecision = (outcome) => ({ events: { tx: [accepted] }, step: outcome ? null : step });
const freeCore: CoreDecision = () => ({ events: { tx: [accepted] }, step: null });

const given = (events: TransactionEvent[], job: ScheduledJobState = scheduledJobModel.initialState()): TransactionStates => ({
  tx: events.reduce(transactionDecider.evolve, transactionDecider.initialState()),
  claimJob: job,
});
const claimedBy = (claimId: string): TransactionEvent => ({
  type: 'transaction/payment-claimed',
  data: { claim: { claimId, kind: 'transition', step: { ...step, claimId }, caller: request.caller, request: request.request, auditData: { userId: 'u1', adminId: null, clientId: 'c', requestId: 'r1' }, claimedAt: now.toISOString() } },
});
const thrown = (f: () => unknown): unknown => {
  try {
    f();
  } catch (error) {
    return error;
  }
  return null;
};

describe('payment claims', () => {
  it('given no claim, when a transition with Stripe actions claims, then only the claim is appended, with its expiry job', () => {
    const { events, result } = decideUnderClaim(given([initiated]), { mode: 'claim', claimId: 'k1' }, paidCore, request);
    expect(events.tx).toEqual([claimedBy('k1')]);
    expect(events.claimJob).toEqual([
      { type: 'job/scheduled', data: { jobId: 'txclaim-k1', dueAt: '2026-03-01T10:01:00.000Z', command: { type: PAYMENT_CLAIM_EXPIRED, data: { transactionId: 't1', claimId: 'k1' } } } },
    ]);
    expect(result.step).toEqual({ ...step, claimId: 'k1' });
    expect(result.after.paymentClaim?.claimId).toBe('k1');
  });

  it('given no claim, when a transition without Stripe actions runs, then its events are appended at once', () => {
    const { events, result } = decideUnderClaim(given([initiated]), { mode: 'claim', claimId: 'k1' }, freeCore, request);
    expect(events).toEqual({ tx: [accepted] });
    expect(result.step).toBeNull();
  });

  it("given another request's claim, when any transition decides, then it is held back (its request waits)", () => {
    expect(thrown(() => decideUnderClaim(given([initiated, claimedBy('k1')]), { mode: 'claim', claimId: 'k2' }, paidCore, request))).toBeInstanceOf(ClaimHeld);
    expect(thrown(() => decideUnderClaim(given([initiated, claimedBy('k1')]), { mode: 'claim', claimId: 'k2' }, freeCore, request))).toBeInstanceOf(ClaimHeld);
    expect(thrown(() => decideUnderClaim(given([initiated, claimedBy('k1')]), { mode: 'complete', claimId: 'k2', outcome: { intent: null } }, paidCore, request))).toBeInstanceOf(ClaimHeld);
  });

  it('given its own claim, when completed with the provider’s answers, then the transition carries the claim id, closes it and cancels the job', () => {
    const job = [
      { type: 'job/scheduled', data: { jobId: 'txclaim-k1', dueAt: '2026-03-01T10:01:00.000Z', command: { type: PAYMENT_CLAIM_EXPIRED, data: {} } } },
    ].reduce(scheduledJobModel.evolve as never, scheduledJobModel.initialState()) as ScheduledJobState;
    const { events, result } = decideUnderClaim(given([initiated, claimedBy('k1')], job), { mode: 'complete', claimId: 'k1', outcome: { intent: { id: 'pi_1', clientSecret: 's', status: 'succeeded' } } }, paidCore, request);
    expect(events.tx).toEqual([{ ...accepted, data: { ...accepted.data, claimId: 'k1' } }]);
    expect(events.claimJob).toEqual([{ type: 'job/cancelled', data: { jobId: 'txclaim-k1' } }]);
    expect([result.after.paymentClaim, result.after.lastClaim]).toEqual([null, { claimId: 'k1', outcome: 'completed' }]);
  });

  it('given a claim that was released, when its holder completes, then it is refused (the reversal stands)', () => {
    const released: TransactionEvent = { type: 'transaction/payment-claim-released', data: { claimId: 'k1', reason: 'expired', reversed: ['cancel pi_1'], unreversed: [] } };
    const state = given([initiated, claimedBy('k1'), released]);
    expect([state.tx.paymentClaim, state.tx.lastClaim]).toEqual([null, { claimId: 'k1', outcome: 'released' }]);
    const error = thrown(() => decideUnderClaim(state, { mode: 'complete', claimId: 'k1', outcome: { intent: null } }, paidCore, request));
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(ClaimHeld);
  });

  it('given an open claim, when a speculative call decides, then it answers the would-be transaction and appends nothing', () => {
    const { events, result } = decideUnderClaim(given([initiated, claimedBy('k1')]), { mode: 'speculative' }, paidCore, request);
    expect(events).toEqual({});
    expect(result.after.state).toBe('state/accepted');
  });
});
