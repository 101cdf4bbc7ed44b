import { cancelJob, jobStream, scheduleJob, type ScheduledJobEvent } from '../../event-sourcing/scheduled-job';
import type { CommandContext } from '../../shared/command-context';
import { delayedJobId, nextDelayedTransition, timepointsOf } from '../domain/delayed-transitions';
import type { ProcessDefinition } from '../domain/process-definition';
import { evaluateTime } from '../domain/time-expressions';
import { transactionDecider } from '../domain/transaction.decider';
import type { TransactionEvent } from '../domain/transaction.events';
import type { TransactionState } from '../domain/transaction.state';
import { transactionStream } from '../transaction-streams';
import type { TransactionStates } from './transaction-decision';

/** The scheduled command of a delayed transition: run `transition` if the transaction is still where it was. */
export const DELAYED_TRANSITION = 'transaction/delayed-transition';
export interface DelayedTransitionData {
  transactionId: string;
  transition: string;
  /** The number of transitions when it was scheduled: a transaction that moved on since ignores the job. */
  transitionCount: number;
}

/** The job streams a transition decision reads: the job of the state it enters, and of the state it leaves. */
export const jobStreams = (marketplaceId: string, transactionId: string, tx: TransactionState | undefined, cancelsPrevious: boolean) => {
  const count = tx?.transitions.length ?? 0;
  return {
    nextJob: jobStream(marketplaceId, delayedJobId(transactionId, count + 1)),
    ...(cancelsPrevious && count > 0 ? { previousJob: jobStream(marketplaceId, delayedJobId(transactionId, count)) } : {}),
  };
};

/** The scheduled command of a delayed notification: mail it if the transaction is still where it was. */
export const DELAYED_NOTIFICATION = 'transaction/delayed-notification';
export interface DelayedNotificationData {
  transactionId: string;
  notification: string;
  transitionCount: number;
}

const notificationJobId = (transactionId: string, count: number, notification: string) => `txn-${transactionId}-${count}-${notification}`;

/** The job streams of the delayed notifications (`:at`) of the transition a decision runs. */
export const notificationStreams = (marketplaceId: string, transactionId: string, count: number, process: ProcessDefinition | undefined, transition: string) =>
  Object.fromEntries(
    (process?.notifications ?? [])
      .filter((n) => n.on === transition && n.at !== null)
      .map((n) => [`notify:${n.name}`, jobStream(marketplaceId, notificationJobId(transactionId, count + 1, n.name))]),
  ) as Record<`notify:${string}`, ReturnType<typeof jobStream>>;

/**
 * Schedules the delayed transition of the state the transaction enters (the earliest of its `:at` times; a past
 * one runs at once) and cancels the one of the state it leaves, in the same atomic append as the transition.
 */
export const jobEvents = (s: TransactionStates, process: ProcessDefinition, before: TransactionState, txEvents: TransactionEvent[], now: Date) => {
  const after = txEvents.reduce(transactionDecider.evolve, before);
  const next = nextDelayedTransition(process, after, now);
  const count = after.transitions.length;
  const events: { [job: string]: ScheduledJobEvent[] } = {};
  if (next && s.nextJob)
    events.nextJob = scheduleJob(s.nextJob, {
      jobId: delayedJobId(after.id!, count),
      dueAt: next.dueAt,
      command: { type: DELAYED_TRANSITION, data: { transactionId: after.id!, transition: next.transition, transitionCount: count } satisfies DelayedTransitionData },
    });
  if (s.previousJob) events.previousJob = cancelJob(s.previousJob);
  const ran = after.lastTransition;
  for (const n of process.notifications) {
    const job = s[`notify:${n.name}`];
    if (n.on !== ran || n.at === null || !job) continue;
    const dueAt = evaluateTime(n.at, timepointsOf(after), now);
    if (dueAt)
      events[`notify:${n.name}`] = scheduleJob(job, {
        jobId: notificationJobId(after.id!, count, n.name),
        dueAt,
        command: { type: DELAYED_NOTIFICATION, data: { transactionId: after.id!, notification: n.name, transitionCount: count } satisfies DelayedNotificationData },
      });
  }
  return events;
};

/**
 * A delayed notification's job: if the transaction has not moved since the transition that scheduled it, an
 * internal `transaction/notification-due` event, which the notifications reactor mails; otherwise nothing (a
 * delayed notification is dropped when the transaction changes state first).
 */
export const notificationDecision = (ctx: CommandContext, data: DelayedNotificationData) => ({
  ctx,
  streams: { tx: transactionStream(ctx.marketplaceId, data.transactionId) },
  decide: (s: { tx: TransactionState }) => {
    if (!s.tx.exists || s.tx.transitions.length !== data.transitionCount) return { events: {} };
    return { events: { tx: [{ type: 'transaction/notification-due' as const, data: { notification: data.notification, transitionCount: data.transitionCount } }] } };
  },
});
