import type { PostgresDatabase } from '../infrastructure/postgres-database';
import type { LogRow } from './sqlite-log-scan';

/**
 * A raw read of the PostgreSQL log for a rebuild, as SqliteLogScan reads the embedded one: the events up to
 * `until`, newest first, in windows of positions (`window`, …, to], each read oldest first (the primary key's
 * order) and reversed here. Rows are arrays of the stored texts: data and metadata are the embedded store's
 * Transit text (postgres-event-store.ts), so the same replay decodes only the events a projection reads. The next
 * window is read while the caller works on this one.
 */
export async function* postgresNewestFirst(db: PostgresDatabase, until: number, window: number): AsyncGenerator<LogRow[]> {
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
  let to: number | null = until;
  let rows = to > 0 ? read(to) : null;
  while (rows && to !== null) {
    const chunk = await rows;
    // Positions come from an identity column: a gap (an append rolled back) must not end the scan.
    to = chunk.length > 0 ? to - window : await previous(to - window);
    rows = to !== null && to > 0 ? read(to) : null;
    // Unheard until awaited: a failure is thrown there, not as an unhandled rejection if the caller stops first.
    rows?.catch(() => undefined);
    if (chunk.length > 0) yield chunk.reverse();
  }
}
