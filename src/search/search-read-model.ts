import type { Database } from 'better-sqlite3';
import type { Config } from '../config';
import type { DocumentStore } from '../read-models/document-store.port';
import { ElasticsearchDocumentStore } from '../read-models/elasticsearch-document-store';
import { SqliteDocumentStore } from '../read-models/sqlite-document-store';
import { ElasticsearchListingSearch } from './elasticsearch-listing-search';
import type { ListingSearch } from './listing-search.port';
import { SqliteListingSearch } from './sqlite-listing-search';

/** The stores projections write to, one per projection target (src/shared/projection.ts). */
export interface ReadModelStores {
  documents: DocumentStore;
  /** Needed when a projection targets `listing-search`. */
  search?: ListingSearch;
}

/** Both stores in the one SQLite file of the embedded event store: projections run inside its append transaction. */
export interface EmbeddedReadModelStores extends ReadModelStores {
  documents: SqliteDocumentStore;
  search?: SqliteListingSearch;
}

export const isEmbedded = (stores: ReadModelStores): stores is EmbeddedReadModelStores =>
  stores.documents instanceof SqliteDocumentStore && (stores.search === undefined || stores.search instanceof SqliteListingSearch);

/** The stores each document store was opened with (see storesOf). */
const opened = new WeakMap<DocumentStore, ReadModelStores>();

/**
 * The read-model stores opened with this document store, or the document store alone. Only for callers that still
 * pass a bare DocumentStore to rebuildReadModels; pass the stores (`infra` has both) instead.
 */
export const storesOf = (documents: DocumentStore): ReadModelStores => opened.get(documents) ?? { documents };

/** The read-model stores: Elasticsearch for both when ELASTICSEARCH_URL is set, otherwise the SQLite file. */
export const openReadModels = (
  config: Config,
  db: Database | null,
): { documents: DocumentStore; search: ListingSearch } & ReadModelStores => {
  let stores: { documents: DocumentStore; search: ListingSearch };
  if (config.elasticsearchUrl) {
    const options = { node: config.elasticsearchUrl, indexPrefix: config.elasticsearchIndexPrefix };
    stores = { documents: new ElasticsearchDocumentStore(options), search: new ElasticsearchListingSearch(options) };
  } else {
    stores = { documents: new SqliteDocumentStore(db!), search: new SqliteListingSearch(db!) };
  }
  opened.set(stores.documents, stores);
  return stores;
};
