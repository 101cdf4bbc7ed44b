import type { PoolClient } from 'pg';
import { postgresNewestFirst } from '../src/event-store/postgres-log-scan';
import type { Projection } from '../src/event-sourcing/projection';
import type { PostgresDatabase } from '../src/infrastructure/postgres-database';
import type { EventShapes, UpcastTally } from '../src/shared/event-shapes';
import { insertFinalDocuments, saveCheckpoints } from '../src/read-models/postgres-document-writes';
import { countListings, loadFinalListings } from '../src/search/postgres-listing-search';
import { FinalWrites, NewestFirstReplay } from './newest-first';

/** Log positions read per statement. */
const WINDOW = 2000;
/** Final writes kept before they go in one statement per table. */
const FLUSH_ROWS = 5000;

/**
 * The first replay of a rebuild beside the live read models (postgres-rebuild-beside.ts), into the fresh, empty
 * tables of `beside`: the embedded rebuild's technique (embedded-rebuild.ts) on PostgreSQL. Same read models as
 * replaying the log batch by batch through the stores (the rebuild bench compares every table with the live ones),
 * about ten times faster:
 *
 * - the log is read raw, newest first (postgres-log-scan.ts), and replayed newest first (newest-first.ts): each
 *   document, key and listing is inserted once, in its final state, with no version checks, nothing overwritten;
 * - thousands of rows go in one statement per table (`INSERT … SELECT FROM unnest`), all in one transaction: one
 *   WAL flush at the end instead of two per batch of 1,000 events, and no partial state if it fails;
 * - the indexes that only serve queries (GIN of words, values and fields, GiST of locations, btrees of sort keys)
 *   are dropped first and built once at the end, sorted, instead of updated row by row; the primary keys stay, so
 *   a second row for one document still fails.
 */
export const bulkRebuildBeside = async (
  live: PostgresDatabase,
  beside: PostgresDatabase,
  projections: readonly Projection[],
  options: {
    until: number;
    /** The log is read raw: each event a projection reads is brought to its current shape (the port's shapes). */
    shapes: EventShapes;
    /** Counts the events upcast on the way (what `rebuild` reports). */
    upcasts?: UpcastTally;
    onProgress?: (done: number, total: number) => void;
  },
): Promise<{ events: number; position: number }> =>
  beside.transaction(async (client) => {
    const indexes = await dropQueryIndexes(client, beside.schema);
    const replay = new NewestFirstReplay(projections, options.shapes);
    let pending: FinalWrites[] = [];
    let rows = 0;
    let events = 0;
    let newest = 0;
    // One load in flight while the next chunks are replayed: PostgreSQL inserts while this process decodes and
    // projects (the connection runs its statements in turn; at most two loads wait, so memory stays bounded).
    let writing: Promise<void> = Promise.resolve();
    const flush = async () => {
      const writes = pending;
      pending = [];
      rows = 0;
      const previous = writing;
      await previous;
      writing = (async () => {
        await insertFinalDocuments(client, writes.flatMap((w) => w.documents), writes.flatMap((w) => w.keys));
        await loadFinalListings(client, writes.flatMap((w) => w.search));
      })();
      // Heard at the next flush; unheard meanwhile it would be an unhandled rejection.
      writing.catch(() => undefined);
    };
    for await (const chunk of postgresNewestFirst(live, options.until, WINDOW)) {
      const writes = replay.replay(chunk);
      pending.push(writes);
      rows += writes.documents.length + writes.keys.length + writes.search.length;
      events += writes.events;
      options.upcasts?.addAll(writes.upcasts);
      newest ||= writes.newest;
      if (rows >= FLUSH_ROWS) await flush();
      options.onProgress?.(options.until - writes.oldest + 1, options.until);
    }
    await flush();
    await writing;
    await countListings(client);
    // Each projection has seen every event up to the newest one (the checkpoints a forward replay leaves).
    if (events > 0) await saveCheckpoints(client, Object.fromEntries(projections.map((p) => [p.name, newest])));
    // Index builds may take longer than a statement may (DATABASE_STATEMENT_TIMEOUT_MS), and sort in memory.
    await client.query("SET LOCAL statement_timeout = 0; SET LOCAL maintenance_work_mem = '256MB'");
    for (const sql of indexes) await client.query(sql);
    return { events, position: newest };
  });

/** Drops the schema's indexes that back no constraint, answering the statements that build them again. */
const dropQueryIndexes = async (client: PoolClient, schema: string): Promise<string[]> => {
  const { rows } = await client.query<{ name: string; definition: string }>(
    `SELECT i.indexname AS name, i.indexdef AS definition FROM pg_indexes i
     WHERE i.schemaname = $1 AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = format('%I.%I', i.schemaname, i.indexname)::regclass)`,
    [schema],
  );
  for (const { name } of rows) await client.query(`DROP INDEX "${schema}"."${name.replace(/"/g, '""')}"`);
  return rows.map((r) => r.definition);
};
