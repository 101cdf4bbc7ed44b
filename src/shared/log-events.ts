/**
 * The shape of log events, in the shared kernel so that what builds them (command contexts, event publishing,
 * projections) does not depend on the event store; the EventStore port (src/event-store/event-store.port.ts)
 * stores and returns these.
 */

/** What `events/query` shows of an event, besides its type. Computed by the command handler at append time. */
export interface EventMetadata {
  marketplaceId: string;
  createdAt: string; // ISO 8601, from the injected clock
  /** Public events appear in the Integration API's events/query; internal ones (clients, sessions, guards) never do. */
  public: boolean;
  resourceType?: string;
  resourceId?: string;
  /** Ids of resources this one has a to-one relationship with (relatedResourceId filter). */
  relatedIds?: string[];
  /** The Integration API view of the resource after the event; null for `<type>/deleted`. */
  resource?: unknown;
  previousValues?: unknown;
  auditData?: AuditData;
  /**
   * Set on events recreated by `marketplace import` or `marketplace import-from-api` (when): history, not news. Reactors pass over them, so an
   * imported marketplace's mails, payments and other side effects are not made a second time.
   */
  importedAt?: string;
  source?: EventSource;
  /**
   * The version of the event type's shape it was written in (src/shared/event-shapes.ts); absent on events written
   * before shapes were versioned, which are version 1. Stamped at append, never shown by events/query.
   */
  shapeVersion?: number;
}

export type EventSource =
  | 'source/marketplace-api'
  | 'source/integration-api'
  | 'source/transaction'
  | 'source/console'
  | 'source/admin';

export interface AuditData {
  userId: string | null;
  adminId: string | null;
  clientId: string | null;
  requestId: string | null;
}

/** An event about to be appended. `type` is the wire name (`user/created`); `data` is the domain payload. */
export interface NewEvent<T extends string = string, D = unknown> {
  type: T;
  data: D;
  metadata: EventMetadata;
  /**
   * The event's id when the writer chose it (the runner derives it from the command: event-ids.ts), so a repeated
   * append of the same events is recognised and stored once; otherwise the store gives it a random one.
   */
  id?: string;
}

export interface RecordedEvent<T extends string = string, D = unknown> extends NewEvent<T, D> {
  /** Unique id of this event (uuid). */
  id: string;
  streamId: string;
  /** 0-based position of the event inside its stream. */
  revision: number;
  /** Global log position: strictly increasing in log order. This is the Integration API's `sequenceId`. */
  position: number;
  /**
   * `metadata.shapeVersion`, when the adapter can read it from the stored text without decoding the metadata
   * (src/shared/event-shapes.ts, shapeVersionInText); readers use `metadata`.
   */
  readonly storedShapeVersion?: number;
}
