import type { RecordedEvent } from '../event-store/event-store.port';

/**
 * A side effect of the log (a payment-provider call, a mail, a cascade to another aggregate). Reactors are
 * checkpointed consumers of the log: each event of their types is delivered at least once, in log order, one at a
 * time, after it is durable; never in the request that appended it, where a crash would lose it.
 */
export interface Reactor {
  /** Its checkpoint key: keep it stable (renaming a reactor starts it afresh at the log's head). */
  name: string;
  /** Exact event types it reacts to; the engine skips every other event. */
  eventTypes: readonly string[];
  /**
   * Of those, the events it acts on (default: all). The others are passed over like events of other types, their
   * checkpoint saved once per batch, so a reactor interested in a few `user/updated` events costs nothing per other one.
   */
  accepts?(event: RecordedEvent): boolean;
  /**
   * The side effect of one event. Must be idempotent by `event.id`: pass it as the idempotency key of any port it
   * calls (payment provider, mailer), or make the cascade a decision that a second delivery leaves unchanged.
   * An event can be delivered again after a crash between the effect and the checkpoint, or after a failure.
   */
  react(event: RecordedEvent): Promise<void>;
}

/** The idempotency key a reactor passes to a port for one event: the event id, qualified by the reactor's name. */
export const idempotencyKeyOf = (reactor: Pick<Reactor, 'name'>, event: Pick<RecordedEvent, 'id'>): string =>
  `${reactor.name}:${event.id}`;
