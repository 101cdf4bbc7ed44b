import { Inject, Injectable } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { CONFIG, type Config } from '../../config';
import { CommandRunner } from '../../event-sourcing/command-runner';
import { cancelJob } from '../../event-sourcing/scheduled-job';
import { ApiError, conflict } from '../../shared/api-error';
import type { CommandContext } from '../../shared/command-context';
import type { PaymentOutcome } from '../domain/action';
import type { ClaimRelease, PaymentClaim, PaymentStep } from '../domain/payment-claim';
import type { TransactionEvent } from '../domain/transaction.events';
import type { TransactionState } from '../domain/transaction.state';
import { ClaimHeld, ClaimLost, claimJobStream } from '../decisions/payment-claim.decision';
import type { TransactionDecided, TransactionDecision } from '../decisions/transaction-decision';
import { transactionStream } from '../transaction-streams';
import { TransactionPayments } from './transaction-payments';

/** The same decision over the current states with nothing appended: the transaction as it would be. */
export const speculate = async (runner: CommandRunner, ctx: CommandContext, decision: TransactionDecision): Promise<TransactionDecided> =>
  (await runner.preview({ ctx, streams: decision.streams, decide: (s) => decision.decide(s, { mode: 'speculative' }) })).result!;

/** Rounds of the runner's own retries a claimed transition gets before its claim is left to the reconciler. */
const COMPLETE_ROUNDS = 8;

/** A refusal of the transition itself (not a conflict that another try may not meet, not a failure of the store). */
const isRefusal = (error: unknown): boolean => (error instanceof ApiError && error.code !== 'conflict') || error instanceof ClaimLost || error instanceof ClaimHeld;

/** How long a rival waits for a claim to be settled before it answers 409 (the claim's holder is calling the provider). */
const RIVAL_WAIT_MS = 10_000;

/**
 * Runs transaction decisions under payment claims (docs/transactions.md, Payments): the one helper initiate,
 * transition and scheduled transitions use. A transition with Stripe actions is claimed first (one append at the
 * transaction's expected revision), then the provider is called with keyed calls, then the transition is appended
 * with the answers, closing the claim; whatever the provider did for a transition that is not stored is reversed.
 * Rivals wait while a claim is open and then decide on the new state, so only the stored transition reaches the
 * provider.
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
    const { step, after } = claimed.result!;
    return step ? this.settle(ctx, transactionId, decision, claimId, step) : after;
  }

  /** A claimed step: the provider's calls, then the transition; whatever the provider did is reversed if it is not stored. */
  async settle(ctx: CommandContext, transactionId: string, decision: TransactionDecision, claimId: string, step: PaymentStep): Promise<TransactionState> {
    let outcome: PaymentOutcome;
    try {
      outcome = await this.payments.prepare(ctx, step);
    } catch (refusal) {
      // A refusal (402) moved nothing; any other failure (the provider unreachable) leaves the claim to the reconciler.
      if (refusal instanceof ApiError) await this.release(ctx, transactionId, claimId, refusal.message, { reversed: [], unreversed: [] });
      throw refusal;
    }
    try {
      return await this.complete(ctx, decision, claimId, outcome);
    } catch (failure) {
      const now = await this.runner.state(transactionStream(ctx.marketplaceId, transactionId));
      if (now.lastClaim?.claimId === claimId && now.lastClaim.outcome === 'completed') return now;
      // Money has moved: a refusal of the transition itself is reversed; anything transient (other streams kept
      // changing, the store unreachable) leaves the claim open for the reconciler to complete, never half-undone.
      if (now.paymentClaim?.claimId === claimId && isRefusal(failure)) {
        const reversal = await this.payments.reverse(ctx, step, outcome);
        await this.release(ctx, transactionId, claimId, failure instanceof Error ? failure.message : String(failure), reversal);
      }
      throw failure instanceof ClaimLost || failure instanceof ClaimHeld ? conflict('transaction-invalid-transition', 'The transition was settled by another request.') : failure;
    }
  }

  /**
   * The claimed transition with the provider's answers. The claim holds the transaction, but the other streams it
   * appends to (a listing's seats, its stock) may keep changing under load: a runner that gave up on them (409
   * `conflict`) is asked again, a few times, before the claim is left to the reconciler.
   */
  private async complete(ctx: CommandContext, decision: TransactionDecision, claimId: string, outcome: PaymentOutcome): Promise<TransactionState> {
    for (let round = 1; ; round += 1) {
      try {
        const done = await this.runner.run({ ctx, streams: decision.streams, decide: (s) => decision.decide(s, { mode: 'complete', claimId, outcome }) });
        return done.result!.after;
      } catch (error) {
        if (!(error instanceof ApiError && error.code === 'conflict') || round >= COMPLETE_ROUNDS) throw error;
        await sleep(Math.random() * 20 * round);
      }
    }
  }

  /** An initiate's claim left open: the provider's side is reversed and the claim released (nobody got the answer). */
  async reverseClaim(ctx: CommandContext, claim: PaymentClaim): Promise<void> {
    const outcome = await this.payments.prepare(ctx, claim.step).catch((e: unknown) => {
      if (e instanceof ApiError) return null;
      throw e;
    });
    const reversal = outcome ? await this.payments.reverse(ctx, claim.step, outcome) : { reversed: [], unreversed: [] };
    await this.release(ctx, claim.step.transactionId, claim.claimId, 'the claim expired before its transition was stored', reversal);
  }

  private async release(ctx: CommandContext, transactionId: string, claimId: string, reason: string, reversal: Omit<ClaimRelease, 'claimId' | 'reason'>): Promise<void> {
    await this.runner.run({
      ctx,
      streams: { tx: transactionStream(ctx.marketplaceId, transactionId), claimJob: claimJobStream(ctx.marketplaceId, claimId) },
      decide: (s) => {
        if (s.tx.paymentClaim?.claimId !== claimId) return { events: {} };
        const released: TransactionEvent = { type: 'transaction/payment-claim-released', data: { claimId, reason, ...reversal } };
        return { events: { tx: [released], claimJob: cancelJob(s.claimJob) } };
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
