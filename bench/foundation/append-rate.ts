import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { BenchContext, BenchResult, Figure } from '../bench-kit';
import { percentile } from '../bench-kit';
import { loadConfig } from '../../src/config';
import type { StreamAppend } from '../../src/event-store/event-store.port';
import { SqliteEventStore } from '../../src/event-store/sqlite-event-store';
import { openInfrastructure } from '../../src/infrastructure/composition-root';
import { encodeStored } from '../../src/shared/stored-json';
import { userStream } from '../fixtures/user-events';

/**
 * Event store append rate, in this process: N single-event appends, one transaction each, every one to a new
 * stream, with the metadata of a real `user/updated` (resource view, previousValues, auditData).
 *
 * - ours: `SqliteEventStore.append` (encoding, the stream's revision check, the insert);
 * - ours, whole write path: `EventLog.append` over `openInfrastructure`, i.e. also the inline projections;
 * - baseline: the same rows (already encoded) inserted with one prepared raw better-sqlite3 INSERT per
 *   BEGIN IMMEDIATE … COMMIT, into the same schema with the same pragmas (WAL, synchronous=FULL).
 */
const appendsWanted = (): number => {
  const n = Number(process.env.BENCH_APPENDS);
  return Number.isInteger(n) && n > 0 ? n : 5000;
};

const openDb = (dir: string): Database.Database => {
  const db = new Database(join(dir, 'marketplace.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  db.pragma('foreign_keys = ON');
  return db;
};

/** N single-event appends to distinct user streams (the update of a user whose stream does not exist yet). */
const appendsOf = (n: number, marketplaceId: string): StreamAppend[] => {
  const start = new Date();
  return Array.from({ length: n }, (_, index) => {
    const stream = userStream({ marketplaceId, clientId: randomUUID(), updates: 1, start, index });
    return { ...stream, events: [stream.events[1]] };
  });
};

/** One way of appending, measured over its own items; its time and latencies add up over the rounds. */
interface Variant {
  count: number;
  appendAt(index: number): unknown;
  latencies: Float64Array;
  done: number;
  seconds: number;
}

const variant = <T>(items: readonly T[], append: (item: T) => unknown): Variant => ({
  count: items.length,
  appendAt: (index) => append(items[index]),
  latencies: new Float64Array(items.length),
  done: 0,
  seconds: 0,
});

const ROUNDS = 10;

/**
 * Disk flush times drift during a run, so the variants take turns: ten rounds, each appending a tenth of every
 * variant's items, in a rotating order. Each variant's rate is its items over its own summed time.
 */
const measureInTurns = async (variants: Variant[]): Promise<Array<Omit<Figure, 'name'>>> => {
  for (let round = 0; round < ROUNDS; round++) {
    for (let k = 0; k < variants.length; k++) {
      const v = variants[(round + k) % variants.length];
      const end = Math.round(((round + 1) * v.count) / ROUNDS);
      const started = process.hrtime.bigint();
      for (; v.done < end; v.done++) {
        const t = process.hrtime.bigint();
        await v.appendAt(v.done);
        v.latencies[v.done] = Number(process.hrtime.bigint() - t) / 1e6;
      }
      v.seconds += Number(process.hrtime.bigint() - started) / 1e9;
      // Appends are synchronous underneath: let the event loop turn between slices (Ctrl-C stays responsive).
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  return variants.map((v) => ({ value: v.count / v.seconds, p50Ms: percentile(v.latencies, 50), p99Ms: percentile(v.latencies, 99) }));
};

/** The baseline: the same rows, already encoded, one prepared INSERT per BEGIN IMMEDIATE … COMMIT. */
const rawInserts = (ctx: BenchContext, appends: StreamAppend[]) => {
  const db = openDb(ctx.tempDir('append-raw'));
  ctx.defer(() => void db.close());
  // The store's constructor creates its schema; after that only raw statements touch this file.
  new SqliteEventStore(db);
  const insert = db.prepare(
    `INSERT INTO events (id, stream_id, revision, type, marketplace_id, public, resource_id, created_at, data, metadata)
     VALUES (@id, @streamId, @revision, @type, @marketplaceId, @public, @resourceId, @createdAt, @data, @metadata)`,
  );
  const rows = appends.map(({ streamId, events: [e] }) => ({
    id: randomUUID(),
    streamId,
    revision: 0,
    type: e.type,
    marketplaceId: e.metadata.marketplaceId,
    public: e.metadata.public ? 1 : 0,
    resourceId: e.metadata.resourceId ?? null,
    createdAt: e.metadata.createdAt,
    data: encodeStored(e.data),
    metadata: encodeStored(e.metadata),
  }));
  const insertOne = db.transaction((row: (typeof rows)[number]) => insert.run(row));
  return variant(rows, (row) => insertOne.immediate(row));
};

export const measureAppendRates = async (ctx: BenchContext): Promise<BenchResult[]> => {
  const n = appendsWanted();
  const marketplaceId = randomUUID();
  ctx.log(`append rate: building ${n} user/updated events for each variant`);
  const forRaw = appendsOf(n, marketplaceId);
  const sample = forRaw[0].events[0];
  const eventBytes = encodeStored(sample.metadata).length + encodeStored(sample.data).length;

  const storeDb = openDb(ctx.tempDir('append-store'));
  ctx.defer(() => void storeDb.close());
  const store = new SqliteEventStore(storeDb);
  const infra = await openInfrastructure(
    loadConfig({}, { dataDir: ctx.tempDir('append-log'), sqliteSynchronous: 'FULL', tokenSecret: 'bench' }),
  );
  ctx.defer(() => infra.close());

  ctx.log(`append rate: ${n} raw inserts, ${n} SqliteEventStore appends, ${n} appends with inline projections, in ${ROUNDS} rounds`);
  const [baseline, ours, whole] = await measureInTurns([
    rawInserts(ctx, forRaw),
    variant(appendsOf(n, marketplaceId), (append) => store.append([append])),
    variant(appendsOf(n, marketplaceId), (append) => infra.events.append([append]).then((r) => infra.projections.waitFor(r.position))),
  ]);

  const raw = { name: 'raw better-sqlite3', ...baseline };
  const extras = { appends: n, 'bytes/event': eventBytes };
  return [
    { name: 'SqliteEventStore.append (1 event, new stream)', unit: 'appends/s', ours, baseline: raw, extras },
    { name: 'append + inline projections', unit: 'appends/s', ours: whole, baseline: raw, extras },
  ];
};
