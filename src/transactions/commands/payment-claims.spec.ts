import Database from 'better-sqlite3';
import { setTimeout as sleep } from 'node:timers/promises';
import { bookingParams, buyerId, listing, listingId, mp, now, processHistory, sellerId, user } from '../../../test/support/transaction-world';
import type { Config } from '../../config';
import { CommandRunner } from '../../event-sourcing/command-runner';
import type { StreamRef } from '../../event-sourcing/stream-model';
import { SqliteEventStore } from '../../event-store/sqlite-event-store';
import { listingStream } from '../../listings/listing-streams';
import { apiError, ApiError } from '../../shared/api-error';
import type { CommandContext } from '../../shared/command-context';
import type { DomainEvent } from '../../shared/decider';
import { userStream } from '../../users/user-streams';
import type { PaymentOutcome } from '../domain/action';
import type { PaymentStep } from '../domain/payment-claim';
import { initiateDecision } from '../decisions/initiate.decision';
import { transitionDecision } from '../decisions/transition.decision';
import { processStream, transactionStream } from '../transaction-streams';
import { PaymentClaims } from './payment-claims';
import type { Reversal, TransactionPayments } from './transaction-payments';

const ctx: CommandContext = { marketplaceId: mp, clientId: null, userId: buyerId, adminId: null, requestId: null, source: 'source/marketplace-api', now };
let ids = 0;
const newId = () => `00000000-0000-4000-8000-${String(++ids).padStart(12, '0')}`;

/** The provider side, scripted: what `prepare` answers (after a pause), and what was asked of it. */
class ScriptedPayments {
  prepared: PaymentStep[] = [];
  reversed: PaymentStep[] = [];
  constructor(private readonly answer: (step: PaymentStep) => Promise<PaymentOutcome>) {}
  async prepare(_ctx: CommandContext, step: PaymentStep): Promise<PaymentOutcome> {
    this.prepared.push(step);
    return this.answer(step);
  }
  async reverse(_ctx: CommandContext, step: PaymentStep): Promise<Reversal> {
    this.reversed.push(step);
    return { reversed: ['cancel pi'], unreversed: [] };
  }
}
const intent = (step: PaymentStep): PaymentOutcome => ({ intent: { id: `pi_${step.transactionId.slice(-4)}`, clientSecret: 's', status: 'requires_payment_method' } });

/** The payment step through a real runner over an in-memory SQLite log, with the provider scripted. */
const world = async (answer: (step: PaymentStep) => Promise<PaymentOutcome>) => {
  const db = new Database(':memory:');
  const runner = new CommandRunner(new SqliteEventStore(db), { waitFor: async () => undefined });
  const seed = (ref: StreamRef, events: DomainEvent[]) => runner.run({ ctx, streams: { s: ref }, decide: () => ({ events: { s: events } }) });
  await seed(processStream(mp, 'default-booking'), processHistory('default-booking'));
  await seed(listingStream(mp, listingId), listing());
  await seed(userStream(mp, buyerId), user(buyerId));
  await seed(userStream(mp, sellerId), user(sellerId));
  const payments = new ScriptedPayments(answer);
  const claims = new PaymentClaims(runner, payments as unknown as TransactionPayments, { paymentClaimTimeoutSeconds: 60 } as Config);
  const requestPayment = (transactionId: string) => {
    const slot = { claimId: newId(), dueAt: new Date(now.getTime() + 60_000) };
    const decision = initiateDecision(ctx, { transactionId, userId: buyerId, trusted: true, processAlias: 'default-booking/release-1', request: { transition: 'transition/request-payment', params: bookingParams(), speculative: false } }, newId, slot);
    return claims.run(ctx, transactionId, decision, slot.claimId);
  };
  /** The booking confirmed by the card (preauthorized), then `transition` run by its provider. */
  const confirm = (transactionId: string) =>
    seed(transactionStream(mp, transactionId), [
      { type: 'transaction/transitioned', data: { transition: 'transition/confirm-payment', from: 'state/pending-payment', to: 'state/preauthorized', by: 'customer', at: now.toISOString(), changes: {} } },
    ]);
  const byProvider = (transactionId: string, transition: string) => {
    const slot = { claimId: newId(), dueAt: new Date(now.getTime() + 60_000) };
    const decision = transitionDecision({ ...ctx, userId: sellerId }, { transactionId, caller: { kind: 'user', userId: sellerId, trusted: false }, request: { transition, params: {}, speculative: false } }, newId, slot);
    return claims.run({ ...ctx, userId: sellerId }, transactionId, decision, slot.claimId);
  };
  return { runner, payments, requestPayment, confirm, byProvider, tx: (id: string) => runner.state(transactionStream(mp, id)), close: () => db.close() };
};
const failureOf = async (p: Promise<unknown>) => p.then(() => null, (e: unknown) => e);

describe('the payment step (claim, provider, transition, compensation)', () => {
  it('a declined card: 402, nothing stored but the released claim, the provider asked once', async () => {
    const w = await world(async () => {
      throw apiError(402, 'transaction-payment-failed', 'Your card was declined.');
    });
    const error = await failureOf(w.requestPayment('t-declined'));
    expect([error instanceof ApiError && error.code, w.payments.prepared.length]).toEqual(['transaction-payment-failed', 1]);
    const tx = await w.tx('t-declined');
    expect([tx.exists, tx.paymentClaim, tx.lastClaim?.outcome]).toEqual([false, null, 'released']);
    w.close();
  });

  it('the provider unreachable: the error goes back and the claim stays open for the reconciler (no guess about the money)', async () => {
    const w = await world(async () => {
      throw new Error('connect ECONNREFUSED');
    });
    expect(String(await failureOf(w.requestPayment('t-down')))).toContain('ECONNREFUSED');
    const tx = await w.tx('t-down');
    expect([tx.exists, tx.paymentClaim?.kind, w.payments.reversed.length]).toEqual([false, 'initiate', 0]);
    w.close();
  });

  it('two requests for the only seat: both claim their own transaction, one is stored, the other is reversed at the provider', async () => {
    const w = await world(async (step) => {
      await sleep(20);
      return intent(step);
    });
    const results = await Promise.allSettled([w.requestPayment('t-first'), w.requestPayment('t-second')]);
    const stored = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect([stored.length, refused.length, (refused[0]?.reason as ApiError).code]).toEqual([1, 1, 'transaction-booking-time-not-available']);
    expect(w.payments.prepared.length).toBe(2);
    expect(w.payments.reversed.map((s) => s.transactionId)).toEqual([results[0].status === 'rejected' ? 't-first' : 't-second']);
    const loser = await w.tx(w.payments.reversed[0].transactionId);
    expect([loser.exists, loser.paymentClaim, loser.lastClaim?.outcome]).toEqual([false, null, 'released']);
    w.close();
  });

  it('a concurrent twin (accept sent twice at once): the provider captures once, one answer is the transition, the other 409', async () => {
    const w = await world(async (step) => {
      await sleep(20);
      return intent(step);
    });
    await w.requestPayment('t-twin');
    await w.confirm('t-twin');
    w.payments.prepared.length = 0;
    const results = await Promise.allSettled([w.byProvider('t-twin', 'transition/accept'), w.byProvider('t-twin', 'transition/accept')]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value.state : (r.reason as ApiError).code)).sort()).toEqual(['state/accepted', 'transaction-invalid-transition']);
    expect(w.payments.prepared.map((s) => s.transition)).toEqual(['transition/accept']);
    expect(w.payments.reversed).toEqual([]);
    w.close();
  });
});
