import type { Database, Statement } from 'better-sqlite3';
import { encodeEventView, EVENT_VIEW_VERSION, EventViewFormat, jsonOfTransitView, storedEventView } from '../events/event-view.encoding';
import { decodeStored } from '../shared/stored-json';
import type { EventMetadata } from './event-store.port';

/**
 * events/query's stored views in the embedded store: table `event_view_texts` (schema in sqlite-event-store.ts),
 * one row per public event with its Integration API view encoded once as compact uncached Transit
 * (src/events/event-view.encoding.ts). Events are immutable, so a Transit page is those texts read on the events
 * index in log order and joined: nothing is decoded or encoded per request. A JSON page makes each event's JSON
 * from its Transit text (decoding, not reading the event: about a third of the old cost); storing JSON too would
 * double the table for the format the SDKs do not use.
 *
 * The append stores them (`store`, inside its transaction, so a rolled-back append leaves none). Events appended
 * before the table existed, or with another EVENT_VIEW_VERSION, have no usable row: they are encoded at read from
 * the event itself, and kept in a bounded LRU. The table is derived from the log alone: a rebuild of the read
 * models never touches it, and deleting it only makes reads slower.
 */
export class SqliteEventViews {
  private insert: Statement | undefined;
  private eventAt: Statement | undefined;
  private readonly pages = new Map<string, Statement>();
  private readonly encodedAtRead = new Lru<string>(LRU_ENTRIES);

  constructor(private readonly db: Database) {}

  /** Stores the text of a public event's view (internal events never appear in events/query). */
  store(position: number, id: string, type: string, metadata: EventMetadata): void {
    if (!metadata.public) return;
    this.insert ??= this.db.prepare(`INSERT OR REPLACE INTO event_view_texts (position, version, transit) VALUES (?, ${EVENT_VIEW_VERSION}, ?)`);
    this.insert.run(position, storedEventView({ id, type, position, metadata }));
  }

  /**
   * The views of the events `SELECT position FROM <from> WHERE <where> ORDER BY position LIMIT <limit>` selects, in that order.
   * Only the positions come from `events` (on an index that covers the usual filter), then each view by its key.
   */
  page(from: string, where: string, params: unknown[], limit: number, format: EventViewFormat): string[] {
    const key = `${from} ${where}`;
    let statement = this.pages.get(key);
    if (!statement) {
      // The page's positions first (the filter names only `events`' columns), then each one's text by its key.
      statement = this.db
        .prepare(
          `SELECT e.position, v.transit
           FROM (SELECT position FROM ${from} WHERE ${where} ORDER BY position LIMIT ?) e
           LEFT JOIN event_view_texts v ON v.position = e.position AND v.version = ${EVENT_VIEW_VERSION}
           ORDER BY e.position`,
        )
        .raw(true);
      this.pages.set(key, statement);
    }
    const rows = statement.all(...params, limit) as Array<[number, string | null]>;
    const views = new Array<string>(rows.length);
    for (let i = 0; i < rows.length; i++) {
      const [position, transit] = rows[i];
      views[i] = transit === null ? this.encodeAtRead(position, format) : format === 'json' ? jsonOfTransitView(transit) : transit;
    }
    return views;
  }

  private encodeAtRead(position: number, format: EventViewFormat): string {
    const key = `${format}:${position}`;
    const cached = this.encodedAtRead.get(key);
    if (cached !== undefined) return cached;
    this.eventAt ??= this.db.prepare('SELECT id, type, metadata FROM events WHERE position = ?');
    const row = this.eventAt.get(position) as { id: string; type: string; metadata: string };
    const text = encodeEventView({ id: row.id, type: row.type, position, metadata: decodeStored<EventMetadata>(row.metadata) }, format);
    this.encodedAtRead.set(key, text);
    return text;
  }
}

/** Views encoded at read kept at most (a few KB each): a poller re-reading the tail of an old log stays fast. */
const LRU_ENTRIES = 10_000;

/** A Map in least-recently-used order, at most `capacity` entries. */
class Lru<V> {
  private readonly entries = new Map<string, V>();

  constructor(private readonly capacity: number) {}

  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string);
  }
}
