import type { NewEvent, RecordedEvent } from '../src/event-store/event-store.port';
import { NO_UPCASTS } from '../src/shared/event-shapes';
import { PostgresEventStore } from '../src/event-store/postgres-event-store';
import type { DocumentProjection } from '../src/event-sourcing/projection';
import { PostgresDatabase } from '../src/infrastructure/postgres-database';
import { PostgresDocumentStore } from '../src/read-models/postgres-document-store';
import { freshPostgresDatabase, skipWithoutPostgres, TestDatabase } from '../test/support/postgres';
import { PostgresInlineProjectionEngine } from './postgres-inline-engine';

const MP = 'mp-1';

/** `thing/set` {id, value} puts a document of `collection`; `thing/poison` cannot be projected. */
const things = (name: string, collection = name): DocumentProjection => ({
  name,
  eventTypes: ['thing/set', 'thing/poison'],
  project: (event: RecordedEvent) => {
    const data = event.data as { id: string; value: number };
    if (event.type === 'thing/poison') throw new Error(`cannot project ${data.id}`);
    return [{ op: 'put', collection, document: { id: data.id, marketplaceId: MP, createdAt: '2026-01-01T00:00:00.000Z', body: { value: data.value } } }];
  },
});

const set = (id: string, value: number): NewEvent => ({ type: 'thing/set', data: { id, value }, metadata: { marketplaceId: MP, createdAt: '2026-01-01T00:00:00.000Z', public: false } });

if (skipWithoutPostgres('PostgresInlineProjectionEngine')) {
  describe('PostgresInlineProjectionEngine', () => {
    let database: TestDatabase;
    const closers: Array<() => Promise<void>> = [];
    /** One server instance: its own pool, stores and engine over the shared database. */
    const instance = async (projections: DocumentProjection[]) => {
      const db = await PostgresDatabase.open({ url: database.url, maxConnections: 3 });
      const events = await PostgresEventStore.open(db);
      const documents = await PostgresDocumentStore.open(db);
      const engine = new PostgresInlineProjectionEngine(events, { documents }, projections, NO_UPCASTS);
      await engine.start();
      closers.push(async () => {
        await engine.stop();
        await events.close();
        await db.close();
      });
      return { events, documents, engine };
    };
    beforeEach(async () => {
      database = await freshPostgresDatabase('inline-engine');
    });
    afterEach(async () => {
      for (const close of closers.splice(0)) await close();
      await database.drop();
    });

    it('writes the read models in the append transaction: visible when the append returns, rolled back with it', async () => {
      const a = await instance([things('things')]);
      const result = await a.events.append([{ streamId: 'mp-1:thing-1', expectedRevision: 'no_stream', events: [set('t1', 1)] }]);
      expect(await a.documents.get('things', MP, 't1')).toEqual({ value: 1 });
      expect(await a.documents.checkpoint('things')).toBe(result.position);

      const poison: NewEvent = { ...set('t2', 2), type: 'thing/poison' };
      await expect(a.events.append([{ streamId: 'mp-1:thing-2', expectedRevision: 'no_stream', events: [set('t2', 2), poison] }])).rejects.toThrow('cannot project t2');
      expect(await a.events.readStream('mp-1:thing-2')).toEqual([]);
      expect(await a.documents.get('things', MP, 't2')).toBeNull();
      expect(await a.documents.checkpoint('things')).toBe(result.position);
    });

    it('catches a new projection up at start, then every instance projects its own appends for all', async () => {
      const a = await instance([things('things')]);
      for (let i = 0; i < 5; i += 1) await a.events.append([{ streamId: `mp-1:thing-${i}`, expectedRevision: 'any', events: [set(`t${i}`, i)] }]);
      await a.engine.stop();

      // A release with a second projection: it starts at 0 and catches up the log before it projects inline.
      const b = await instance([things('things'), things('copies', 'copies')]);
      expect(await b.documents.get('copies', MP, 't4')).toEqual({ value: 4 });
      const c = await instance([things('things'), things('copies', 'copies')]);
      await c.events.append([{ streamId: 'mp-1:thing-9', expectedRevision: 'no_stream', events: [set('t9', 9)] }]);
      // Written by c's append, read through b's stores at once: no instance waits for another.
      expect(await b.documents.get('copies', MP, 't9')).toEqual({ value: 9 });
      expect(await b.documents.checkpoint('copies')).toBe(await b.events.headPosition());
    });
  });
}
