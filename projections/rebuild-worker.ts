import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import { postgresNewestFirst } from '../src/event-store/postgres-log-scan';
import { LogRow, SqliteLogScan } from '../src/event-store/sqlite-log-scan';
import { PostgresDatabase } from '../src/infrastructure/postgres-database';
import { FinalWrites, NewestFirstReplay } from './newest-first';
import { UpcastTally } from '../src/shared/event-shapes';
import { ALL_PROJECTIONS } from './registry';
import { ALL_EVENT_SHAPES } from '../src/infrastructure/event-shapes.registry';

/**
 * The replay half of a rebuild in a worker thread (embedded-rebuild.ts, postgres-bulk-rebuild.ts): reads the log
 * newest first through its own connection (read-only, embedded), runs the projections and posts the final writes,
 * while the main thread stores the previous ones. Functions cannot be sent to a thread, so it runs the registry's
 * projections, by name.
 */
export interface RebuildWorkerData {
  /** The log: the embedded database file, or the PostgreSQL installation's URL and schema. */
  log: { file: string } | { url: string; schema: string };
  until: number;
  window: number;
  projections: string[];
  /** Chunks posted and not yet stored: bounds the memory of what waits. */
  ahead: number;
}

/** Events per message: fewer, larger messages. */
const BATCH = 500;

const { log, until, window, projections, ahead } = workerData as RebuildWorkerData;
const port = parentPort!;
let credit = ahead;
let wake: (() => void) | null = null;
port.on('message', () => {
  credit += 1;
  wake?.();
});

const run = async () => {
  // Functions cannot be sent either: the registry's shapes, which are the port's (the composition root's).
  const replay = new NewestFirstReplay(
    projections.map((name) => ALL_PROJECTIONS.find((p) => p.name === name)!),
    ALL_EVENT_SHAPES,
  );
  let batch: FinalWrites | null = null;
  const post = async (writes: FinalWrites) => {
    while (credit === 0) await new Promise<void>((resolve) => (wake = resolve));
    credit -= 1;
    port.postMessage(writes);
  };
  const scan = await logScan();
  try {
    for await (const chunk of scan.chunks) {
      const writes = replay.replay(chunk);
      batch = batch ? merge(batch, writes) : writes;
      if (batch.events >= BATCH) {
        await post(batch);
        batch = null;
      }
    }
    if (batch) await post(batch);
    port.postMessage(null);
  } finally {
    await scan.close();
  }
};

/** The log's chunks, newest first, through a connection of this thread's own. */
const logScan = async (): Promise<{ chunks: AsyncIterable<LogRow[]> | Iterable<LogRow[]>; close: () => Promise<void> }> => {
  if ('file' in log) {
    const scan = new SqliteLogScan(new Database(log.file, { readonly: true, fileMustExist: true }), true);
    return { chunks: scan.newestFirst(until, window), close: async () => scan.close() };
  }
  const db = await PostgresDatabase.open({ url: log.url, schema: log.schema, maxConnections: 2 });
  return { chunks: postgresNewestFirst(db, until, window), close: () => db.close() };
};

/** Chunks in the order they were replayed (newest first). */
const merge = (a: FinalWrites, b: FinalWrites): FinalWrites => ({
  events: a.events + b.events,
  newest: a.newest,
  oldest: b.oldest,
  documents: a.documents.concat(b.documents),
  keys: a.keys.concat(b.keys),
  search: a.search.concat(b.search),
  upcasts: mergeUpcasts(a.upcasts, b.upcasts),
});

const mergeUpcasts = (a: FinalWrites['upcasts'], b: FinalWrites['upcasts']): FinalWrites['upcasts'] => {
  const tally = new UpcastTally();
  tally.addAll(a);
  tally.addAll(b);
  return tally.byType;
};

// Done, the thread ends by itself once its connection is closed (the credits' listener no longer holds it).
void run().then(() => port.unref(), (error: unknown) => {
  // Re-thrown outside the promise, so the main thread gets it as the worker's 'error' event.
  setImmediate(() => {
    throw error;
  });
});
