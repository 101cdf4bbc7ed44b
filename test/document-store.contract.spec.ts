import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ElasticsearchDocumentStore } from '../src/read-models/elasticsearch-document-store';
import { SqliteDocumentStore } from '../src/read-models/sqlite-document-store';
import { documentStoreContract } from './document-store.contract';

documentStoreContract('SQLite', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'document-store-contract-'));
  const db = new Database(join(dir, 'documents.db'));
  db.pragma('journal_mode = WAL');
  const store = new SqliteDocumentStore(db);
  return {
    store,
    cleanup: async () => {
      await store.close();
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

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
