import { marketplaceLog } from '../bench/rebuild/marketplace-log';
import { postgresReadModelDigest } from '../bench/rebuild/postgres-rows';
import type { StreamAppend } from '../src/event-store/event-store.port';
import { PostgresEventStore } from '../src/event-store/postgres-event-store';
import { ShapedEventStore } from '../src/event-store/shaped-event-store';
import { PostgresDatabase } from '../src/infrastructure/postgres-database';
import { PostgresDocumentStore } from '../src/read-models/postgres-document-store';
import { PostgresListingSearch } from '../src/search/postgres-listing-search';
import { NO_UPCASTS } from '../src/shared/event-shapes';
import { freshPostgresDatabase, skipWithoutPostgres } from '../test/support/postgres';
import { PostgresInlineProjectionEngine } from './postgres-inline-engine';
import { rebuildBesideAndSwap } from './postgres-rebuild-beside';
import { ALL_PROJECTIONS } from './registry';

const MP = '6f0c3f64-0000-4000-8000-000000000001';
const CLIENT = '6f0c3f64-0000-4000-8000-000000000002';

/** What COPY's text format and a tsvector's text must carry through: quotes, backslashes, tabs, line ends, `\N`. */
const AWKWARD = 'Tab\there, "quoted" back\\slash it\'s \\N\r\nnext line';

/** A marketplace's log whose listings' titles and descriptions hold AWKWARD text (in every view of them). */
const awkwardLog = (): StreamAppend[][] =>
  [...marketplaceLog(MP, CLIENT, 3000, { batchEvents: 250, window: 40 })].map((batch) =>
    batch.map((append) => ({
      ...append,
      events: append.events.map((event) => {
        const resource = event.metadata.resource as { type?: string; attributes?: { title?: string; description?: string | null } } | undefined;
        if (resource?.type !== 'listing' || !resource.attributes) return event;
        const attributes = { ...resource.attributes, title: `${resource.attributes.title} ${AWKWARD}`, description: `${AWKWARD} ${resource.attributes.description ?? ''}` };
        return { ...event, metadata: { ...event.metadata, resource: { ...resource, attributes } } };
      }),
    })),
  );

/** The schema's indexes and constraints, by name. */
const indexesOf = (db: PostgresDatabase) =>
  db.query<{ name: string; definition: string }>(
    `SELECT indexname AS name, indexdef AS definition FROM pg_indexes WHERE schemaname = $1
     UNION ALL SELECT conname, pg_get_constraintdef(oid) FROM pg_constraint WHERE connamespace = $1::regnamespace
     ORDER BY name, definition`,
    [db.schema],
  );

if (skipWithoutPostgres('PostgreSQL bulk rebuild')) {
  describe('PostgreSQL bulk rebuild (rebuild beside the live read models)', () => {
    it('gives exactly the read models the live projections wrote, awkward text included', async () => {
      const database = await freshPostgresDatabase('bulk_rebuild');
      const db = await PostgresDatabase.open({ url: database.url, maxConnections: 4 });
      try {
        const stored = await PostgresEventStore.open(db);
        const stores = { documents: await PostgresDocumentStore.open(db), search: await PostgresListingSearch.open(db) };
        const engine = new PostgresInlineProjectionEngine(stored, stores, ALL_PROJECTIONS, NO_UPCASTS);
        await engine.start();
        for (const batch of awkwardLog()) await stored.append(batch);
        await engine.stop();
        const live = await postgresReadModelDigest(database.url);
        expect(live.documents.rows).toBeGreaterThan(500);
        expect(live.search_listings.rows).toBeGreaterThan(200);
        expect(live.document_keys.rows).toBeGreaterThan(100);
        const [{ n }] = await db.query<{ n: string }>("SELECT count(*) AS n FROM search_listings WHERE title_words LIKE '%quoted%' AND words @@ 'slash'::tsquery");
        expect(Number(n)).toBe(live.search_listings.rows);

        const head = await stored.headPosition();
        const events = new ShapedEventStore(stored, NO_UPCASTS);
        const indexes = await indexesOf(db);
        expect(indexes.some((i) => i.definition.startsWith('PRIMARY KEY'))).toBe(true);
        expect(await rebuildBesideAndSwap(events, db, ALL_PROJECTIONS, { url: database.url, schema: db.schema })).toEqual({ events: head, position: head });
        expect(await postgresReadModelDigest(database.url)).toEqual(live);
        // The keys and indexes set aside for the load are all back, as the migrations made them.
        expect(await indexesOf(db)).toEqual(indexes);
      } finally {
        await db.close();
        await database.drop();
      }
    });
  });
}
