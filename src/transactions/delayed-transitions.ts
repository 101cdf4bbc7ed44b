import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { ScheduledCommands } from '../event-sourcing/scheduler';
import { IDS, type IdGenerator } from '../shared/ids';
import { CommandRunner } from '../event-sourcing/command-runner';
import { transitionDecision } from './commands/transaction.handlers';
import { DELAYED_NOTIFICATION, DELAYED_TRANSITION, DelayedNotificationData, DelayedTransitionData, notificationDecision } from './commands/transaction-jobs';
import { NeedsPayment, Paid, speculate, TransactionPayments } from './commands/transaction-payments';

/**
 * Delayed (`:at`) transitions run as scheduled jobs: a transition decision schedules the job of the state it
 * enters (and cancels the one of the state it leaves) in its own append, so jobs survive restarts and rebuilds;
 * the scheduler runs a due job by the clock port as the system actor, atomically with its `job/ran`.
 */
@Injectable()
export class DelayedTransitions implements OnModuleInit {
  constructor(
    private readonly commands: ScheduledCommands,
    @Inject(IDS) private readonly ids: IdGenerator,
    private readonly runner: CommandRunner,
    private readonly payments: TransactionPayments,
  ) {}

  onModuleInit(): void {
    this.commands.register<DelayedTransitionData>(DELAYED_TRANSITION, async (ctx, data) => {
      // A transition with Stripe actions (a refund, a payout) calls the provider first, keyed, then decides.
      const paid: Paid = {};
      const decision = () =>
        transitionDecision(ctx, data.transactionId, { kind: 'system' }, { transition: data.transition, params: {}, speculative: false }, () => this.ids.next(), data.transitionCount, paid);
      try {
        const { streams, decide } = decision();
        await speculate(this.runner, streams, decide as never);
      } catch (error) {
        if (!(error instanceof NeedsPayment)) throw error;
        paid.outcome = await this.payments.prepare(ctx, error.step);
      }
      const { streams, decide } = decision();
      return { ctx, streams, decide } as never;
    });
    this.commands.register<DelayedNotificationData>(DELAYED_NOTIFICATION, (ctx, data) => notificationDecision(ctx, data) as never);
  }
}
