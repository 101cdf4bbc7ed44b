import Database from 'better-sqlite3';
import type { Database as Connection, Statement } from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { EventViewFormat, EventViewTexts, joinViews, jsonOfTransitView } from '../events/event-view.encoding';
import { decodeStored } from '../shared/stored-json';
import type { EventMetadata } from './event-store.port';
import { ownerOnlyFile } from './owner-only-file';

/**
 * events/query's stored views in the embedded store: each public event's Integration API view encoded once as
 * compact uncached Transit (src/events/event-view.encoding.ts), so a page is the texts of its events joined, with
 * nothing decoded or encoded per request (a JSON page makes each event's JSON from its text).
 *
 * The texts live in a file of their own next to the log (`<name>.event-views.db`), with 32 KiB pages: a page of
 * 100 events is ~160 KB of text, which the log's 4 KiB pages would read with ~40 system calls and this file with
 * ~5; and a log many times larger than memory keeps these texts in the OS cache more easily. It is a cache
 * derived from the log alone, which may be missing, behind or deleted:
 *
 * - Which events a page shows, and in which order, comes from the log (its index `events_public_log`); a text is
 *   used only when its row names the same event id (and the version of EventViewTexts). An event without one is encoded at
 *   read from the log (kept in a bounded LRU) and its text written back, so an older data folder fills in.
 * - Texts are written after the append's transaction, a turn of the event loop later (`appended` queues them): the
 *   log's write lock is not held for them, and a rolled-back append leaves at worst a row no event id matches.
 * - Writing never fails an append or a read: a text that cannot be written is encoded again when next read.
 *
 * `rebuild` never touches it; deleting it only makes events/query slower until it fills again.
 */
export class SqliteEventViews {
  /** undefined: not opened yet; null: unavailable (read-only log without a views file, or it failed to open). */
  private texts: Connection | null | undefined;
  private readonly pageNames = new Map<string, Statement>();
  private readonly pageEvents = new Map<string, Statement>();
  private byRange: Statement | undefined;
  private byList: Statement | undefined;
  private joinedByRange: Statement | undefined;
  private joinedByList: Statement | undefined;
  private insert: Statement | undefined;
  private eventAt: Statement | undefined;
  private readonly encodedAtRead = new Lru<string>(LRU_ENTRIES);
  /** Texts to write: events appended (encoded when written) and texts encoded at read. */
  private pending: Array<{ position: number; id: string; type: string; metadata: EventMetadata } | { position: number; id: string; text: string }> = [];

  constructor(
    private readonly log: Connection,
    /** Texts of events in their current shapes, tagged with the version of those shapes. */
    private readonly encoding: EventViewTexts,
  ) {}

  /** Called by the append for each event it inserts: a public event's text is written a turn later. */
  appended(position: number, id: string, type: string, metadata: EventMetadata): void {
    if (metadata.public) this.queue({ position, id, type, metadata });
  }

  /**
   * The views of the events `SELECT … FROM <from> WHERE <where> ORDER BY position LIMIT <limit>` selects from the
   * log, in that order (whereClause in sqlite-event-store.ts), joined with commas as UTF-8.
   */
  page(from: string, where: string, params: unknown[], limit: number, format: EventViewFormat): Buffer {
    const select = `SELECT position, id FROM ${from} WHERE ${where} ORDER BY position LIMIT ?`;
    const key = `${from} ${where}`;
    if (format === 'transit') {
      // The page's events named in one row (SQLite builds the list: cheaper than a row each), in position order.
      let names = this.pageNames.get(key);
      if (!names) {
        names = this.log.prepare(`SELECT count(*), min(position), max(position), group_concat(position || ' ' || id, ' ' ORDER BY position) FROM (${select})`).raw(true);
        this.pageNames.set(key, names);
      }
      const [count, first, last, list] = names.get(...params, limit) as [number, number, number, string];
      if (count === 0) return Buffer.alloc(0);
      const joined = this.storedJoined(count, first, last, list);
      if (joined) return joined;
    }
    let statement = this.pageEvents.get(key);
    if (!statement) {
      statement = this.log.prepare(select).raw(true);
      this.pageEvents.set(key, statement);
    }
    const events = statement.all(...params, limit) as Array<[number, string]>;
    if (events.length === 0) return Buffer.alloc(0);
    const stored = this.storedTexts(events);
    const views = new Array<string>(events.length);
    for (let i = 0; i < events.length; i++) {
      const [position, id] = events[i];
      const text = stored.get(position);
      views[i] = text !== undefined && text[0] === id ? (format === 'json' ? jsonOfTransitView(text[1]) : text[1]) : this.encodeAtRead(position, id, format);
    }
    return joinViews(views);
  }

  /**
   * The usual case: SQLite joins the stored texts into one buffer, and names the rows it joined (position and
   * event id, in the order it joined them). When those names are exactly the page's (`page`: `count` events from
   * `first` to `last`, named in position order), every text is there, current and in order; otherwise (a text
   * missing, stale or of another version) null, and the texts are read one by one.
   */
  private storedJoined(count: number, first: number, last: number, pageNames: string): Buffer | null {
    const texts = this.open();
    if (!texts) return null;
    let row: [Buffer | null, string | null] | undefined;
    try {
      if (last - first + 1 === count) {
        this.joinedByRange ??= texts.prepare(joined('position BETWEEN ? AND ?', this.encoding.version)).raw(true);
        row = this.joinedByRange.get(first, last) as typeof row;
      } else {
        // Positions are every other word of the names (were an id to hold a space, the names would not match).
        const positions = pageNames.split(' ').filter((_, i) => i % 2 === 0);
        this.joinedByList ??= texts.prepare(joined('position IN (SELECT value FROM json_each(?))', this.encoding.version)).raw(true);
        row = this.joinedByList.get(`[${positions.join(',')}]`) as typeof row;
      }
    } catch {
      return null;
    }
    return row && row[0] !== null && row[1] === pageNames ? row[0] : null;
  }

  /** The stored (event id, text) of these events, by position: one range when they are close, else a list. */
  private storedTexts(events: Array<[number, string]>): Map<number, [string, string]> {
    const found = new Map<number, [string, string]>();
    const texts = this.open();
    if (!texts) return found;
    const first = events[0][0];
    const last = events[events.length - 1][0];
    let rows: Array<[number, string, string]>;
    try {
      if (last - first < 4 * events.length) {
        this.byRange ??= texts.prepare(`SELECT position, event_id, transit FROM event_view_texts WHERE position BETWEEN ? AND ? AND version = ${this.encoding.version}`).raw(true);
        rows = this.byRange.all(first, last) as Array<[number, string, string]>;
      } else {
        this.byList ??= texts
          .prepare(`SELECT position, event_id, transit FROM event_view_texts WHERE position IN (SELECT value FROM json_each(?)) AND version = ${this.encoding.version}`)
          .raw(true);
        rows = this.byList.all(JSON.stringify(events.map((e) => e[0]))) as Array<[number, string, string]>;
      }
    } catch {
      return found; // an unreadable cache: every event is encoded from the log
    }
    for (const [position, id, text] of rows) found.set(position, [id, text]);
    return found;
  }

  /** An event without a usable stored text: encoded from the log (or the LRU of such texts) and written back. */
  private encodeAtRead(position: number, id: string, format: EventViewFormat): string {
    const key = `${position}:${id}`;
    let transit = this.encodedAtRead.get(key);
    if (transit === undefined) {
      this.eventAt ??= this.log.prepare('SELECT type, metadata FROM events WHERE position = ?');
      const row = this.eventAt.get(position) as { type: string; metadata: string };
      transit = this.encoding.ofStored({ id, type: row.type, position, metadata: decodeStored<EventMetadata>(row.metadata) });
      this.encodedAtRead.set(key, transit);
    }
    this.queue({ position, id, text: transit });
    return format === 'json' ? jsonOfTransitView(transit) : transit;
  }

  private queue(item: SqliteEventViews['pending'][number]): void {
    if (this.pending.length === 0) setImmediate(() => this.flush());
    this.pending.push(item);
  }

  /** Writes what is queued in one transaction; on any failure the texts are dropped (they are encoded again when read). */
  private flush(): void {
    const batch = this.pending;
    this.pending = [];
    const texts = this.open();
    if (!texts || texts.readonly) return;
    try {
      this.insert ??= texts.prepare(`INSERT OR REPLACE INTO event_view_texts (position, event_id, version, transit) VALUES (?, ?, ${this.encoding.version}, ?)`);
      const insert = this.insert;
      texts.transaction(() => {
        for (const item of batch) insert.run(item.position, item.id, 'text' in item ? item.text : this.encoding.ofAppended(item));
      })();
    } catch {
      // Busy (another process writes), disk full, a closed file: the log is what matters; these are a cache.
    }
  }

  /** Writes what is still queued and closes the views file (the log's store is closing). */
  close(): void {
    if (this.pending.length > 0) this.flush();
    this.texts?.close();
    this.texts = null;
  }

  /** Opens the views file next to the log's file once (an in-memory log gets in-memory views). */
  private open(): Connection | null {
    if (this.texts !== undefined) return this.texts;
    this.texts = null;
    try {
      const name = this.log.name;
      const memory = name === '' || name === ':memory:' || name.startsWith('file::memory:');
      const path = memory ? ':memory:' : `${name.replace(/\.db$/i, '')}.event-views.db`;
      if (this.log.readonly && (memory || !existsSync(path))) return null;
      if (!memory && !this.log.readonly) ownerOnlyFile(path);
      const texts = new Database(path, { readonly: this.log.readonly });
      if (!texts.readonly) {
        // The page size counts only when the file is new; WAL, and no fsync per commit: this is a cache.
        texts.pragma(`page_size = ${PAGE_SIZE}`);
        texts.pragma('journal_mode = WAL');
        texts.pragma('synchronous = NORMAL');
        texts.exec(SCHEMA);
      }
      // Never keep the event loop waiting long on another process's write: a text not written is encoded again.
      texts.pragma('busy_timeout = 100');
      texts.pragma(`cache_size = -${CACHE_KIB}`);
      this.texts = texts;
    } catch {
      this.texts = null;
    }
    return this.texts;
  }
}

/** Both lists are built from the same rows in the same turn of the aggregate, so the names vouch for the texts' order. */
const joined = (where: string, version: number): string => `
SELECT CAST(group_concat(transit, ',') AS BLOB), group_concat(position || ' ' || event_id, ' ')
FROM (SELECT position, event_id, transit FROM event_view_texts WHERE ${where} AND version = ${version} ORDER BY position)`;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS event_view_texts (
  position    INTEGER PRIMARY KEY,
  event_id    TEXT NOT NULL,
  version     INTEGER NOT NULL,
  transit     TEXT NOT NULL
);
`;

/** 32 KiB: ~20 texts a page. Larger pages read a page of events in fewer calls but make every small commit write more. */
const PAGE_SIZE = 32768;
/** The views file's own page cache (the OS keeps the rest): the log's tail, which pollers read. */
const CACHE_KIB = 16384;
/** Texts encoded at read kept at most (a few KB each): a poller re-reading the tail of an old log stays fast. */
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
