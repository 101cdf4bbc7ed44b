import { Inject, Injectable } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { CONFIG, type Config } from '../../config';
import { CommandRunner, type Streams } from '../../event-sourcing/command-runner';
import { cancelJob, jobStream, scheduleJob, type ScheduledJobState } from '../../event-sourcing/scheduled-job';
import { ApiError, conflict } from '../../shared/api-error';
import { auditDataOf, type CommandContext } from '../../shared/command-context';
import type { PaymentOutcome } from '../domain/action';
import type { PaymentClaim, PaymentStep, TransactionCaller } from '../domain/payment-claim';
import type { TransactionEvent } from '../domain/transaction.events';
import { transactionDecider } from '../domain/transaction.decider';
import type { TransactionState } from '../domain/transaction.state';
import { transactionStream } from '../transaction-streams';
import { TransactionPayments } from './transaction-payments';

/**
 * Which part of a transaction command a decision is asked for:
 * - `speculative`: the would-be transaction, nothing appended, no claim looked at;
 * - `claim`: the transition itself when it has no Stripe actions, otherwise the claim on it (its payment step);
 * - `complete`: the claimed transition with the provider's answers, closing the claim.
 */
export type PaymentPhase = { mode: 'speculative' } | { mode: 'claim'; claimId: string } | { mode: 'complete'; claimId: string; outcome: PaymentOutcome };

/** What a transaction decision answers: the payment step it claimed (null: none needed), and the transaction after it. */
export interface TransactionDecided {
  step: PaymentStep | null;
  after: TransactionState;
}

type Events = Record<string, unknown[]> & { tx: TransactionEvent[] };
type States = Record<string, unknown>;

/** The core of a transaction decision: its events, given the provider's answers (null before the provider is called). */
export type CoreDecision = (outcome: PaymentOutcome | null) => { events: Events; step: PaymentStep | null };

export interface TransactionDecision {
  streams: (loaded: States) => Streams;
  decide: (states: States, phase: PaymentPhase) => { events: Record<string, unknown[]>; result: TransactionDecided };
}

/** Another transition of the transaction holds its claim: the decision waits for it to be settled. */
export class ClaimHeld extends Error {
  constructor(readonly claim: PaymentClaim) {
    super(`transaction ${claim.step.transactionId}: ${claim.request.transition} holds the payment claim`);
  }
}

/** Thrown by a completing decision whose claim was settled by someone else (the reconciler). */
class ClaimLost extends Error {}

/** The job that settles a claim left open (a crash between the provider calls and the append). */
export const PAYMENT_CLAIM_EXPIRED = 'transaction/payment-claim-expired';
export interface PaymentClaimExpiredData {
  transactionId: string;
  claimId: string;
}
export const claimJobStream = (marketplaceId: string, claimId: string) => jobStream(marketplaceId, `txclaim-${claimId}`);
/** The stream name of a claim's job in a transaction decision. */
export const CLAIM_JOB = 'claimJob';

const after = (before: TransactionState, events: TransactionEvent[]) => events.reduce(transactionDecider.evolve, before);

/** The claim's identity for the transaction's events: what the settling transition and the reconciler read. */
export interface ClaimRequest {
  kind: PaymentClaim['kind'];
  caller: TransactionCaller;
  request: PaymentClaim['request'];
  ctx: CommandContext;
  dueAt: Date;
}

/**
 * Wraps a transaction's core decision in the claim rule. Pure: the streams are loaded and the events appended by
 * the runner, so the claim is taken at the transaction's expected revision and two rivals cannot both hold it.
 */
export const decideUnderClaim = (s: States, phase: PaymentPhase, core: CoreDecision, claimRequest: ClaimRequest): { events: Record<string, unknown[]>; result: TransactionDecided } => {
  const tx = s.tx as TransactionState;
  const open = tx.paymentClaim ?? null;
  if (phase.mode === 'speculative') {
    const { events, step } = core(null);
    return { events: {}, result: { step, after: after(tx, events.tx) } };
  }
  if (open && open.claimId !== phase.claimId) throw new ClaimHeld(open);
  const job = s[CLAIM_JOB] as ScheduledJobState | undefined;
  if (phase.mode === 'complete') {
    if (!open) throw new ClaimLost();
    const { events } = core(phase.outcome);
    const tagged = events.tx.map((e) => (e.type === 'transaction/transitioned' || e.type === 'transaction/initiated' ? ({ ...e, data: { ...e.data, claimId: phase.claimId } } as TransactionEvent) : e));
    return { events: { ...events, tx: tagged, ...(job ? { [CLAIM_JOB]: cancelJob(job) } : {}) }, result: { step: null, after: after(tx, tagged) } };
  }
  const { events, step } = core(null);
  if (!step) return { events, result: { step: null, after: after(tx, events.tx) } };
  // The holder deciding again: the claim is already its own.
  if (open?.claimId === phase.claimId) return { events: {}, result: { step: open.step, after: tx } };
  const claim: PaymentClaim = {
    claimId: phase.claimId,
    kind: claimRequest.kind,
    step,
    caller: claimRequest.caller,
    request: claimRequest.request,
    auditData: auditDataOf(claimRequest.ctx),
    claimedAt: claimRequest.ctx.now.toISOString(),
  };
  const jobEvents = job
    ? scheduleJob(job, {
        jobId: `txclaim-${phase.claimId}`,
        dueAt: claimRequest.dueAt,
        command: { type: PAYMENT_CLAIM_EXPIRED, data: { transactionId: step.transactionId, claimId: phase.claimId } satisfies PaymentClaimExpiredData },
      })
    : [];
  const claimed: TransactionEvent = { type: 'transaction/payment-claimed', data: { claim } };
  return { events: { tx: [claimed], ...(jobEvents.length ? { [CLAIM_JOB]: jobEvents } : {}) }, result: { step, after: after(tx, [claimed]) } };
};

/** The same decision over the current states with nothing appended: the transaction as it would be. */
export const speculate = async (runner: CommandRunner, decision: TransactionDecision): Promise<TransactionDecided> => {
  const loaded: States = {};
  for (let round = 0; round < 3; round += 1)
    for (const [name, ref] of Object.entries(decision.streams(loaded))) if (!(name in loaded)) loaded[name] = await runner.state(ref);
  return decision.decide(loaded, { mode: 'speculative' }).result;
};

/** How long a rival waits for a claim to be settled before it answers 409 (the claim's holder is calling the provider). */
const RIVAL_WAIT_MS = 10_000;

/**
 * Runs transaction commands under payment claims (docs/architecture.md, Payments). A transition with Stripe actions
 * is claimed first (one append at the transaction's expected revision), then the provider is called with keyed
 * calls, then the transition is appended with the answers, closing the claim. Rivals wait while a claim is open and
 * then decide on the new state, so only the transition that is stored ever reaches the provider.
 */
@Injectable()
export class PaymentClaims {
  constructor(
    private readonly runner: CommandRunner,
    private readonly payments: TransactionPayments,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  /** When a claim made now is settled by the reconciler if its holder has not settled it. */
  dueAt(now: Date): Date {
    return new Date(now.getTime() + this.config.paymentClaimTimeoutSeconds * 1000);
  }

  /** The whole command: claim (or the transition itself when it moves no money), provider calls, the transition. */
  async run(ctx: CommandContext, transactionId: string, decision: TransactionDecision, claimId: string): Promise<TransactionState> {
    const claimed = await this.afterRivals(() => this.runner.run({ ctx, streams: decision.streams, decide: (s) => decision.decide(s, { mode: 'claim', claimId }) }));
    const { step } = claimed.result!;
    if (!step) return claimed.result!.after;
    return this.settle(ctx, transactionId, decision, claimId, step);
  }

  /** A claimed step: the provider's calls, then the transition; whatever the provider did is reversed if it is not stored. */
  async settle(ctx: CommandContext, transactionId: string, decision: TransactionDecision, claimId: string, step: PaymentStep): Promise<TransactionState> {
    let outcome: PaymentOutcome;
    try {
      outcome = await this.payments.prepare(ctx, step);
    } catch (refusal) {
      // The provider refused (or failed): a call it refused moved nothing; earlier ones of the step are reversed.
      if (refusal instanceof ApiError) await this.release(ctx, transactionId, claimId, refusal.message, { reversed: [], unreversed: [] });
      throw refusal;
    }
    try {
      const done = await this.runner.run({ ctx, streams: decision.streams, decide: (s) => decision.decide(s, { mode: 'complete', claimId, outcome }) });
      return done.result!.after;
    } catch (failure) {
      const now = await this.runner.state(transactionStream(ctx.marketplaceId, transactionId));
      if (now.lastClaim?.claimId === claimId && now.lastClaim.outcome === 'completed') return now;
      if (now.paymentClaim?.claimId === claimId) {
        const reversal = await this.payments.reverse(ctx, step, outcome);
        await this.release(ctx, transactionId, claimId, failure instanceof Error ? failure.message : String(failure), reversal);
      }
      throw failure instanceof ClaimLost || failure instanceof ClaimHeld ? conflict('transaction-invalid-transition', 'The transition was settled by another request.') : failure;
    }
  }

  /** Initiate's claim left open: the provider's side is reversed and the claim released (nobody got the answer). */
  async reverseClaim(ctx: CommandContext, claim: PaymentClaim): Promise<void> {
    const outcome = await this.payments.prepare(ctx, claim.step).catch((e: unknown) => {
      if (e instanceof ApiError) return null;
      throw e;
    });
    const reversal = outcome ? await this.payments.reverse(ctx, claim.step, outcome) : { reversed: [], unreversed: [] };
    await this.release(ctx, claim.step.transactionId, claim.claimId, 'the claim expired before its transition was stored', reversal);
  }

  private async release(ctx: CommandContext, transactionId: string, claimId: string, reason: string, reversal: { reversed: string[]; unreversed: string[] }): Promise<void> {
    await this.runner.run({
      ctx,
      streams: { tx: transactionStream(ctx.marketplaceId, transactionId), [CLAIM_JOB]: claimJobStream(ctx.marketplaceId, claimId) },
      decide: (s) => {
        if (s.tx.paymentClaim?.claimId !== claimId) return { events: {} };
        const released: TransactionEvent = { type: 'transaction/payment-claim-released', data: { claimId, reason, ...reversal } };
        return { events: { tx: [released], [CLAIM_JOB]: cancelJob(s[CLAIM_JOB]) } };
      },
    });
  }

  /** Runs `attempt` again while another transition holds the claim, up to a bound; then 409. */
  private async afterRivals<T>(attempt: () => Promise<T>): Promise<T> {
    const started = Date.now();
    for (let pause = 10; ; pause = Math.min(pause * 2, 200)) {
      try {
        return await attempt();
      } catch (error) {
        if (!(error instanceof ClaimHeld)) throw error;
        if (Date.now() - started > RIVAL_WAIT_MS) throw conflict('conflict', 'Another transition of this transaction is in progress; try again.');
        await sleep(pause);
      }
    }
  }
}
