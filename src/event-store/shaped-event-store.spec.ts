import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EventShapes, firstShape, NO_UPCASTS, shapeWith } from '../shared/event-shapes';
import type { EventMetadata, NewEvent, RecordedEvent } from './event-store.port';
import { ShapedEventStore } from './shaped-event-store';
import { SqliteEventStore } from './sqlite-event-store';

// A release that renamed `title` to `name` in a thing's data and in its stored view (version 2).
const shapes = new EventShapes([
  {
    'thing/created': shapeWith({
      why: 'title is called name',
      data: ({ title, ...rest }: { title: string }) => ({ ...rest, name: title }),
      metadata: (m) => ({ ...m, resource: { name: (m.resource as { title: string }).title } }),
    }),
    'thing/noted': firstShape,
  },
]);

const metadata = (resource: unknown): EventMetadata => ({ marketplaceId: 'mp-1', createdAt: '2026-01-05T09:00:00.000Z', public: true, resourceType: 'thing', resourceId: 'thing-1', resource });
const written = (type: string, data: unknown, resource: unknown): NewEvent => ({ type, data, metadata: metadata(resource) });
const oldThing = written('thing/created', { title: 'Boat' }, { title: 'Boat' });
const current = { data: { name: 'Boat' }, metadata: { resource: { name: 'Boat' }, shapeVersion: 2 } };

describe('ShapedEventStore: the port as every reader sees it', () => {
  let dir: string;
  let db: Database.Database;
  let store: ShapedEventStore<SqliteEventStore>;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'shaped-'));
    db = new Database(join(dir, 'log.db'));
    store = new ShapedEventStore(new SqliteEventStore(db, null, shapes), shapes);
    // An event as an older release wrote it (no shape version), then one this release writes.
    await store.stored.append([{ streamId: 'thing-1', expectedRevision: 'no_stream', events: [oldThing] }]);
    await store.append([{ streamId: 'thing-1', expectedRevision: 0, events: [written('thing/noted', { note: 'dry' }, { name: 'Boat' })] }]);
  });

  afterEach(async () => {
    await store.close();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stamps what it appends with the current version of its type, and stores the rest as written', async () => {
    const stored = await store.stored.readStream('thing-1');
    expect(stored.map((e) => e.metadata.shapeVersion)).toEqual([undefined, 1]);
  });

  it('given an event of version 1, when read by any read of the port, then it is in its current shape', async () => {
    const [fromStream] = await store.readStream('thing-1');
    const [fromLog] = await store.readAll({ limit: 10 });
    const [fromTail] = await store.readLast(2);
    const fromSubscription = await new Promise<RecordedEvent>((resolve) => {
      const subscription = store.subscribeToAll(0, async ([first]) => {
        resolve(first);
        await subscription.close();
      });
    });
    for (const event of [fromStream, fromLog, fromTail, fromSubscription]) expect(event).toMatchObject(current);
  });

  it('counts what it upcast (what rebuild reports)', async () => {
    const upcasts = store.countUpcasts();
    await store.readAll({ limit: 10 });
    await store.readStream('thing-1');
    expect(upcasts.byType).toEqual({ 'thing/created': { 1: 2 } });
  });

  it("given events/query's stored views made before the shape changed, when read by this release, then they show the current view", async () => {
    const viewsOf = async (events: SqliteEventStore) =>
      JSON.parse(`[${(await events.readEventViews({ limit: 10 }, 'json')).toString()}]`).map((e: { attributes: { resource: unknown } }) => e.attributes.resource);
    // The earlier release (no upcasters) made and stored its texts.
    const earlier = new SqliteEventStore(db, null, NO_UPCASTS);
    expect(await viewsOf(earlier)).toEqual([{ title: 'Boat' }, { name: 'Boat' }]);
    await earlier.close();
    expect(await viewsOf(store.stored)).toEqual([{ name: 'Boat' }, { name: 'Boat' }]);
  });
});
