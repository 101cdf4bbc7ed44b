import { SqliteLogScan } from '../src/event-store/sqlite-log-scan';
import type { Projection } from '../src/event-sourcing/projection';
import { EventShapes, NO_UPCASTS, UpcastTally } from '../src/shared/event-shapes';
import type { SqliteDocumentStore } from '../src/read-models/sqlite-document-store';
import type { SqliteListingSearch } from '../src/search/sqlite-listing-search';
import { FinalWrites, NewestFirstReplay } from './newest-first';
import { ALL_EVENT_SHAPES } from '../src/infrastructure/event-shapes.registry';
import { canReplayInWorker, finalWritesFromWorker } from './rebuild-worker-client';
import type { RebuildWorkerData } from './rebuild-worker';

/** Log positions read per query: rows die young (a larger window lives through scavenges into the old generation). */
const WINDOW = 256;

export interface EmbeddedRebuildOptions {
  /** The last position to replay (the log's head, or an operator's `--until-seqid`). */
  until: number;
  /** Called with how far back the replay has come: from `until` down to 0. */
  onProgress?: (done: number, total: number) => void;
  /**
   * Replay in a worker thread while this one stores (the operator CLI, with the server stopped): the transaction
   * then spans turns of the event loop, so nothing else may use the connection meanwhile.
   */
  worker?: boolean;
  /** The shapes events are read in (the port's, src/event-store/shaped-event-store.ts); the worker uses the registry's. */
  shapes?: EventShapes;
  /** Counts the events upcast on the way. */
  upcasts?: UpcastTally;
}

type Stores = { documents: SqliteDocumentStore; search?: SqliteListingSearch };

/**
 * The rebuild of the embedded deployment: the log and every read model in one SQLite file (the event store,
 * SqliteDocumentStore and SqliteListingSearch on one connection). Same read models as replaying the log through
 * `applySync` batch by batch (projections/embedded-rebuild.spec.ts), far faster:
 *
 * - one transaction for the whole rebuild: a crash (or an error) leaves the read models as they were before it,
 *   consistent with their checkpoints, and a new rebuild starts over; when it returns, the commit is durable (the
 *   connection's `synchronous`) and the WAL is checkpointed into the file;
 * - the log is replayed newest first (newest-first.ts): each document, listing and key is inserted once, in its
 *   final state, into emptied tables, with no version checks and nothing overwritten;
 * - the log is read raw, through a connection of its own, and an event is decoded only if a projection reads it;
 * - a document whose body is its event's resource (most are) is stored as the event's own text of it;
 * - indexes that only serve queries are built once, at the end;
 * - with `worker`, reading and projecting (JavaScript) run in a worker thread, storing (SQLite) here.
 */
export const rebuildEmbedded = async (stores: Stores, projections: readonly Projection[], options: EmbeddedRebuildOptions): Promise<{ events: number; position: number }> => {
  const db = stores.documents.database;
  const inWorker = options.worker === true && !db.memory && canReplayInWorker(projections, options.shapes ?? ALL_EVENT_SHAPES);
  // The commit is the rebuild's one point of durability: FULL syncs the WAL in it, whatever the connection does
  // otherwise (with SQLITE_SYNCHRONOUS=FULL the event store commits with NORMAL and syncs the WAL itself,
  // src/event-store/wal-group-commit.ts).
  const synchronous = db.pragma('synchronous', { simple: true }) as number;
  db.pragma('synchronous = FULL');
  try {
    const result = inWorker ? await loadFromWorker(stores, projections, options) : stores.documents.transaction(() => loadHere(stores, projections, options));
    // The committed WAL holds the whole new read model: copy it into the database file and empty it now, rather
    // than leave a WAL as large as the read models to the server's first checkpoint.
    db.pragma('wal_checkpoint(TRUNCATE)');
    return result;
  } finally {
    db.pragma(`synchronous = ${synchronous}`);
  }
};

const loadHere = (stores: Stores, projections: readonly Projection[], options: EmbeddedRebuildOptions) => {
  const load = bulkLoad(stores, projections, options);
  const replay = new NewestFirstReplay(projections, options.shapes ?? NO_UPCASTS);
  const log = SqliteLogScan.beside(stores.documents.database);
  try {
    for (const chunk of log.newestFirst(options.until, WINDOW)) load.store(replay.replay(chunk));
  } finally {
    log.close();
  }
  return load.finish();
};

const loadFromWorker = async (stores: Stores, projections: readonly Projection[], options: EmbeddedRebuildOptions) => {
  const db = stores.documents.database;
  db.exec('BEGIN IMMEDIATE');
  try {
    const load = bulkLoad(stores, projections, options);
    const workerData: RebuildWorkerData = { log: { file: db.name }, until: options.until, window: WINDOW, projections: projections.map((p) => p.name), ahead: 8 };
    // A young generation large enough that a batch's short-lived objects die in it instead of filling the old one.
    for await (const writes of finalWritesFromWorker(workerData, { maxYoungGenerationSizeMb: 32, maxOldGenerationSizeMb: 192 })) load.store(writes);
    const result = load.finish();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    if (db.inTransaction) db.exec('ROLLBACK');
    throw error;
  }
};

/** Empties the read models, then stores final writes as they come, and the checkpoints at the end. */
const bulkLoad = (stores: Stores, projections: readonly Projection[], options: EmbeddedRebuildOptions) => {
  const documents = stores.documents.bulkLoad();
  const search = stores.search?.bulkLoad();
  let events = 0;
  let newest = 0;
  return {
    store(writes: FinalWrites): void {
      for (const row of writes.documents) documents.insert(row);
      for (const row of writes.keys) documents.insertKey(row);
      for (const op of writes.search) search!.load(op);
      events += writes.events;
      options.upcasts?.addAll(writes.upcasts);
      newest ||= writes.newest;
      options.onProgress?.(options.until - writes.oldest + 1, options.until);
    },
    finish(): { events: number; position: number } {
      documents.finish();
      search?.finish();
      // Each projection has seen every event up to the newest one (the checkpoints a forward replay leaves).
      if (events > 0) stores.documents.applySync([], Object.fromEntries(projections.map((p) => [p.name, newest])));
      return { events, position: newest };
    },
  };
};
