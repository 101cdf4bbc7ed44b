import Database from 'better-sqlite3';
import { NO_UPCASTS } from '../src/shared/event-shapes';
import { READ_MODEL_TABLES, readModelRows } from '../bench/rebuild/read-model-rows';
import { marketplaceLog } from '../bench/rebuild/marketplace-log';
import type { DocumentProjection, Projection } from '../src/event-sourcing/projection';
import type { ReadModelOp } from '../src/read-models/document-store.port';
import { jobStream, scheduledJobModel, ScheduledJobEvent } from '../src/event-sourcing/scheduled-job';
import type { NewEvent, RecordedEvent, StreamAppend } from '../src/event-store/event-store.port';
import { SqliteEventStore } from '../src/event-store/sqlite-event-store';
import { SqliteDocumentStore } from '../src/read-models/sqlite-document-store';
import { SqliteListingSearch } from '../src/search/sqlite-listing-search';
import { operatorContext } from '../src/shared/command-context';
import { InlineProjectionEngine, rebuildReadModels } from './projection-engine';
import { ALL_PROJECTIONS } from './registry';

const MP = '6f0c3f64-0000-4000-8000-000000000001';
const CLIENT = '6f0c3f64-0000-4000-8000-000000000002';

/** A file's read models: the live ones (inline projections) or a rebuild's, compared table by table. */
const openLive = async (projections: readonly Projection[]) => {
  const db = new Database(':memory:');
  const events = new SqliteEventStore(db);
  const stores = { documents: new SqliteDocumentStore(db), search: new SqliteListingSearch(db) };
  const engine = new InlineProjectionEngine(events, stores, projections, NO_UPCASTS);
  await engine.start();
  const append = async (batches: StreamAppend[][]) => {
    for (const batch of batches) await events.append(batch);
  };
  const tables = () => Object.fromEntries(READ_MODEL_TABLES.map((table) => [table, [...readModelRows(db, table)]]));
  return { db, events, stores, engine, append, tables };
};

/** Jobs scheduled and, for every other one, run: puts and deletes (tombstones) of the scheduled-jobs read model. */
const jobs = (count: number): StreamAppend[] =>
  Array.from({ length: count }, (_, i) => {
    const ref = jobStream(MP, `job-${i}`);
    const decided: ScheduledJobEvent[] = [{ type: 'job/scheduled', data: { jobId: `job-${i}`, dueAt: new Date(Date.UTC(2030, 0, 1, 0, i)).toISOString(), command: { type: 'noop', data: { i } } } }];
    if (i % 2 === 1) decided.push({ type: 'job/ran', data: { jobId: `job-${i}`, ranAt: '2030-01-02T00:00:00.000Z' } });
    return { streamId: ref.streamId, expectedRevision: 'any' as const, events: ref.publish(operatorContext(MP, new Date(Date.UTC(2029, 0, 1))), scheduledJobModel.initialState(), decided) };
  });

describe('rebuildReadModels, embedded (one bulk transaction)', () => {
  // Users (sign-ups with their email guards, profile updates, deletions), images, listings (drafts, publications,
  // price and extended-data updates, closings, discarded drafts, deletions) and jobs, spread over the log.
  const batches = [...marketplaceLog(MP, CLIENT, 6000, { batchEvents: 250, window: 40 })];
  batches.splice(5, 0, jobs(20));
  batches.push(jobs(30).slice(20));

  it('gives exactly the read models the live projections wrote, the whole log or up to a position', async () => {
    const live = await openLive(ALL_PROJECTIONS);
    await live.append(batches);
    const expected = live.tables();
    expect(expected.documents.length).toBeGreaterThan(1000);
    expect(expected.search_listings.length).toBeGreaterThan(500);
    expect(expected.document_keys.length).toBeGreaterThan(300);
    expect(expected.document_tombstones.length).toBeGreaterThan(5);

    // Over the read models it rebuilds, twice.
    for (let i = 0; i < 2; i += 1) {
      const head = await live.events.headPosition();
      expect(await rebuildReadModels(live.events, live.stores, ALL_PROJECTIONS)).toEqual({ events: head, position: head });
      expect(live.tables()).toEqual(expected);
    }

    // Up to a position: what the live projections had written when the log ended there.
    const partial = await openLive(ALL_PROJECTIONS);
    await partial.append(batches.slice(0, 11));
    const middle = await partial.events.headPosition();
    await rebuildReadModels(live.events, live.stores, ALL_PROJECTIONS, { until: middle });
    expect(live.tables()).toEqual(partial.tables());
  });

  it('stores a document that is its event resource as the event text of it, byte for byte', async () => {
    const live = await openLive(ALL_PROJECTIONS);
    await live.append(batches.slice(0, 3));
    const bodies = () => live.db.prepare("SELECT id, body FROM documents WHERE collection IN ('user', 'listing', 'image') ORDER BY id").all();
    const before = bodies();
    await rebuildReadModels(live.events, live.stores, ALL_PROJECTIONS);
    expect(bodies()).toEqual(before);
  });

  it('gives a file from before (documents WITHOUT ROWID) the current layout, with the same read models', async () => {
    const db = new Database(':memory:');
    db.exec(`CREATE TABLE documents (collection TEXT NOT NULL, marketplace_id TEXT NOT NULL, id TEXT NOT NULL, created_at TEXT NOT NULL,
      body TEXT NOT NULL, fields TEXT NOT NULL, position INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (collection, marketplace_id, id)) WITHOUT ROWID`);
    const events = new SqliteEventStore(db);
    const stores = { documents: new SqliteDocumentStore(db), search: new SqliteListingSearch(db) };
    const engine = new InlineProjectionEngine(events, stores, ALL_PROJECTIONS, NO_UPCASTS);
    await engine.start();
    for (const batch of batches.slice(0, 4)) await events.append(batch);
    const tables = () => Object.fromEntries(READ_MODEL_TABLES.map((table) => [table, [...readModelRows(db, table)]]));
    const layout = () => (db.prepare("SELECT sql FROM sqlite_schema WHERE name = 'documents'").pluck().get() as string).includes('WITHOUT ROWID');
    const expected = tables();
    expect(layout()).toBe(true);
    await rebuildReadModels(events, stores, ALL_PROJECTIONS);
    expect(layout()).toBe(false);
    expect(tables()).toEqual(expected);
  });

  it('leaves the read models as they were when the rebuild fails part way', async () => {
    const live = await openLive(ALL_PROJECTIONS);
    await live.append(batches.slice(0, 6));
    const expected = live.tables();
    const failing: Projection[] = ALL_PROJECTIONS.map((p) =>
      p.name !== 'listings'
        ? p
        : {
            ...(p as DocumentProjection),
            project: (event: RecordedEvent) => {
              if (event.position > 1000) throw new Error('projection bug');
              return (p as DocumentProjection).project(event);
            },
          },
    );
    await expect(rebuildReadModels(live.events, live.stores, failing)).rejects.toThrow('projection bug');
    expect(live.tables()).toEqual(expected);
  });
});

describe('rebuildReadModels, embedded: unique keys', () => {
  /** `key/set` {id, keys}: puts document id with these unique keys; `key/deleted` {id}: deletes it. */
  const keyed: DocumentProjection = {
    name: 'keyed',
    eventTypes: ['key/set', 'key/deleted'],
    project: (event) => {
      const data = event.data as { id: string; keys?: string[] };
      if (event.type === 'key/deleted') return [{ op: 'delete', collection: 'keyed', marketplaceId: MP, id: data.id }];
      return [{ op: 'put', collection: 'keyed', document: { id: data.id, marketplaceId: MP, createdAt: '2026-01-01T00:00:00.000Z', body: data, keys: data.keys } }];
    },
  };
  /** `key/twice` {id, keys}: puts id with a temporary key, then with these keys; `key/both` is also read by `keyedToo`. */
  const twice: DocumentProjection = {
    name: 'twice',
    eventTypes: ['key/twice', 'key/both'],
    project: (event) => {
      const data = event.data as { id: string; keys: string[] };
      const put = (keys: string[], step: number): ReadModelOp => ({
        op: 'put',
        collection: 'keyed',
        document: { id: data.id, marketplaceId: MP, createdAt: '2026-01-01T00:00:00.000Z', body: { ...data, step }, keys },
      });
      return [put([`tmp-${data.id}`], 1), put(data.keys, 2)];
    },
  };
  /** Runs after `twice` (registry order): its write of `key/both` is the last. */
  const keyedToo: DocumentProjection = {
    name: 'keyed-too',
    eventTypes: ['key/both'],
    project: (event) => [{ op: 'delete', collection: 'keyed', marketplaceId: MP, id: (event.data as { id: string }).id }],
  };
  const event = (type: string, data: unknown): NewEvent => ({ type, data, metadata: { marketplaceId: MP, createdAt: '2026-01-01T00:00:00.000Z', public: false } });
  const set = (id: string, ...keys: string[]) => event('key/set', { id, keys });

  it('moves keys between documents exactly as the live writes do', async () => {
    // A key taken by another document and then dropped by it is gone, although its first holder still names it;
    // a deleted document's keys go with it; a document put again gets its keys back.
    const sequence = [set('a', 'x'), set('b', 'x'), set('b', 'y'), set('c', 'z'), set('a', 'x', 'w'), event('key/deleted', { id: 'c' }), set('d', 'z'), set('a'), set('c', 'q'), set('e', 'y', 'q'), set('b')];
    const live = await openLive([keyed]);
    await live.append(sequence.map((e, i) => [{ streamId: `s-${i}`, expectedRevision: 'any', events: [e] }]));
    const expected = live.tables();
    expect(expected.document_keys.map((row) => row.slice(2))).toEqual([
      ['q', 'e'],
      ['y', 'e'],
      ['z', 'd'],
    ]);
    await rebuildReadModels(live.events, live.stores, [keyed]);
    expect(live.tables()).toEqual(expected);
  });

  it('claims the keys of an older put it skips unprojected (documentOf), as of one it projects', async () => {
    let projected = 0;
    const declared: DocumentProjection = {
      ...keyed,
      project: (event) => {
        projected += 1;
        return keyed.project(event);
      },
      documentOf: (event) => {
        const data = event.data as { id: string; keys?: string[] };
        return event.type === 'key/set' ? { collection: 'keyed', marketplaceId: MP, id: data.id, keys: data.keys } : undefined;
      },
    };
    // a takes x from b and then drops it: x is nobody's, although b's last put (older than a's) names it.
    const sequence = [set('b', 'x'), set('a', 'x'), set('a')];
    const live = await openLive([declared]);
    await live.append(sequence.map((e, i) => [{ streamId: `s-${i}`, expectedRevision: 'any', events: [e] }]));
    const expected = live.tables();
    expect(expected.document_keys).toEqual([]);
    projected = 0;
    await rebuildReadModels(live.events, live.stores, [declared]);
    expect(live.tables()).toEqual(expected);
    // a's older put was skipped.
    expect(projected).toBe(2);
  });

  it('takes the writes of one event in order: its projections in registry order, each one\'s ops in order', async () => {
    const sequence = [set('a', 'x'), event('key/twice', { id: 'a', keys: ['y'] }), event('key/twice', { id: 'b', keys: ['tmp-a'] }), event('key/both', { id: 'c', keys: ['z'] })];
    const projections = [keyed, twice, keyedToo];
    const live = await openLive(projections);
    await live.append(sequence.map((e, i) => [{ streamId: `s-${i}`, expectedRevision: 'any', events: [e] }]));
    const expected = live.tables();
    expect(expected.document_keys.map((row) => row.slice(2))).toEqual([
      ['tmp-a', 'b'],
      ['y', 'a'],
    ]);
    expect(expected.document_tombstones.map((row) => row[2])).toEqual(['c']);
    await rebuildReadModels(live.events, live.stores, projections);
    expect(live.tables()).toEqual(expected);
  });
});
