import type { DomainEvent } from '../../shared/decider';

/** How one POST ended. `refused`: the target was not tried (its address is private, the URL is not allowed). */
export type DeliveryOutcome = 'acknowledged' | 'failed' | 'timeout' | 'refused';

/** One attempt at delivering one event to one subscription, as the delivery log keeps it. */
export interface DeliveryAttempt {
  /** Per subscription, 1, 2, 3...: the delivery log keeps the last DELIVERY_LOG_SIZE of them. */
  attempt: number;
  eventId: string;
  sequenceId: number;
  eventType: string;
  generation: number;
  at: string;
  outcome: DeliveryOutcome;
  /** The receiver's HTTP status; null when none came (timeout, refused, connection error). */
  status: number | null;
  latencyMs: number;
  /** The start of the response body or of the error, at most RESPONSE_EXCERPT_BYTES. */
  excerpt: string;
}

/** Attempts are recorded in batches (one append for many acknowledged deliveries). */
export type DeliveryLogEvent = DomainEvent<'webhook/deliveries-recorded', { subscriptionId: string; attempts: DeliveryAttempt[] }>;

export const DELIVERY_LOG_SIZE = 100;
export const RESPONSE_EXCERPT_BYTES = 512;
