/**
 * The read-model port: documents by id, by unique key, and simple filtered queries, each scoped to a marketplace.
 * Projections write to it; query handlers read from it. Adapters: SQLite (embedded), PostgreSQL and Elasticsearch.
 * Both pass test/document-store.contract.ts. Listing search has its own, richer port (search context).
 */

/** A scalar or list value a document is filtered and sorted by. */
export type FieldValue = string | number | boolean | null | Array<string | number | boolean>;

export interface StoredDocument {
  id: string;
  marketplaceId: string;
  /** ISO timestamp; the default sort key (descending). */
  createdAt: string;
  /** What queries return: stored with types intact (Uuid, Money, Date...). */
  body: unknown;
  /** Unique lookup keys within (collection, marketplace), e.g. `email:jane@example.com`. */
  keys?: string[];
  /** Values the document can be filtered or sorted by (`pub_category`, `meta_rank`, `state`...). */
  fields?: Record<string, FieldValue>;
}

/**
 * A write. `position` is the log position of the event it comes from, stamped by the projection engines: a store
 * ignores a put or delete older than what it holds for that document (a lagging engine, a second server instance
 * or the CLI replaying old events never brings back an older version or a deleted document). Without a position
 * the write is unconditional.
 */
export type ReadModelOp =
  | { op: 'put'; collection: string; document: StoredDocument; position?: number }
  | { op: 'delete'; collection: string; marketplaceId: string; id: string; position?: number };

export type FieldCondition = (
  | { field: string; op: 'eq'; value: string | number | boolean }
  /** Any of the values (enum OR; for list fields: has any). */
  | { field: string; op: 'in'; values: Array<string | number | boolean> }
  /** List fields: has every value. */
  | { field: string; op: 'all'; values: Array<string | number | boolean> }
  /** gte inclusive, lt exclusive; either bound may be missing. */
  | { field: string; op: 'range'; gte?: number | string; lt?: number | string }
) & {
  /** Documents without the field match too (a search schema's default value satisfies the condition). */
  includeMissing?: boolean;
};

export interface SortKey {
  /** `createdAt` or a field name. */
  field: string;
  direction: 'asc' | 'desc';
  /** Value used for documents that lack the field; without it they sort last. */
  missing?: number;
}

/**
 * A field of a collection that queries select by (`eq` / `in`) and that holds one value, never a list: a store may
 * keep an index on it (the SQLite store an expression index, with the field's documents in `createdAt` order, so a
 * page of one user's transactions reads only that user's rows). Declared by the projection that writes the
 * collection (DocumentProjection.indexes); a store without it answers the same, only slower.
 */
export interface ScalarFieldIndex {
  collection: string;
  field: string;
}

export interface DocumentQuery {
  marketplaceId: string;
  createdAtStart?: string;
  createdAtEnd?: string;
  where?: FieldCondition[];
  /** Default: createdAt descending. */
  sort?: SortKey[];
  offset: number;
  limit: number;
}

export interface QueryResult<T = unknown> {
  items: T[];
  total: number;
}

export interface DocumentStore {
  /**
   * Applies projection output, then records the projections' checkpoints: in one transaction where the store
   * allows (SQLite), otherwise only after every write succeeded. A checkpoint never moves backwards (a lower
   * position than the recorded one is ignored).
   */
  apply(ops: ReadModelOp[], checkpoints: Record<string, number>): Promise<void>;
  /** Last log position a projection has applied (0 when it has applied nothing). */
  checkpoint(projection: string): Promise<number>;
  get<T = unknown>(collection: string, marketplaceId: string, id: string): Promise<T | null>;
  getByKey<T = unknown>(collection: string, marketplaceId: string, key: string): Promise<T | null>;
  query<T = unknown>(collection: string, query: DocumentQuery): Promise<QueryResult<T>>;
  /** Drops every document and checkpoint (before a rebuild from the log). */
  reset(): Promise<void>;
  close(): Promise<void>;
}

/** Injection token of the DocumentStore port (interfaces have no runtime identity in TypeScript). */
export const DOCUMENTS = 'DocumentStore';
