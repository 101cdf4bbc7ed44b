import type { Database, Statement } from 'better-sqlite3';

/** The final state of a document in a rebuild: plain strings and numbers (a worker thread can make it). */
export interface DocumentRow {
  collection: string;
  marketplaceId: string;
  id: string;
  /** The position of the write that left it. */
  position: number;
  /** The stored body and fields; absent when the document's last write deleted it (a tombstone). */
  put?: { createdAt: string; body: string; fields: string };
}

/** A unique key's final holder. */
export interface KeyRow {
  collection: string;
  marketplaceId: string;
  key: string;
  id: string;
}

/**
 * The documents side of a rebuild (SqliteDocumentStore.bulkLoad): final states only, each inserted once into the
 * emptied tables, inside the rebuild's transaction. What the final states are is the replay's business
 * (projections/newest-first.ts): a plain INSERT here fails on a second row for one document or key, rather than
 * storing a state a forward replay through applySync would not leave. Indexes that only serve queries are built
 * once, sorted, at the end.
 */
export class SqliteDocumentBulkLoad {
  private readonly insertDocument: Statement;
  private readonly insertTombstone: Statement;
  private readonly insertKeyRow: Statement;

  constructor(
    private readonly db: Database,
    /** Indexes only queries use, created by finish(): the caller starts the load without them. */
    private readonly queryIndexes: readonly string[],
  ) {
    this.insertDocument = db.prepare('INSERT INTO documents (collection, marketplace_id, id, created_at, body, fields, position) VALUES (?, ?, ?, ?, ?, ?, ?)');
    this.insertTombstone = db.prepare('INSERT INTO document_tombstones (collection, marketplace_id, id, position) VALUES (?, ?, ?, ?)');
    this.insertKeyRow = db.prepare('INSERT INTO document_keys (collection, marketplace_id, key, id) VALUES (?, ?, ?, ?)');
  }

  insert({ collection, marketplaceId, id, position, put }: DocumentRow): void {
    if (put) this.insertDocument.run(collection, marketplaceId, id, put.createdAt, put.body, put.fields, position);
    else this.insertTombstone.run(collection, marketplaceId, id, position);
  }

  insertKey({ collection, marketplaceId, key, id }: KeyRow): void {
    this.insertKeyRow.run(collection, marketplaceId, key, id);
  }

  finish(): void {
    for (const index of this.queryIndexes) this.db.exec(index);
  }
}
