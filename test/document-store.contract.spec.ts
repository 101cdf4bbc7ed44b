import { randomUUID } from 'node:crypto';
import { ElasticsearchDocumentStore } from '../src/read-models/elasticsearch-document-store';
import { PostgresDocumentStore } from '../src/read-models/postgres-document-store';
import { SqliteDocumentStore } from '../src/read-models/sqlite-document-store';
import { analyzedSoon, onFreshPostgres, skipWithoutPostgres } from './support/postgres';
import { onTempSqlite } from './support/temp-sqlite';
import { CONTRACT_SCALAR_INDEXES, documentStoreContract } from './document-store.contract';

documentStoreContract('SQLite', onTempSqlite('document-store-contract', (db) => new SqliteDocumentStore(db)));
// The same answers when the single-valued fields are read through expression indexes.
documentStoreContract('SQLite, scalar fields indexed', onTempSqlite('document-store-indexed', (db) => new SqliteDocumentStore(db, CONTRACT_SCALAR_INDEXES)));

describe('SQLite document store: scalar field indexes', () => {
  it('reads one value of an indexed field through its index, the count and a newest-first page alike', async () => {
    const statements: string[] = [];
    const { store, cleanup } = await onTempSqlite('document-store-plan', (db) => {
      const prepare = db.prepare.bind(db);
      db.prepare = ((sql: string) => (statements.push(sql), prepare(sql))) as typeof db.prepare;
      return Object.assign(new SqliteDocumentStore(db, CONTRACT_SCALAR_INDEXES), { plan: (sql: string, ...values: unknown[]) => prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...values) });
    })();
    try {
      const marketplaceId = randomUUID();
      await store.apply([{ op: 'put', collection: 'contract-things', document: { id: 'a', marketplaceId, createdAt: '2026-01-01T00:00:00.000Z', body: { name: 'a' }, fields: { category: 'shoes' } } }], {});
      statements.length = 0;
      const found = await store.query('contract-things', { marketplaceId, where: [{ field: 'category', op: 'eq', value: 'shoes' }], offset: 0, limit: 10 });
      expect(found.total).toBe(1);
      const [count, page] = statements;
      const details = (sql: string, ...values: unknown[]) => (store.plan(sql, ...values) as Array<{ detail: string }>).map((row) => row.detail).join('; ');
      expect(details(count, marketplaceId, 'shoes')).toMatch(/USING (COVERING )?INDEX documents_contract_things_category/);
      expect(details(page, marketplaceId, 'shoes', 10, 0)).toMatch(/USING (COVERING )?INDEX documents_contract_things_category/);
    } finally {
      await cleanup();
    }
  });
});

if (skipWithoutPostgres('DocumentStore contract: PostgreSQL')) {
  documentStoreContract('PostgreSQL', onFreshPostgres('document-store', (db) => PostgresDocumentStore.open(db)));
  documentStoreContract('PostgreSQL, scalar fields indexed', onFreshPostgres('document-store-indexed', (db) => PostgresDocumentStore.open(db, CONTRACT_SCALAR_INDEXES)));

  describe('PostgreSQL document store: scalar field indexes', () => {
    it('reads one value of an indexed field through its index, with statistics it refreshed itself after a burst of writes', async () => {
      const { store, db, cleanup } = await onFreshPostgres('document-store-plan', (db) => PostgresDocumentStore.open(db, CONTRACT_SCALAR_INDEXES))();
      try {
        const marketplaceId = randomUUID();
        const documents = Array.from({ length: 1200 }, (_, i) => ({ id: `d${i}`, marketplaceId, createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(), body: { name: `d${i}` }, fields: { category: `c${i % 20}` } }));
        await store.apply(documents.map((document) => ({ op: 'put' as const, collection: 'contract-things', document })), {});
        // Nobody runs ANALYZE (autovacuum would, within a minute or so): the store's own refresh, in the background.
        expect(await analyzedSoon(db, 'documents')).toBe(true);
        const queries: string[] = [];
        const query = db.query.bind(db);
        db.query = ((sql: string, params?: unknown[]) => (queries.push(sql), query(sql, params))) as typeof db.query;
        const found = await store.query('contract-things', { marketplaceId, where: [{ field: 'category', op: 'eq', value: 'c3' }], offset: 0, limit: 5 });
        expect(found.total).toBe(60);
        db.query = query;
        // The page's statement, planned with its values as PostgreSQL plans the driver's unnamed statements.
        const page = queries.at(-1)!;
        const plan = await db.transaction(async (c) => {
          await c.query('SET LOCAL enable_seqscan = off');
          return (await c.query(`EXPLAIN ${page}`, [ 'contract-things', marketplaceId, JSON.stringify('c3'), 5, 0 ])).rows.map((r: { 'QUERY PLAN': string }) => r['QUERY PLAN']).join('\n');
        });
        expect(plan).toContain('documents_contract_things_category');
      } finally {
        await cleanup();
      }
    });
  });
}

const elasticsearchUrl = process.env.ELASTICSEARCH_URL;
if (elasticsearchUrl) {
  documentStoreContract('Elasticsearch', async () => {
    // A prefix of its own, so the run neither sees nor removes anyone else's indices.
    const store = new ElasticsearchDocumentStore({ node: elasticsearchUrl, indexPrefix: `contract-${randomUUID()}-` });
    return {
      store,
      cleanup: async () => {
        await store.reset();
        await store.close();
      },
    };
  });
} else {
  describe.skip('DocumentStore contract: Elasticsearch (skipped: set ELASTICSEARCH_URL, e.g. http://localhost:9200)', () => {
    it('runs the contract against an Elasticsearch cluster', () => undefined);
  });
}
