import { randomUUID } from 'node:crypto';
import { ElasticsearchDocumentStore } from '../src/read-models/elasticsearch-document-store';
import { PostgresDocumentStore } from '../src/read-models/postgres-document-store';
import { SqliteDocumentStore } from '../src/read-models/sqlite-document-store';
import { onFreshPostgres, skipWithoutPostgres } from './support/postgres';
import { onTempSqlite } from './support/temp-sqlite';
import { documentStoreContract } from './document-store.contract';

documentStoreContract('SQLite', onTempSqlite('document-store-contract', (db) => new SqliteDocumentStore(db)));

if (skipWithoutPostgres('DocumentStore contract: PostgreSQL')) {
  documentStoreContract('PostgreSQL', onFreshPostgres('document-store', PostgresDocumentStore.open));
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
