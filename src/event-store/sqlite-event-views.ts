import type { Database, Statement } from 'better-sqlite3';
import { encodeEventView, EVENT_VIEW_VERSION, EventViewFormat, eventViewTexts } from '../events/event-view.encoding';
import { decodeStored } from '../shared/stored-json';
import type { EventMetadata } from './event-store.port';

/**
 * events/query's stored views in the embedded store: table `event_views` (schema in sqlite-event-store.ts), one
 * row per public event with its Integration API view encoded once, as compact uncached Transit and as JSON
 * (src/events/event-view.encoding.ts). Events are immutable, so a page is those texts read on the events index
 * in log order and joined: nothing is decoded or encoded again per request.
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

  /** Stores both texts of a public event's view (internal events never appear in events/query). */
  store(position: number, id: string, type: string, metadata: EventMetadata): void {
    if (!metadata.public) return;
    const { transit, json } = eventViewTexts({ id, type, position, metadata });
    this.insert ??= this.db.prepare(`INSERT OR REPLACE INTO event_views (position, version, transit, json) VALUES (?, ${EVENT_VIEW_VERSION}, ?, ?)`);
    this.insert.run(position, transit, json);
  }

  /**
   * The views of the events `WHERE <where> ORDER BY position LIMIT <limit>` selects from `events`, in that order.
   * Only the positions come from `events` (on an index that covers the usual filter), then each view by its key.
   */
  page(where: string, params: unknown[], limit: number, format: EventViewFormat): string[] {
    const column = format === 'json' ? 'json' : 'transit';
    const key = `${column} ${where}`;
    let statement = this.pages.get(key);
    if (!statement) {
      statement = this.db
        .prepare(
          `SELECT position, (SELECT v.${column} FROM event_views v WHERE v.position = events.position AND v.version = ${EVENT_VIEW_VERSION})
           FROM events WHERE ${where} ORDER BY position LIMIT ?`,
        )
        .raw(true);
      this.pages.set(key, statement);
    }
    const rows = statement.all(...params, limit) as Array<[number, string | null]>;
    const views = new Array<string>(rows.length);
    for (let i = 0; i < rows.length; i++) views[i] = rows[i][1] ?? this.encodeAtRead(rows[i][0], format);
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
