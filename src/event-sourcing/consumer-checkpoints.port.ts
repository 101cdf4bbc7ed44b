/**
 * Where the consumers of the log that are not projections (reactors: side effects) keep their progress. Apart from
 * the read models on purpose: a rebuild (`DocumentStore.reset()` and a replay) must not move a reactor back, or
 * every side effect of the log (mails, provider calls) would run again.
 *
 * Adapters: SQLite (`consumer_checkpoints` table in the embedded file), PostgreSQL (the same table in the
 * installation's schema) and KurrentDB (one small stream per consumer). All pass test/consumer-checkpoints.contract.ts.
 */
export interface ConsumerCheckpoint {
  /** The log position (sequenceId) of the last event the consumer is done with; 0: nothing yet. */
  position: number;
  /** Failed attempts at the event after `position` (0 when it is healthy). */
  attempts: number;
  /** The last failure, for the operator; cleared by the next success. */
  lastError: string | null;
  /** ISO time at which the consumer gave up after its last attempt; null while it runs. */
  stoppedAt: string | null;
  /** ISO time of this record. */
  updatedAt: string;
}

export interface NamedConsumerCheckpoint extends ConsumerCheckpoint {
  name: string;
}

export interface ConsumerCheckpoints {
  /** The record of a consumer; null when it never saved one. */
  load(name: string): Promise<ConsumerCheckpoint | null>;
  /**
   * Replaces the record of a consumer unless the stored one is at a later position (compare-and-set on the
   * position): a checkpoint never moves backwards, even when a former holder of the consumer's lease saves late.
   * False when refused (nothing written).
   */
  save(name: string, record: ConsumerCheckpoint): Promise<boolean>;
  /** Every consumer's record, by name. */
  list(): Promise<NamedConsumerCheckpoint[]>;
  close(): Promise<void>;
}

/** A fresh record: at a position, healthy. */
export const checkpointAt = (position: number, now: Date = new Date()): ConsumerCheckpoint => ({
  position,
  attempts: 0,
  lastError: null,
  stoppedAt: null,
  updatedAt: now.toISOString(),
});
