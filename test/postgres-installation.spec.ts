import { PostgresConsumerCheckpoints } from '../src/event-sourcing/postgres-consumer-checkpoints';
import { PostgresEventStore } from '../src/event-store/postgres-event-store';
import { PostgresDatabase } from '../src/infrastructure/postgres-database';
import { PostgresDocumentStore } from '../src/read-models/postgres-document-store';
import { PostgresListingSearch } from '../src/search/postgres-listing-search';
import { freshPostgresDatabase, skipWithoutPostgres, TestDatabase } from './support/postgres';

/** What the composition root opens on PostgreSQL, in the order it opens them. */
const openAll = async (db: PostgresDatabase) => {
  await PostgresEventStore.open(db);
  await PostgresDocumentStore.open(db);
  await PostgresListingSearch.open(db);
  await PostgresConsumerCheckpoints.open(db);
};

if (skipWithoutPostgres('PostgreSQL installation')) {
  describe('PostgreSQL installation (schema and migrations)', () => {
    let database: TestDatabase;
    const opened: PostgresDatabase[] = [];
    const open = async (schema?: string) => {
      const db = await PostgresDatabase.open({ url: database.url, schema, maxConnections: 2 });
      opened.push(db);
      return db;
    };
    beforeAll(async () => {
      database = await freshPostgresDatabase('installation');
    });
    afterAll(async () => {
      await Promise.all(opened.map((db) => db.close()));
      await database?.drop();
    });

    it('migrates once when several instances start at once', async () => {
      const instances = await Promise.all([1, 2, 3, 4].map(() => open('together')));
      await Promise.all(instances.map(openAll));
      const applied = await instances[0].query<{ id: string }>('SELECT id FROM schema_migrations ORDER BY id');
      expect(applied.map((r) => r.id)).toEqual(['consumer-checkpoints-1', 'documents-1', 'event-views-1', 'events-1', 'listing-search-1', 'listing-search-2']);
      // A later start finds everything applied.
      await openAll(await open('together'));
      expect(await instances[0].query('SELECT id FROM schema_migrations')).toHaveLength(6);
    });

    it('keeps installations in schemas of their own', async () => {
      const [a, b] = [await open('shop_a'), await open('shop_b')];
      const [storeA, storeB] = [await PostgresEventStore.open(a), await PostgresEventStore.open(b)];
      const event = { type: 'thing/created', data: {}, metadata: { marketplaceId: 'm', createdAt: '2026-01-01T00:00:00.000Z', public: true } };
      await storeA.append([{ streamId: 'm:one', expectedRevision: 'no_stream', events: [event] }]);
      expect(await storeA.readStream('m:one')).toHaveLength(1);
      expect(await storeB.readStream('m:one')).toEqual([]);
      expect(await storeB.headPosition()).toBe(0);
    });

    it('refuses a schema name that is not a plain SQL name, in one line', async () => {
      await expect(open('Shop; DROP')).rejects.toThrow('DATABASE_SCHEMA must be a lower-case SQL name (letters, digits, _), not "Shop; DROP"');
    });
  });
}
