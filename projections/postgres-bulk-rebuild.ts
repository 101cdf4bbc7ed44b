import { postgresNewestFirst } from '../src/event-store/postgres-log-scan';
import type { Projection } from '../src/event-sourcing/projection';
import type { PostgresDatabase } from '../src/infrastructure/postgres-database';
import type { EventShapes, UpcastTally } from '../src/shared/event-shapes';
import { saveCheckpoints } from '../src/read-models/postgres-document-writes';
import { countListings } from '../src/search/postgres-listing-search';
import { FinalWrites, NewestFirstReplay } from './newest-first';
import { BULK_LOADED_TABLES, PostgresBulkLoad } from './postgres-bulk-load';
import { canReplayInWorker, finalWritesFromWorker } from './rebuild-worker-client';

/**
 * Log positions read per statement: small enough that a window's rows die young in the worker (2,000 rows lived
 * through scavenges into the old generation: twice the worker's garbage collection at 200k events).
 */
const WINDOW = 500;
/** Index builds at once, each on a connection of its own (each one a server process, sorting in its own memory). */
const INDEX_BUILDS = 2;

export interface BulkRebuildOptions {
  until: number;
  /** The log is read raw: each event a projection reads is brought to its current shape (the port's shapes). */
  shapes: EventShapes;
  /** Counts the events upcast on the way (what `rebuild` reports). */
  upcasts?: UpcastTally;
  onProgress?: (done: number, total: number) => void;
  /** The live installation's URL: a worker thread reads the log through a connection of its own. */
  url?: string;
}

/**
 * The first replay of a rebuild beside the live read models (postgres-rebuild-beside.ts), into the fresh, empty
 * tables of `beside`: the embedded rebuild's technique (embedded-rebuild.ts) on PostgreSQL. Same read models as
 * replaying the log batch by batch through the stores (the rebuild bench compares every table with the live ones),
 * many times faster:
 *
 * - the log is read raw, newest first (postgres-log-scan.ts), and replayed newest first (newest-first.ts): each
 *   document, key and listing is inserted once, in its final state, with no version checks, nothing overwritten;
 * - given the live URL and a compiled build, reading and replaying run in a worker thread (rebuild-worker.ts)
 *   while this thread turns the final writes into rows and PostgreSQL inserts them: two cores at work;
 * - each table is loaded by one `COPY … FROM STDIN` (postgres-bulk-load.ts), on a connection of its own, streamed
 *   as the replay goes: the server parses plain rows, no array parameters, and inserts them as they arrive;
 * - the indexes that only serve queries (GIN of words, values and fields, GiST of locations, btrees of sort keys)
 *   and the primary keys of the loaded tables are dropped first and built once at the end, sorted, several at a
 *   time: a second row for one document still fails the rebuild, when its key is built (inserting every row into
 *   its key's btree as it came cost PostgreSQL ~4 s of the 32 s it spent on a 1M-event rebuild).
 *
 * Nothing reads these tables until the swap, and a rebuild that dies is dropped by the next one, so the load
 * commits table by table and the indexes are built after it, each on its own connection.
 */
export const bulkRebuildBeside = async (
  live: PostgresDatabase,
  beside: PostgresDatabase,
  projections: readonly Projection[],
  options: BulkRebuildOptions,
): Promise<{ events: number; position: number }> => {
  const indexes = await setIndexesAside(beside);
  const load = await PostgresBulkLoad.open(beside);
  let events = 0;
  let newest = 0;
  try {
    for await (const writes of finalWrites(live, projections, options)) {
      await load.store(writes);
      events += writes.events;
      options.upcasts?.addAll(writes.upcasts);
      newest ||= writes.newest;
      options.onProgress?.(options.until - writes.oldest + 1, options.until);
    }
  } catch (error) {
    await load.abort();
    throw error;
  }
  await load.finish();
  await beside.transaction(async (client) => {
    await countListings(client);
    // Each projection has seen every event up to the newest one (the checkpoints a forward replay leaves).
    if (events > 0) await saveCheckpoints(client, Object.fromEntries(projections.map((p) => [p.name, newest])));
  });
  await buildIndexes(beside, indexes);
  return { events, position: newest };
};

/** The final writes of the log up to `until`, newest first: from a worker thread when it can run, else replayed here. */
const finalWrites = (live: PostgresDatabase, projections: readonly Projection[], options: BulkRebuildOptions): AsyncIterable<FinalWrites> => {
  if (options.url && canReplayInWorker(projections, options.shapes)) {
    const workerData = { log: { url: options.url, schema: live.schema }, until: options.until, window: WINDOW, projections: projections.map((p) => p.name), ahead: 4 };
    // A young generation large enough that a batch's short-lived objects die in it instead of filling the old one.
    return finalWritesFromWorker(workerData, { maxYoungGenerationSizeMb: 64, maxOldGenerationSizeMb: 256 });
  }
  return replayedHere(live, projections, options);
};

async function* replayedHere(live: PostgresDatabase, projections: readonly Projection[], options: BulkRebuildOptions): AsyncGenerator<FinalWrites> {
  const replay = new NewestFirstReplay(projections, options.shapes);
  for await (const chunk of postgresNewestFirst(live, options.until, WINDOW)) yield replay.replay(chunk);
}

/**
 * Drops the schema's indexes that back no constraint, and the primary keys and unique constraints of the tables the
 * load fills, answering the statements that make them again.
 */
const setIndexesAside = async (db: PostgresDatabase): Promise<string[]> => {
  const indexes = await db.query<{ name: string; definition: string }>(
    `SELECT i.indexname AS name, i.indexdef AS definition FROM pg_indexes i
     WHERE i.schemaname = $1 AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = format('%I.%I', i.schemaname, i.indexname)::regclass)`,
    [db.schema],
  );
  for (const { name } of indexes) await db.query(`DROP INDEX "${db.schema}"."${name.replace(/"/g, '""')}"`);
  const keys = await db.query<{ drop: string; definition: string }>(
    `SELECT format('ALTER TABLE %I.%I DROP CONSTRAINT %I', n.nspname, t.relname, c.conname) AS drop,
       format('ALTER TABLE %I.%I ADD CONSTRAINT %I %s', n.nspname, t.relname, c.conname, pg_get_constraintdef(c.oid)) AS definition
     FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid JOIN pg_namespace n ON n.oid = t.relnamespace
     WHERE n.nspname = $1 AND t.relname = ANY($2::text[]) AND c.contype IN ('p', 'u')`,
    [db.schema, BULK_LOADED_TABLES],
  );
  for (const key of keys) await db.query(key.drop);
  return [...indexes.map((i) => i.definition), ...keys.map((k) => k.definition)];
};

/**
 * Builds the indexes and keys INDEX_BUILDS at a time, each on a pooled connection of its own, the GIN ones first
 * (the longest: the words of every listing), so the shorter builds fill in beside them.
 */
const buildIndexes = async (db: PostgresDatabase, statements: readonly string[]): Promise<void> => {
  const queue = [...statements].sort((a, b) => Number(/ USING gin /i.test(b)) - Number(/ USING gin /i.test(a)));
  const builder = async () => {
    for (let sql = queue.shift(); sql !== undefined; sql = queue.shift()) {
      await db.transaction(async (client) => {
        // Index builds may take longer than a statement may (DATABASE_STATEMENT_TIMEOUT_MS), and sort in memory.
        await client.query("SET LOCAL statement_timeout = 0; SET LOCAL maintenance_work_mem = '256MB'");
        await client.query(sql);
      });
    }
  };
  await Promise.all(Array.from({ length: INDEX_BUILDS }, builder));
};
