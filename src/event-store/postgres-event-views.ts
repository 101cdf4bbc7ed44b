import { EventViewFormat, EventViewTexts, joinViews, jsonOfTransitView } from '../events/event-view.encoding';
import type { Migration, PostgresDatabase } from '../infrastructure/postgres-database';
import { decodeStored } from '../shared/stored-json';
import type { EventMetadata, RecordedEvent } from './event-store.port';

export const EVENT_VIEWS_MIGRATION: Migration = {
  id: 'event-views-1',
  sql: `
CREATE TABLE event_views (
  position bigint PRIMARY KEY,
  event_id text NOT NULL,
  version  integer NOT NULL,
  transit  text NOT NULL
);`,
};

/** Texts written in one statement at most (a seed appends 10,000 events at once). */
const WRITE_BATCH = 2000;

/**
 * events/query's stored views on PostgreSQL, as the embedded store keeps them (src/event-store/sqlite-event-views.ts):
 * each public event's Integration API view encoded once as compact uncached Transit, so a page is its events' texts
 * joined, with nothing decoded or encoded per request (a JSON page makes each event's JSON from its text).
 *
 * A cache derived from the log alone, in its own table:
 * - Which events a page shows, and in which order, comes from the log (the same conditions as readAll); a text is
 *   used only when its row names the same event id and the version of EventViewTexts. An event without one is encoded at read
 *   from the log and its text written back, so a log older than the table fills in as it is read.
 * - Texts are written after the append's transaction commits, on another pooled connection: the append lock is not
 *   held for them, and only committed events get one (a position is never given twice).
 * - Writing never fails an append or a read: a text that could not be written is encoded again when next read.
 */
export class PostgresEventViews {
  private pending: Array<{ position: number; id: string; text?: string; event?: RecordedEvent }> = [];
  private writing: Promise<void> | null = null;

  constructor(
    private readonly db: PostgresDatabase,
    /** Texts of events in their current shapes, tagged with the version of those shapes. */
    private readonly encoding: EventViewTexts,
  ) {}

  /** The events of a committed append: the public ones get their text, written soon after. */
  appended(events: RecordedEvent[]): void {
    for (const event of events) if (event.metadata.public) this.queue({ position: event.position, id: event.id, event });
  }

  /**
   * The views of the events `SELECT … FROM events WHERE <where> ORDER BY position LIMIT <limit>` selects, in that
   * order, joined with commas as UTF-8. One statement when every text is stored and current.
   */
  async page(where: string, params: unknown[], limit: number, format: EventViewFormat): Promise<Buffer> {
    const rows = await this.db.query<{ position: string; id: string; transit: string | null }>(
      `SELECT e.position, e.id, CASE WHEN v.event_id = e.id AND v.version = ${this.encoding.version} THEN v.transit END AS transit
       FROM (SELECT position, id FROM events WHERE ${where} ORDER BY position LIMIT ${Number(limit)}) e
       LEFT JOIN event_views v ON v.position = e.position
       ORDER BY e.position`,
      params,
    );
    if (rows.length === 0) return Buffer.alloc(0);
    const missing = rows.filter((r) => r.transit === null);
    if (missing.length > 0) {
      const encoded = await this.encodeAtRead(missing.map((r) => Number(r.position)));
      for (const row of missing) row.transit = encoded.get(Number(row.position)) ?? null;
    }
    return joinViews(rows.map((r) => (format === 'json' ? jsonOfTransitView(r.transit!) : r.transit!)));
  }

  /** Events without a usable text: encoded from the log and written back. */
  private async encodeAtRead(positions: number[]): Promise<Map<number, string>> {
    const rows = await this.db.query<{ position: string; id: string; type: string; metadata: string }>(
      'SELECT position, id, type, metadata::text AS metadata FROM events WHERE position = ANY($1::bigint[])',
      [positions],
    );
    const texts = new Map<number, string>();
    for (const row of rows) {
      const position = Number(row.position);
      const text = this.encoding.ofStored({ id: row.id, type: row.type, position, metadata: decodeStored<EventMetadata>(row.metadata) });
      texts.set(position, text);
      this.queue({ position, id: row.id, text });
    }
    return texts;
  }

  private queue(item: PostgresEventViews['pending'][number]): void {
    this.pending.push(item);
    this.writing ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.write());
  }

  /** Writes what is queued, a batch at a time, until nothing is (appends made meanwhile included). */
  private async write(): Promise<void> {
    while (this.pending.length > 0) {
      // One row per position (a statement may not update a row twice): the last queued text of it.
      const batch = [...new Map(this.pending.splice(0, WRITE_BATCH).map((item) => [item.position, item])).values()];
      const texts = batch.map((item) => item.text ?? this.encoding.ofAppended(item.event!));
      await this.db
        .query(
          `INSERT INTO event_views (position, event_id, version, transit)
           SELECT position, event_id, ${this.encoding.version}, transit FROM unnest($1::bigint[], $2::text[], $3::text[]) AS r(position, event_id, transit)
           ON CONFLICT (position) DO UPDATE SET event_id = excluded.event_id, version = excluded.version, transit = excluded.transit`,
          [batch.map((item) => item.position), batch.map((item) => item.id), texts],
        )
        .catch(() => undefined); // encoded again when next read
    }
    this.writing = null;
  }

  /** Waits for the texts queued so far (a closing process keeps the ones it encoded). */
  async flush(): Promise<void> {
    while (this.writing) await this.writing;
  }
}
