import type { Database } from 'better-sqlite3';
import type { Config } from '../config';
import type { DocumentStore, ReadModelOp } from '../read-models/document-store.port';
import { ElasticsearchDocumentStore } from '../read-models/elasticsearch-document-store';
import { SqliteDocumentStore } from '../read-models/sqlite-document-store';
import { ElasticsearchListingSearch } from './elasticsearch-listing-search';
import type { ListingSearch, SearchDocument, SearchOp } from './listing-search.port';
import { SEARCH_COLLECTION } from './listing-search.projection';
import { SqliteListingSearch } from './sqlite-listing-search';

/**
 * The search projection writes like any projection (ReadModelOps), to the collection `listing-search`; those
 * ops go to the ListingSearch port instead of the document store, in the same step: inside the append
 * transaction when embedded, before the checkpoint is recorded otherwise.
 */
const split = (ops: ReadModelOp[]): { search: SearchOp[]; documents: ReadModelOp[] } => {
  const search: SearchOp[] = [];
  const documents: ReadModelOp[] = [];
  for (const op of ops) {
    if (op.collection !== SEARCH_COLLECTION) documents.push(op);
    else if (op.op === 'put') search.push({ op: 'put', document: op.document.body as SearchDocument });
    else search.push({ op: 'delete', marketplaceId: op.marketplaceId, id: op.id });
  }
  return { search, documents };
};

/** Embedded: documents and the search tables in the one SQLite file, written in one transaction. */
export class SqliteSearchingDocumentStore extends SqliteDocumentStore {
  constructor(
    db: Database,
    private readonly search: SqliteListingSearch,
  ) {
    super(db);
  }

  override applySync(ops: ReadModelOp[], checkpoints: Record<string, number>): void {
    const routed = split(ops);
    this.search.applySync(routed.search);
    super.applySync(routed.documents, checkpoints);
  }

  override resetSync(): void {
    super.resetSync();
    this.search.resetSync();
  }
}

/** Production: the search index is written first, so a recorded checkpoint never runs ahead of it. */
const withListingSearch = (documents: DocumentStore, search: ListingSearch): DocumentStore => ({
  apply: async (ops, checkpoints) => {
    const routed = split(ops);
    await search.apply(routed.search);
    await documents.apply(routed.documents, checkpoints);
  },
  checkpoint: (projection) => documents.checkpoint(projection),
  get: (collection, marketplaceId, id) => documents.get(collection, marketplaceId, id),
  getByKey: (collection, marketplaceId, key) => documents.getByKey(collection, marketplaceId, key),
  query: (collection, query) => documents.query(collection, query),
  reset: async () => {
    await search.reset();
    await documents.reset();
  },
  close: async () => {
    await search.close();
    await documents.close();
  },
});

/** The read-model stores: Elasticsearch for both when ELASTICSEARCH_URL is set, otherwise the SQLite file. */
export const openReadModels = (config: Config, db: Database | null): { documents: DocumentStore; search: ListingSearch } => {
  if (config.elasticsearchUrl) {
    const options = { node: config.elasticsearchUrl, indexPrefix: config.elasticsearchIndexPrefix };
    const search = new ElasticsearchListingSearch(options);
    return { documents: withListingSearch(new ElasticsearchDocumentStore(options), search), search };
  }
  const search = new SqliteListingSearch(db!);
  return { documents: new SqliteSearchingDocumentStore(db!, search), search };
};
