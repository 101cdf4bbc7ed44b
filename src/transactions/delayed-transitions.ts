import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { ScheduledCommands } from '../event-sourcing/scheduler';
import { IDS, type IdGenerator } from '../shared/ids';
import { DELAYED_NOTIFICATION, DELAYED_TRANSITION, DelayedNotificationData, DelayedTransitionData, notificationDecision, transitionDecision } from './commands/transaction.handlers';

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
  ) {}

  onModuleInit(): void {
    this.commands.register<DelayedTransitionData>(DELAYED_TRANSITION, (ctx, data) => {
      const { streams, decide } = transitionDecision(ctx, data.transactionId, { kind: 'system' }, { transition: data.transition, params: {}, speculative: false }, () => this.ids.next(), data.transitionCount);
      return { ctx, streams, decide } as never;
    });
    this.commands.register<DelayedNotificationData>(DELAYED_NOTIFICATION, (ctx, data) => notificationDecision(ctx, data) as never);
  }
}
