import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ElasticsearchListingSearch } from '../src/search/elasticsearch-listing-search';
import { PostgresListingSearch } from '../src/search/postgres-listing-search';
import { SqliteListingSearch, SqliteListingSearchOptions } from '../src/search/sqlite-listing-search';
import { analyzedSoon, onFreshPostgres, skipWithoutPostgres } from './support/postgres';
import { listingSearchContract } from './listing-search.contract';

const sqlite = (options: SqliteListingSearchOptions) => async () => {
  const dir = mkdtempSync(join(tmpdir(), 'listing-search-contract-'));
  const db = new Database(join(dir, 'search.db'));
  db.pragma('journal_mode = WAL');
  const search = new SqliteListingSearch(db, options);
  return {
    search,
    cleanup: async () => {
      await search.close();
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
};

listingSearchContract('SQLite', sqlite({}));
// The same expectations on the paths for large results: text first, SQL order and count, growing circles.
listingSearchContract('SQLite, large-result paths', sqlite({ filterFirstUpTo: 0, rankInMemoryUpTo: 0, rankAllUpTo: 0 }));

if (skipWithoutPostgres('ListingSearch contract: PostgreSQL')) {
  listingSearchContract('PostgreSQL', async () => {
    const { store: search, cleanup } = await onFreshPostgres('listing-search', PostgresListingSearch.open)();
    return { search, cleanup };
  });
  // Growing circles for an origin query whatever the number of matches.
  listingSearchContract('PostgreSQL, growing circles', async () => {
    const { store: search, cleanup } = await onFreshPostgres('listing-search', (db) => PostgresListingSearch.open(db, { rankAllUpTo: 0 }))();
    return { search, cleanup };
  });

  it('PostgreSQL listing search refreshes its statistics itself after a burst of writes', async () => {
    const { store: search, db, cleanup } = await onFreshPostgres('listing-search-statistics', PostgresListingSearch.open)();
    try {
      const marketplaceId = randomUUID();
      const listing = (i: number) => ({
        id: randomUUID(), marketplaceId, authorId: 'author', state: 'published' as const, createdAt: i, price: i, geolocation: null,
        titleWords: [`word${i % 50}`], descriptionWords: [], values: {}, stock: null,
      });
      await search.apply(Array.from({ length: 1200 }, (_, i) => ({ op: 'put' as const, document: listing(i) })));
      // Nobody runs ANALYZE (autovacuum would, within a minute or so): the store's own refresh, in the background.
      expect(await analyzedSoon(db, 'search_listings')).toBe(true);
    } finally {
      await cleanup();
    }
  });
}

const elasticsearchUrl = process.env.ELASTICSEARCH_URL;
if (elasticsearchUrl) {
  listingSearchContract('Elasticsearch', async () => {
    const search = new ElasticsearchListingSearch({ node: elasticsearchUrl, indexPrefix: `contract-${randomUUID()}-` });
    return {
      search,
      cleanup: async () => {
        await search.reset();
        await search.close();
      },
    };
  });
} else {
  describe.skip('ListingSearch contract: Elasticsearch (skipped: set ELASTICSEARCH_URL, e.g. http://localhost:9200)', () => {
    it('runs the contract against an Elasticsearch cluster', () => undefined);
  });
}
