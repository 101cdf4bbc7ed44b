import type { ProcessDefinition } from './process-definition';
import type { TransactionState } from './transaction.state';
import { evaluateTime, Timepoints } from './time-expressions';

export const timepointsOf = (s: TransactionState): Timepoints => ({
  txInitiated: s.createdAt,
  firstEnteredState: s.firstEnteredState,
  lastEnteredState: s.lastEnteredState,
  firstTransitioned: s.firstTransitioned,
  booking: s.booking ? { start: s.booking.start, end: s.booking.end, displayStart: s.booking.displayStart, displayEnd: s.booking.displayEnd } : null,
});

/**
 * The delayed (`:at`) transition a transaction in its current state will take: of the state's delayed
 * transitions, the one with the earliest time (only it runs; when it fails, none of the others does). A time in
 * the past is due at once. Null when the state has none, or none of their times exists.
 */
export const nextDelayedTransition = (process: ProcessDefinition, s: TransactionState, now: Date): { transition: string; dueAt: Date } | null => {
  let next: { transition: string; dueAt: Date } | null = null;
  for (const t of process.transitions) {
    if (t.from !== s.state || !t.at) continue;
    const dueAt = evaluateTime(t.at, timepointsOf(s), now);
    if (dueAt && (!next || dueAt.getTime() < next.dueAt.getTime())) next = { transition: t.name, dueAt };
  }
  return next;
};

/** The job of a state entry: one per (transaction, number of transitions so far), so a later decision can cancel it. */
export const delayedJobId = (transactionId: string, transitionCount: number): string => `tx-${transactionId}-${transitionCount}`;
