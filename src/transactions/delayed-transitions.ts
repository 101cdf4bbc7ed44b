import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { ScheduledCommands } from '../event-sourcing/scheduler';
import { IDS, type IdGenerator } from '../shared/ids';
import { CommandRunner } from '../event-sourcing/command-runner';
import type { CommandContext } from '../shared/command-context';
import { ApiError } from '../shared/api-error';
import { DELAYED_NOTIFICATION, DELAYED_TRANSITION, DelayedNotificationData, DelayedTransitionData, notificationDecision } from './decisions/transaction-jobs';
import { PaymentClaims, speculate } from './commands/payment-claims';
import { PAYMENT_CLAIM_EXPIRED, type PaymentClaimExpiredData } from './decisions/payment-claim.decision';
import { transitionDecision } from './decisions/transition.decision';
import { transactionStream } from './transaction-streams';

/** A job's command that appends nothing: its work was done through the runner already (the job records that it ran). */
const nothingMore = (ctx: CommandContext) => ({ ctx, streams: {}, decide: () => ({ events: {} }) });

/**
 * Delayed (`:at`) transitions run as scheduled jobs: a transition decision schedules the job of the state it
 * enters (and cancels the one of the state it leaves) in its own append, so jobs survive restarts and rebuilds;
 * the scheduler runs a due job by the clock port as the system actor, atomically with its `job/ran`. One with
 * Stripe actions (a refund, a payout) runs under a payment claim like any other, before the job records it ran
 * (a crash in between runs the job again, which then finds the transaction moved on and decides nothing).
 *
 * The same scheduler settles payment claims left open by a crash (`transaction/payment-claim-expired`).
 */
@Injectable()
export class DelayedTransitions implements OnModuleInit {
  constructor(
    private readonly commands: ScheduledCommands,
    @Inject(IDS) private readonly ids: IdGenerator,
    private readonly runner: CommandRunner,
    private readonly claims: PaymentClaims,
  ) {}

  onModuleInit(): void {
    this.commands.register<DelayedTransitionData>(DELAYED_TRANSITION, async (ctx, data) => {
      const slot = { claimId: this.ids.next(), dueAt: this.claims.dueAt(ctx.now) };
      const request = { transition: data.transition, params: {}, speculative: false };
      const decision = transitionDecision(ctx, { transactionId: data.transactionId, caller: { kind: 'system' }, request, onlyAfter: data.transitionCount }, () => this.ids.next(), slot);
      const { step } = await speculate(this.runner, ctx, decision);
      if (!step) return { ctx, streams: decision.streams, decide: (s) => decision.decide(s, { mode: 'claim', claimId: slot.claimId }) };
      await this.claims.run(ctx, data.transactionId, decision, slot.claimId).catch((error: unknown) => {
        // Another transition held the transaction longer than a rival waits: try the job again later, not never.
        if (error instanceof ApiError && error.code === 'conflict') throw new Error(`job of ${data.transition}: ${error.message}`);
        throw error;
      });
      return nothingMore(ctx);
    });
    this.commands.register<DelayedNotificationData>(DELAYED_NOTIFICATION, (ctx, data) => notificationDecision(ctx, data));
    this.commands.register<PaymentClaimExpiredData>(PAYMENT_CLAIM_EXPIRED, async (ctx, data) => {
      await this.settleExpiredClaim(ctx, data);
      return nothingMore(ctx);
    });
  }

  /**
   * A claim still open when its job is due: its holder crashed between the claim and the transition. The provider
   * calls are made again with the same keys (they answer what was done, or do it now); a transition's claim is then
   * completed as its caller asked, an initiate's is reversed (its caller never got the answer).
   */
  private async settleExpiredClaim(jobCtx: CommandContext, data: PaymentClaimExpiredData): Promise<void> {
    const tx = await this.runner.state(transactionStream(jobCtx.marketplaceId, data.transactionId));
    const claim = tx.paymentClaim;
    if (claim?.claimId !== data.claimId) return;
    const ctx: CommandContext = { ...jobCtx, ...claim.auditData };
    if (claim.kind === 'initiate') return this.claims.reverseClaim(ctx, claim);
    const slot = { claimId: claim.claimId, dueAt: this.claims.dueAt(ctx.now) };
    const decision = transitionDecision(ctx, { transactionId: data.transactionId, caller: claim.caller, request: { ...claim.request, speculative: false } }, () => this.ids.next(), slot);
    await this.claims.settle(ctx, data.transactionId, decision, claim.claimId, claim.step).catch((error: unknown) => {
      // Refused now (reversed and released inside settle): the claim is settled all the same.
      if (!(error instanceof Error && 'items' in error)) throw error;
    });
  }
}
