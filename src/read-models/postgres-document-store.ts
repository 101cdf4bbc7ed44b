import type { PoolClient } from 'pg';
import { Migration, PostgresDatabase, SqlParams } from '../infrastructure/postgres-database';
import { TableStatistics } from '../infrastructure/postgres-table-statistics';
import { TurnBatch } from '../shared/turn-batch';
import { decodeStored } from '../shared/stored-json';
import type { DocumentQuery, DocumentStore, QueryResult, ReadModelOp, ScalarFieldIndex } from './document-store.port';
import { documentOrder, documentWhere, scalarFieldIndexSql } from './postgres-document-query';
import { Delete, deleteDocuments, Put, putDocuments, saveCheckpoints } from './postgres-document-writes';
import { scalarFieldsByCollection } from './scalar-field-indexes';

export const DOCUMENT_STORE_MIGRATIONS: readonly Migration[] = [
  {
    id: 'documents-1',
    sql: `
CREATE TABLE documents (
  collection     text NOT NULL,
  marketplace_id text NOT NULL,
  id             text COLLATE "C" NOT NULL,
  created_at     text COLLATE "C" NOT NULL,
  body           json NOT NULL,
  fields         jsonb NOT NULL,
  position       bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (collection, marketplace_id, id)
);
CREATE INDEX documents_created ON documents (collection, marketplace_id, created_at);
CREATE INDEX documents_fields ON documents USING gin (fields jsonb_path_ops);
CREATE TABLE document_keys (
  collection     text NOT NULL,
  marketplace_id text NOT NULL,
  key            text NOT NULL,
  id             text NOT NULL,
  PRIMARY KEY (collection, marketplace_id, key)
);
CREATE INDEX document_keys_by_id ON document_keys (collection, marketplace_id, id);
CREATE TABLE document_tombstones (
  collection     text NOT NULL,
  marketplace_id text NOT NULL,
  id             text NOT NULL,
  position       bigint NOT NULL,
  PRIMARY KEY (collection, marketplace_id, id)
);
CREATE TABLE projection_checkpoints (
  name     text PRIMARY KEY,
  position bigint NOT NULL
);`,
  },
];

/**
 * Read models on PostgreSQL, with the semantics of the SQLite adapter: documents versioned by the log position of
 * the write that made them, tombstones for versioned deletes (a put or delete older than either is ignored, so a
 * lagging engine never brings back an older version or a deleted document), unique keys, checkpoints that only
 * move forward. Bodies are stored as Transit verbose JSON (src/shared/stored-json.ts) in a `json` column, which
 * keeps the text as written; filterable values in a `jsonb` column, which keeps their JSON types.
 */
/**
 * Whether writing `later` alone leaves what writing `earlier` then `later` leaves: both unversioned (the later body
 * and keys win, the stored version stays), or both versioned with the later not older (whatever stored version or
 * tombstone would stop the later write stops the earlier one too, and the later one replaces body, keys and
 * version). A versioned put followed by an unversioned one would keep the earlier version: written in turn.
 */
const supersedes = (later: { position?: number }, earlier: { position?: number }): boolean =>
  later.position === undefined ? earlier.position === undefined : earlier.position !== undefined && later.position >= earlier.position;

type DocumentKey = [collection: string, marketplaceId: string, id: string];

export class PostgresDocumentStore implements DocumentStore {
  /**
   * Gets asked together (a page's listings, their authors and images: `Promise.all` of gets, one request's
   * relationships) are one statement. On PostgreSQL every statement is a round trip through a pooled connection,
   * and a listing page's 24 listings and their includes were ~50 of them, queued on 10 connections (the embedded
   * store reads in process).
   */
  private readonly gets = new TurnBatch<DocumentKey, unknown>((keys) => this.readGets(keys));

  /** `collection` → its fields with an expression index (ScalarFieldIndex). */
  private readonly scalarFields: ReadonlyMap<string, ReadonlySet<string>>;
  private readonly statistics: TableStatistics;

  private constructor(
    private readonly db: PostgresDatabase,
    scalarIndexes: readonly ScalarFieldIndex[],
  ) {
    this.statistics = new TableStatistics(db, 'documents');
    this.scalarFields = scalarFieldsByCollection(scalarIndexes);
  }

  /** Each scalar field index is a migration of its own: declaring one more creates it once, under the migration lock. */
  static async open(db: PostgresDatabase, scalarIndexes: readonly ScalarFieldIndex[] = []): Promise<PostgresDocumentStore> {
    await db.migrate([...DOCUMENT_STORE_MIGRATIONS, ...scalarIndexes.map((index) => ({ id: `documents-index-${index.collection}-${index.field}`, sql: scalarFieldIndexSql(index) }))]);
    return new PostgresDocumentStore(db, scalarIndexes);
  }

  async apply(ops: ReadModelOp[], checkpoints: Record<string, number>): Promise<void> {
    await this.db.transaction((client) => this.applyWith(client, ops, checkpoints));
  }

  /**
   * Applies ops on the caller's connection, inside its transaction (the event append's, when projections run
   * inline), in rounds of one statement for the puts and one for the deletes: ops on different documents are
   * independent, so a round gathers them until an op names a document already in it, which starts the next round
   * (the ops of one document take effect in order). A later put of a document already in the round replaces its
   * earlier put there when writing both in turn would leave what the later one alone leaves (`supersedes`): a
   * user's ten events in one append are one write, not ten (a seed or a catch-up batch of 10,000 events made 40,000
   * statements). A paid booking's puts and deletes interleave: one round, not a statement per run.
   */
  async applyWith(client: PoolClient, ops: ReadModelOp[], checkpoints: Record<string, number>): Promise<void> {
    let puts = new Map<string, Put>();
    let deletes = new Map<string, Delete>();
    const flush = async (last = false) => {
      const withCheckpoints = last ? checkpoints : {};
      // The checkpoints go with the round's last statement.
      if (puts.size > 0) await putDocuments(client, [...puts.values()], deletes.size > 0 ? {} : withCheckpoints);
      if (deletes.size > 0) await deleteDocuments(client, [...deletes.values()], withCheckpoints);
      if (last && puts.size === 0 && deletes.size === 0) await saveCheckpoints(client, checkpoints);
      puts = new Map();
      deletes = new Map();
    };
    for (const op of ops) {
      const key = JSON.stringify([op.collection, op.op === 'put' ? op.document.marketplaceId : op.marketplaceId, op.op === 'put' ? op.document.id : op.id]);
      const earlier = puts.get(key);
      if (op.op === 'put' && earlier && supersedes(op, earlier)) {
        puts.set(key, op);
        continue;
      }
      if (earlier || deletes.has(key)) await flush();
      if (op.op === 'put') puts.set(key, op);
      else deletes.set(key, op);
    }
    await flush(true);
    this.statistics.written(ops.length);
  }

  async checkpoint(projection: string): Promise<number> {
    const [row] = await this.db.query<{ position: string }>('SELECT position FROM projection_checkpoints WHERE name = $1', [projection]);
    return row ? Number(row.position) : 0;
  }

  get<T>(collection: string, marketplaceId: string, id: string): Promise<T | null> {
    return this.gets.ask([collection, marketplaceId, id]) as Promise<T | null>;
  }

  private async readGets(keys: DocumentKey[]): Promise<Array<() => unknown>> {
    const rows = await this.db.query<{ i: string; body: string }>(
      `SELECT r.i, d.body::text AS body FROM unnest($1::text[], $2::text[], $3::text[]) WITH ORDINALITY AS r(collection, marketplace_id, id, i)
       JOIN documents d ON d.collection = r.collection AND d.marketplace_id = r.marketplace_id AND d.id = r.id`,
      [0, 1, 2].map((k) => keys.map((key) => key[k])),
    );
    const bodies = new Map(rows.map((r) => [Number(r.i) - 1, r.body]));
    return keys.map((_key, i) => () => {
      const body = bodies.get(i);
      return body === undefined ? null : decodeStored(body);
    });
  }

  async getByKey<T>(collection: string, marketplaceId: string, key: string): Promise<T | null> {
    const [row] = await this.db.query<{ body: string }>(
      `SELECT d.body::text AS body FROM document_keys k JOIN documents d
         ON d.collection = k.collection AND d.marketplace_id = k.marketplace_id AND d.id = k.id
       WHERE k.collection = $1 AND k.marketplace_id = $2 AND k.key = $3`,
      [collection, marketplaceId, key],
    );
    return row ? decodeStored<T>(row.body) : null;
  }

  async query<T>(collection: string, q: DocumentQuery): Promise<QueryResult<T>> {
    const count = new SqlParams();
    const [{ n }] = await this.db.query<{ n: string }>(`SELECT count(*) AS n FROM documents WHERE ${documentWhere(count, collection, q, this.scalarFields.get(collection))}`, count.values);
    const page = new SqlParams();
    const where = documentWhere(page, collection, q, this.scalarFields.get(collection));
    const rows = await this.db.query<{ body: string }>(
      `SELECT body::text AS body FROM documents WHERE ${where} ORDER BY ${documentOrder(page, q.sort)} LIMIT ${page.add(q.limit)} OFFSET ${page.add(q.offset)}`,
      page.values,
    );
    return { items: rows.map((r) => decodeStored<T>(r.body)), total: Number(n) };
  }

  async reset(): Promise<void> {
    await this.db.query('TRUNCATE documents, document_keys, document_tombstones, projection_checkpoints');
  }

  async close(): Promise<void> {
    /* the pool is owned by the composition root */
  }
}
