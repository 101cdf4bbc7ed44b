import type { RecordedEvent } from '../src/event-store/event-store.port';
import { LogRow, ScannedEvent, scannedEvent } from '../src/event-store/sqlite-log-scan';
import { EventShapes, UpcastTally } from '../src/shared/event-shapes';
import { DocumentRef, handles, Projection } from '../src/event-sourcing/projection';
import type { ReadModelOp } from '../src/read-models/document-store.port';
import type { DocumentRow, KeyRow } from '../src/read-models/sqlite-document-bulk-load';
import { encodeStored } from '../src/shared/stored-json';
import type { SearchOp } from '../src/search/listing-search.port';

/** What a chunk of the log leaves to store: final states only, in plain data (a worker thread can make it). */
export interface FinalWrites {
  events: number;
  /** Positions of the chunk's newest and oldest events. */
  newest: number;
  oldest: number;
  documents: DocumentRow[];
  keys: KeyRow[];
  search: Array<SearchOp & { position: number }>;
  /** The chunk's events that were upcast, by type and stored version. */
  upcasts: UpcastTally['byType'];
}

/**
 * A rebuild replays the log newest first. Every write of a read model replaces a whole document (a put or a
 * delete of one document, of one listing's search entry), so the first write of a document met going back is its
 * final state, exactly, and every older one can be skipped: each document, listing and unique key is written
 * once, into emptied tables, and nothing is written only to be overwritten.
 *
 * Unique keys move between documents (applySync's INSERT OR REPLACE takes a key from another document, and a
 * document's next write deletes the keys it still holds), so the key table is not a per-document state. Going back,
 * a key is final at the newest put that names it, held by that put's document if that put is the document's final
 * write, and by nobody otherwise (its document dropped it, or was deleted, later). Older puts that name it changed
 * nothing that lasted.
 *
 * The projections run on every event, in the reverse of the forward order (events, then projections in registry
 * order, then each one's ops), since only they know which documents an event writes.
 */
export class NewestFirstReplay {
  private readonly readersOf: (type: string) => readonly Projection[];
  /** Documents (`collection\0marketplace\0id`) and listings (`\0marketplace\0id`) whose final write is known. */
  private readonly met = new Set<string>();
  /** Keys (`collection\0marketplace\0key`) whose final holder is known. */
  private readonly claimed = new Set<string>();
  /** onlyOlderWrites' documents with keys (one array for every event). */
  private readonly keyedWrites: DocumentRef[] = [];

  constructor(
    projections: readonly Projection[],
    /** The log is read raw: each event a projection reads is brought to its current shape first. */
    private readonly shapes: EventShapes,
  ) {
    const types = new Set(projections.flatMap((p) => (p.eventTypes === 'all' ? [] : p.eventTypes)));
    // Reversed: the registry order of a forward replay, backwards.
    const byType = new Map([...types].map((type) => [type, projections.filter((p) => handles(p, type)).reverse()]));
    const all = projections.filter((p) => p.eventTypes === 'all').reverse();
    this.readersOf = (type) => byType.get(type) ?? all;
  }

  /** The final writes among a chunk of the log given newest first. */
  replay(rows: readonly LogRow[]): FinalWrites {
    const upcasts = new UpcastTally();
    const out: FinalWrites = { events: rows.length, newest: rows[0][0], oldest: rows[rows.length - 1][0], documents: [], keys: [], search: [], upcasts: upcasts.byType };
    for (const row of rows) {
      // Upcast (and counted) whether read or not, as a read of the port would: what `rebuild` reports is the log's.
      const scanned = scannedEvent(row);
      const event = this.shapes.current<RecordedEvent & Partial<ScannedEvent>>(scanned, upcasts);
      const readers = this.readersOf(row[4]);
      if (readers.length === 0) continue;
      // An event as stored (not upcast) whose every write is known to be older than one already met changes
      // nothing: it is neither decoded nor projected (a listing updated 30 times is projected once).
      if (event === scanned && this.onlyOlderWrites(readers, scanned)) continue;
      for (const projection of readers) {
        if (projection.target === 'listing-search') {
          const ops = projection.project(event);
          for (let i = ops.length - 1; i >= 0; i -= 1) this.search(ops[i], event.position, out);
        } else {
          const ops = projection.project(event);
          for (let i = ops.length - 1; i >= 0; i -= 1) this.document(ops[i], event, out);
        }
      }
    }
    return out;
  }

  private search(op: SearchOp, position: number, out: FinalWrites): void {
    const [marketplaceId, id] = op.op === 'put' ? [op.document.marketplaceId, op.document.id] : [op.marketplaceId, op.id];
    if (this.meet(`\u0000${marketplaceId}\u0000${id}`)) out.search.push({ ...op, position });
  }

  private document(op: ReadModelOp, event: RecordedEvent & Partial<ScannedEvent>, out: FinalWrites): void {
    const [marketplaceId, id] = op.op === 'put' ? [op.document.marketplaceId, op.document.id] : [op.marketplaceId, op.id];
    const scope = `${op.collection}\u0000${marketplaceId}\u0000`;
    const final = this.meet(scope + id);
    for (const key of op.op === 'put' ? (op.document.keys ?? []) : []) {
      if (this.claimed.has(scope + key)) continue;
      this.claimed.add(scope + key);
      if (final) out.keys.push({ collection: op.collection, marketplaceId, key, id });
    }
    if (!final) return;
    if (op.op === 'delete') {
      out.documents.push({ collection: op.collection, marketplaceId, id, position: event.position });
      return;
    }
    const d = op.document;
    out.documents.push({
      collection: op.collection,
      marketplaceId,
      id,
      position: event.position,
      put: { createdAt: d.createdAt, body: storedBody(d.body, event) ?? encodeStored(d.body), fields: JSON.stringify(d.fields ?? {}) },
    });
  }

  /**
   * Whether each reader names the one document it writes for the event, if any, and each was met already; if so,
   * the keys those older puts name are claimed, as `document` claims an older put's (held by nobody).
   */
  private onlyOlderWrites(readers: readonly Projection[], event: ScannedEvent): boolean {
    const keyed = this.keyedWrites;
    keyed.length = 0;
    for (const projection of readers) {
      if (projection.target === 'listing-search') {
        const listing = projection.listingOf?.(event);
        if (listing === undefined || (listing !== null && !this.met.has(`\u0000${listing.marketplaceId}\u0000${listing.id}`))) return false;
      } else {
        const document = projection.documentOf?.(event);
        if (document === undefined || (document !== null && !this.met.has(`${document.collection}\u0000${document.marketplaceId}\u0000${document.id}`))) return false;
        if (document?.keys?.length) keyed.push(document);
      }
    }
    for (const document of keyed) for (const key of document.keys!) this.claimed.add(`${document.collection}\u0000${document.marketplaceId}\u0000${key}`);
    return true;
  }

  /** True the first time: the write met is the final one. */
  private meet(key: string): boolean {
    if (this.met.has(key)) return false;
    this.met.add(key);
    return true;
  }
}

/**
 * A body that is its event's resource (users, listings, images...) is stored as the event's own text of it: the
 * text the live projection stored, without encoding it again (src/shared/stored-json-text.ts). An upcast event has
 * no such text (its resource is not the stored one): its body is encoded.
 */
const storedBody = (body: unknown, event: RecordedEvent & Partial<ScannedEvent>): string | undefined =>
  body !== null && body === event.metadata.resource ? (event.resourceText ?? undefined) : undefined;
