import type { RecordedEvent } from '../event-store/event-store.port';
import { EventShapes, NO_UPCASTS } from '../shared/event-shapes';
import type { ReadModelOp, ScalarFieldIndex } from '../read-models/document-store.port';
import type { SearchOp } from '../search/listing-search.port';

/**
 * A projection is a value: a name (its checkpoint key), the store it writes to (its target), the event types it
 * reads, and a pure function from one event to that store's operations. Being pure, the same projection runs
 * inline in the embedded append transaction and in the catch-up engine of the production stores, and rebuilds
 * give the same answers.
 *
 * Projections do not stamp versions: the engines give every op the position of the event it came from, so a
 * store can refuse a write older than what it holds (two engines on one read model, see projections/).
 */
interface ProjectionBase {
  name: string;
  /** Exact event types, or 'all'. */
  eventTypes: readonly string[] | 'all';
}

/**
 * An event as a rebuild reads it from the log before decoding its metadata (src/event-store/sqlite-log-scan.ts):
 * its type, its data (small: decoded on access) and the metadata's plain string members (ids).
 */
export interface UndecodedEvent {
  readonly type: string;
  readonly data: unknown;
  /** Whether the data has a member, read without decoding it; undefined when only decoding tells. */
  dataHas(name: string): boolean | undefined;
  /** A plain string member of the metadata, or of its members (`'resource', 'attributes', 'email'`); null if it is not one. */
  metadataString(...path: string[]): string | null;
}

/** The one document or listing an event writes: `null` when it writes nothing, `undefined` when it cannot tell. */
export type OnlyWrite<Ref> = Ref | null | undefined;

/** A document an event writes, and the unique keys that write names (none when absent). */
export interface DocumentRef {
  collection: string;
  marketplaceId: string;
  id: string;
  keys?: readonly string[];
}

/** Writes documents (the DocumentStore port). The default target. */
export interface DocumentProjection extends ProjectionBase {
  target?: 'documents';
  project(event: RecordedEvent): ReadModelOp[];
  /** Single-valued fields of its collections that queries select by (see ScalarFieldIndex). */
  indexes?: readonly ScalarFieldIndex[];
  /**
   * For a rebuild that replays the log newest first (projections/newest-first.ts) and keeps only each document's
   * newest write: the one document `project` would write for this event, and the unique keys that put names,
   * without projecting it. An event whose every reader names a document already written is skipped undecoded (its
   * keys claimed as an older put's are). Must agree with `project` (projections/newest-first.spec.ts checks the
   * registry's over a marketplace's log).
   */
  documentOf?(event: UndecodedEvent): OnlyWrite<DocumentRef>;
}

/** Writes the listing search read model (the ListingSearch port). */
export interface ListingSearchProjection extends ProjectionBase {
  target: 'listing-search';
  project(event: RecordedEvent): SearchOp[];
  /** As DocumentProjection.documentOf: the one listing `project` would put or delete for this event. */
  listingOf?(event: UndecodedEvent): OnlyWrite<{ marketplaceId: string; id: string }>;
}

export type Projection = DocumentProjection | ListingSearchProjection;

/** The stores a projection can write to. */
export type ProjectionTarget = 'documents' | 'listing-search';

export const targetOf = (projection: Projection): ProjectionTarget => projection.target ?? 'documents';

export const handles = (projection: Projection, eventType: string): boolean =>
  projection.eventTypes === 'all' || projection.eventTypes.includes(eventType);

/** What a batch of events becomes: the ops of each store in log order, and each projection's new checkpoint. */
export interface ProjectedBatch {
  documents: ReadModelOp[];
  search: SearchOp[];
  checkpoints: Record<string, number>;
}

/**
 * Runs every projection over a batch, skipping events at or below a projection's checkpoint. Every op carries
 * the position of its event (its version). `shapes`: for events read beside the port (the inline engines' hooks
 * into the adapter), which are as stored; events read through the port are current already.
 */
export const projectBatch = (
  projections: readonly Projection[],
  events: readonly RecordedEvent[],
  checkpoints: Record<string, number> = {},
  shapes: EventShapes = NO_UPCASTS,
): ProjectedBatch => {
  const out: ProjectedBatch = { documents: [], search: [], checkpoints: {} };
  for (const stored of events) {
    const position = stored.position;
    let event: RecordedEvent | undefined;
    for (const projection of projections) {
      if ((checkpoints[projection.name] ?? 0) >= position) continue;
      if (handles(projection, stored.type)) {
        event ??= shapes.current(stored);
        if (projection.target === 'listing-search') for (const op of projection.project(event)) out.search.push({ ...op, position });
        else for (const op of projection.project(event)) out.documents.push({ ...op, position });
      }
      out.checkpoints[projection.name] = position;
    }
  }
  return out;
};

/** The scalar field indexes the document projections declare. */
export const scalarIndexesOf = (projections: readonly Projection[]): ScalarFieldIndex[] =>
  projections.flatMap((p) => (targetOf(p) === 'documents' ? ((p as DocumentProjection).indexes ?? []) : []));
