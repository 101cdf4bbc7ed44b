import type { PostgresDatabase } from '../infrastructure/postgres-database';
import type { LogRow } from './sqlite-log-scan';

/**
 * A raw read of the PostgreSQL log for a rebuild, as SqliteLogScan reads the embedded one: the events up to
 * `until`, newest first, in windows of positions (`window`, …, to], each read oldest first (the primary key's
 * order) and reversed here. Rows are arrays of the stored texts: data and metadata are the embedded store's
 * Transit text (postgres-event-store.ts), so the same replay decodes only the events a projection reads.
 *
 * The next `ahead` windows are read while the caller works on this one, each on a pooled connection of its own: a
 * rebuild's worker waited ~5 s of its 13 at 200k events for the one window read ahead (PostgreSQL's reading
 * shares the cores with its COPYs and the replay), where two in flight keep one ready.
 */
export async function* postgresNewestFirst(db: PostgresDatabase, until: number, window: number, ahead = 2): AsyncGenerator<LogRow[]> {
  const read = async (to: number) =>
    (
      await db.pool.query<LogRow>({
        text: 'SELECT position::float8, id, stream_id, revision, type, data::text, metadata::text FROM events WHERE position > $1 AND position <= $2 ORDER BY position',
        values: [to - window, to],
        rowMode: 'array',
      })
    ).rows;
  const previous = async (to: number) => {
    const [row] = await db.query<{ position: number | null }>('SELECT max(position)::float8 AS position FROM events WHERE position <= $1', [to]);
    return row.position;
  };
  const reading: Array<{ to: number; rows: Promise<LogRow[]> }> = [];
  let next: number | null = until;
  const readAhead = () => {
    for (; next !== null && next > 0 && reading.length < ahead; next -= window) {
      const rows = read(next);
      // Unheard until awaited: a failure is thrown there, not as an unhandled rejection if the caller stops first.
      rows.catch(() => undefined);
      reading.push({ to: next, rows });
    }
  };
  readAhead();
  for (let current = reading.shift(); current; current = reading.shift()) {
    const chunk = await current.rows;
    if (chunk.length === 0) {
      // Positions come from an identity column: a gap (an append rolled back) must not end the scan. The reads
      // ahead fall in the gap or past it: done again from the next position that holds an event.
      for (const pending of reading.splice(0)) await pending.rows.catch(() => undefined);
      next = await previous(current.to - window);
    }
    readAhead();
    if (chunk.length > 0) yield chunk.reverse();
  }
}
