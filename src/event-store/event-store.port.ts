/**
 * The event store port: the log every other part of the service is derived from.
 *
 * Three adapters implement it: SQLite (embedded default, src/event-store/sqlite-event-store.ts), PostgreSQL
 * (src/event-store/postgres-event-store.ts) and KurrentDB / EventStoreDB (src/event-store/kurrentdb-event-store.ts).
 * All pass test/event-store.contract.ts.
 */

// The shapes of log events live in the shared kernel, so commands and deciders can name them without depending on
// the store; the port re-exports them for its adapters and readers.
import type { RecordedEvent } from '../shared/log-events';
export type { AuditData, EventMetadata, EventSource, NewEvent, RecordedEvent } from '../shared/log-events';
import type { NewEvent } from '../shared/log-events';

/**
 * What the caller knows of a stream before appending:
 * - 'no_stream': it must not exist yet (uniqueness guards use this);
 * - 'stream_exists': it must exist;
 * - 'any': no check;
 * - a number: its last event must have exactly this revision (optimistic concurrency).
 */
export type ExpectedRevision = 'any' | 'no_stream' | 'stream_exists' | number;

export interface StreamAppend {
  streamId: string;
  expectedRevision: ExpectedRevision;
  events: NewEvent[];
}

export interface AppendResult {
  /** Position of the last event written (across all streams of the call). */
  position: number;
  /** Revision of each stream after the append, by stream id. */
  revisions: Record<string, number>;
  events: RecordedEvent[];
}

export interface LogFilter {
  marketplaceId?: string;
  /** Only public events (the ones events/query may show). */
  publicOnly?: boolean;
  /** Exact event types (`user/created`) or bare resource types (`user`). */
  eventTypes?: string[];
  resourceId?: string;
  /** The resource's own events plus events of resources with a to-one relationship to it. */
  relatedResourceId?: string;
  /** ISO timestamp; events created at or after it. */
  createdAtStart?: string;
}

export interface ReadAllOptions {
  /** Read events with position strictly greater than this. Default: from the start. */
  after?: number;
  /** Events only up to and including this position (replay up to a sequenceId). */
  until?: number;
  limit: number;
  filter?: LogFilter;
}

/**
 * What an appender may learn before its append is durable, and what it may ask of it.
 *
 * `committed` is called once the events are committed and visible to this process's reads, possibly before they
 * are durable (the embedded store's group commit flushes after); the promise still resolves only when they are
 * durable. An adapter that has no such moment never calls it. The runner uses it to let the next decision on a
 * contended stream start while the flush runs.
 *
 * `queued` and `after` chain appends (an adapter that cannot keep the promise below never calls `queued`, and so
 * is never given `after`). `queued` is called once the append holds its place in the adapter's queue: every append
 * made after it is planned after it, in the same transaction or a later one. A later append may then be decided on
 * the states this one leaves, before it is stored, and name it in `after`: the adapter refuses that append
 * (WrongExpectedRevisionError) unless every append it names is stored before it. Expected revisions alone would not
 * do: when the first is refused, another writer's event may stand at the revision the second expects.
 */
export interface AppendHooks {
  committed?(result: AppendResult): void;
  queued?(ticket: QueuedAppend): void;
  after?: readonly QueuedAppend[];
}

/** An append an adapter has queued (AppendHooks.queued): whether it was stored, once its transaction ended. */
export interface QueuedAppend {
  /** null while its transaction runs; then true when it is stored (or was a repeat of one stored), false if not. */
  readonly stored: boolean | null;
}

/** The formats events/query can join a page in from per-event texts (src/events/event-view.encoding.ts). */
export type EventViewFormat = 'transit' | 'json';

export interface Subscription {
  close(): Promise<void>;
}

/** Injection token of the EventStore port (readers of the log itself: events/query, asset history, the CLI). */
export const EVENT_STORE = 'EventStore';

export interface EventStore {
  /**
   * Appends events to one or several streams atomically: either every stream's expectation holds and every
   * event is durably written, or nothing is written and WrongExpectedRevisionError is thrown.
   */
  append(appends: StreamAppend[], hooks?: AppendHooks): Promise<AppendResult>;
  /**
   * The events of a stream in revision order, from `fromRevision` (default 0) on; [] for a stream that does not
   * exist. Reading from a revision lets a cached state fold only what is newer.
   */
  readStream(streamId: string, fromRevision?: number): Promise<RecordedEvent[]>;
  /** The global log forward in position order. */
  readAll(options: ReadAllOptions): Promise<RecordedEvent[]>;
  /**
   * Optional fast path of events/query: the events `readAll(options)` returns, each as its Integration API `event`
   * resource already encoded in `format` (compact Transit without cache references, or JSON), joined with commas,
   * as UTF-8: the inside of the page's `data` array. An adapter that keeps no encoded views leaves it out;
   * events/query then reads and encodes the events.
   */
  readEventViews?(options: ReadAllOptions, format: EventViewFormat): Promise<Buffer>;
  /**
   * The last `limit` events that match `filter`, in position order (the operator's `events tail`). Positions are
   * not counts (KurrentDB's are byte offsets), so "the last N" cannot be computed from the head.
   */
  readLast(limit: number, filter?: LogFilter): Promise<RecordedEvent[]>;
  /** The position of the newest event in the log (0 when empty). */
  headPosition(): Promise<number>;
  /**
   * Removes every event of one marketplace from the log, in one transaction: `marketplace import --replace`, with
   * no server on the store. Positions are never given again, so no reader mistakes a later event for a removed one.
   * Answers how many events went. Absent on KurrentDB, whose log keeps a deleted stream's events until a scavenge.
   */
  removeMarketplace?(marketplaceId: string): Promise<number>;
  /**
   * Calls `onEvents` for every event after `after`, first catching up, then live, in order, one batch at a time
   * (the next batch waits for the promise of the previous one).
   */
  subscribeToAll(after: number, onEvents: (events: RecordedEvent[]) => Promise<void>): Subscription;
  close(): Promise<void>;
}

export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no_stream',
  ) {
    super(`Stream ${streamId}: expected revision ${String(expected)}, actual ${String(actual)}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

/**
 * An append that got no answer (a timeout, a lost connection, a leader change): it may or may not have been
 * written. Repeating the same append (same event ids) is safe: a store recognises a repeat of what it stored.
 */
export class AppendUnansweredError extends Error {
  readonly transient = true;
  /** Answered 503 when the runner's repeats got no answer either: the change may or may not be stored. */
  readonly statusCode = 503;
  constructor(message: string, cause?: unknown) {
    super(message, { cause });
    this.name = 'AppendUnansweredError';
  }
}

/** An append larger than the store takes (KurrentDB's maximum append size): a client error, never retried. */
export class AppendTooLargeError extends Error {
  /** Answered 413 like an oversized request body. */
  readonly statusCode = 413;
  constructor(readonly size: number | null, readonly maxSize: number | null) {
    super(`The change is too large to store (${size ?? 'unknown'} bytes; at most ${maxSize ?? 'unknown'} bytes in one append).`);
    this.name = 'AppendTooLargeError';
  }
}

/** Does an event match a type filter entry (`user/created` exactly or the bare resource type `user`)? */
export const matchesEventType = (eventType: string, filters: string[]): boolean =>
  filters.some((f) => (f.includes('/') ? f === eventType : eventType.startsWith(`${f}/`)));

/** True when the recorded event passes every condition of a log filter. Adapters may use it after a coarse read. */
export const matchesFilter = (e: RecordedEvent, f: LogFilter | undefined): boolean => {
  if (!f) return true;
  const m = e.metadata;
  if (f.marketplaceId && m.marketplaceId !== f.marketplaceId) return false;
  if (f.publicOnly && !m.public) return false;
  if (f.eventTypes && f.eventTypes.length > 0 && !matchesEventType(e.type, f.eventTypes)) return false;
  if (f.resourceId && m.resourceId !== f.resourceId) return false;
  if (f.relatedResourceId && m.resourceId !== f.relatedResourceId && !(m.relatedIds ?? []).includes(f.relatedResourceId))
    return false;
  if (f.createdAtStart && m.createdAt < f.createdAtStart) return false;
  return true;
};
