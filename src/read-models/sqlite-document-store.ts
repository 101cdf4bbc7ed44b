import type { Database, Statement } from 'better-sqlite3';
import { decodeStored, encodeStored } from '../shared/stored-json';
import { SqliteDocumentBulkLoad } from './sqlite-document-bulk-load';
import {
  DocumentQuery,
  DocumentStore,
  FieldCondition,
  QueryResult,
  ReadModelOp,
  ScalarFieldIndex,
  SortKey,
} from './document-store.port';
import { equalityValues, scalarFieldsByCollection, scalarIndexName, sqlText } from './scalar-field-indexes';

/**
 * A rowid table with the key as a unique index, not WITHOUT ROWID: a body (often 1-2 KB) is larger than a
 * WITHOUT ROWID row keeps in its page (about 1 KB of a 4 KB page), so each spilled into an overflow page of its
 * own, and the table was 2.5 times its data. Files made before keep that layout until a rebuild recreates the
 * table (every statement here works on both).
 */
const DOCUMENTS_TABLE = `CREATE TABLE IF NOT EXISTS documents (
  collection     TEXT NOT NULL,
  marketplace_id TEXT NOT NULL,
  id             TEXT NOT NULL,
  created_at     TEXT NOT NULL,
  body           TEXT NOT NULL,
  fields         TEXT NOT NULL,
  position       INTEGER NOT NULL DEFAULT 0,
  UNIQUE (collection, marketplace_id, id)
)`;

/** Only queries use it (writes find documents by their key): a rebuild builds it once, after the load. */
const CREATED_INDEX = 'CREATE INDEX IF NOT EXISTS documents_created ON documents (collection, marketplace_id, created_at)';

const SCHEMA = `
${DOCUMENTS_TABLE};
${CREATED_INDEX};
CREATE TABLE IF NOT EXISTS document_keys (
  collection     TEXT NOT NULL,
  marketplace_id TEXT NOT NULL,
  key            TEXT NOT NULL,
  id             TEXT NOT NULL,
  PRIMARY KEY (collection, marketplace_id, key)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS document_keys_by_id ON document_keys (collection, marketplace_id, id);
CREATE TABLE IF NOT EXISTS document_tombstones (
  collection     TEXT NOT NULL,
  marketplace_id TEXT NOT NULL,
  id             TEXT NOT NULL,
  position       INTEGER NOT NULL,
  PRIMARY KEY (collection, marketplace_id, id)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS projection_checkpoints (
  name     TEXT PRIMARY KEY,
  position INTEGER NOT NULL
);
`;

/**
 * Read models in the same SQLite file as the embedded event store, so that projections can run inside the
 * append transaction (applySync). Filterable values live in a JSON column queried with json_extract.
 *
 * Versions: a document keeps the log position of the write that made it, and a versioned delete leaves a
 * tombstone (`document_tombstones`) with its position; a put or delete older than either is ignored, so an engine
 * replaying old events never brings back an older version or a deleted document. Checkpoints only move forward.
 */
export class SqliteDocumentStore implements DocumentStore {
  private readonly upsert: Statement;
  private readonly remove: Statement;
  private readonly selectPosition: Statement;
  private readonly saveTombstone: Statement;
  private readonly removeTombstone: Statement;
  private readonly removeKeys: Statement;
  private readonly insertKey: Statement;
  private readonly selectOne: Statement;
  private readonly selectByKey: Statement;
  private readonly saveCheckpoint: Statement;
  private readonly selectCheckpoint: Statement;

  /** `collection` → its fields with an expression index (ScalarFieldIndex). */
  private readonly scalarFields: ReadonlyMap<string, ReadonlySet<string>>;

  constructor(
    private readonly db: Database,
    private readonly scalarIndexes: readonly ScalarFieldIndex[] = [],
  ) {
    db.exec(SCHEMA);
    this.scalarFields = scalarFieldsByCollection(scalarIndexes);
    for (const index of this.queryIndexes()) db.exec(index);
    // Files from before versioned documents.
    const columns = db.prepare('PRAGMA table_info(documents)').all() as Array<{ name: string }>;
    if (!columns.some((c) => c.name === 'position')) db.exec('ALTER TABLE documents ADD COLUMN position INTEGER NOT NULL DEFAULT 0');
    // A versioned put (@position not null) is written unless the document or its tombstone is newer; an
    // unversioned one always, keeping the stored version.
    this.upsert = db.prepare(
      `INSERT INTO documents (collection, marketplace_id, id, created_at, body, fields, position)
       SELECT @collection, @marketplaceId, @id, @createdAt, @body, @fields, coalesce(@position, 0)
       WHERE @position IS NULL OR NOT EXISTS (
         SELECT 1 FROM document_tombstones t
         WHERE t.collection = @collection AND t.marketplace_id = @marketplaceId AND t.id = @id AND t.position > @position)
       ON CONFLICT (collection, marketplace_id, id) DO UPDATE SET
         created_at = excluded.created_at, body = excluded.body, fields = excluded.fields,
         position = CASE WHEN @position IS NULL THEN documents.position ELSE excluded.position END
       WHERE @position IS NULL OR excluded.position >= documents.position`,
    );
    this.remove = db.prepare('DELETE FROM documents WHERE collection = ? AND marketplace_id = ? AND id = ?');
    this.selectPosition = db.prepare('SELECT position FROM documents WHERE collection = ? AND marketplace_id = ? AND id = ?');
    this.saveTombstone = db.prepare(
      `INSERT INTO document_tombstones (collection, marketplace_id, id, position) VALUES (?, ?, ?, ?)
       ON CONFLICT (collection, marketplace_id, id) DO UPDATE SET position = max(position, excluded.position)`,
    );
    this.removeTombstone = db.prepare('DELETE FROM document_tombstones WHERE collection = ? AND marketplace_id = ? AND id = ? AND position <= ?');
    this.removeKeys = db.prepare('DELETE FROM document_keys WHERE collection = ? AND marketplace_id = ? AND id = ?');
    this.insertKey = db.prepare(
      'INSERT OR REPLACE INTO document_keys (collection, marketplace_id, key, id) VALUES (?, ?, ?, ?)',
    );
    this.selectOne = db.prepare('SELECT body FROM documents WHERE collection = ? AND marketplace_id = ? AND id = ?');
    this.selectByKey = db.prepare(
      `SELECT d.body FROM document_keys k JOIN documents d
         ON d.collection = k.collection AND d.marketplace_id = k.marketplace_id AND d.id = k.id
       WHERE k.collection = ? AND k.marketplace_id = ? AND k.key = ?`,
    );
    this.saveCheckpoint = db.prepare(
      `INSERT INTO projection_checkpoints (name, position) VALUES (?, ?)
       ON CONFLICT (name) DO UPDATE SET position = excluded.position WHERE excluded.position > projection_checkpoints.position`,
    );
    this.selectCheckpoint = db.prepare('SELECT position FROM projection_checkpoints WHERE name = ?');
  }

  /** Applies ops without opening a transaction: the caller's (the event append's) transaction covers it. */
  applySync(ops: ReadModelOp[], checkpoints: Record<string, number>): void {
    for (const op of ops) {
      if (op.op === 'put') this.put(op);
      else this.delete(op);
    }
    for (const [name, position] of Object.entries(checkpoints)) this.saveCheckpoint.run(name, position);
  }

  private put({ collection, document: d, position }: Extract<ReadModelOp, { op: 'put' }>): void {
    const written = this.upsert.run({
      collection,
      marketplaceId: d.marketplaceId,
      id: d.id,
      createdAt: d.createdAt,
      body: encodeStored(d.body),
      fields: JSON.stringify(d.fields ?? {}),
      position: position ?? null,
    }).changes;
    if (written === 0) return; // an older version than the stored one
    this.removeKeys.run(collection, d.marketplaceId, d.id);
    for (const key of d.keys ?? []) this.insertKey.run(collection, d.marketplaceId, key, d.id);
    if (position !== undefined) this.removeTombstone.run(collection, d.marketplaceId, d.id, position);
  }

  private delete({ collection, marketplaceId, id, position }: Extract<ReadModelOp, { op: 'delete' }>): void {
    if (position !== undefined) {
      const stored = this.selectPosition.get(collection, marketplaceId, id) as { position: number } | undefined;
      if (stored && stored.position > position) return; // the document is newer than this deletion
      this.saveTombstone.run(collection, marketplaceId, id, position);
    }
    this.remove.run(collection, marketplaceId, id);
    this.removeKeys.run(collection, marketplaceId, id);
  }

  async apply(ops: ReadModelOp[], checkpoints: Record<string, number>): Promise<void> {
    this.transaction(() => this.applySync(ops, checkpoints));
  }

  /**
   * For a rebuild inside the caller's transaction: drops every document, key, tombstone and checkpoint, then takes
   * the final state of each (see SqliteDocumentBulkLoad).
   */
  bulkLoad(): SqliteDocumentBulkLoad {
    this.db.exec('DELETE FROM document_keys; DELETE FROM document_tombstones; DELETE FROM projection_checkpoints;');
    // Dropped and created again rather than emptied: a file from before gets the current layout (see DOCUMENTS_TABLE).
    this.db.exec(`DROP TABLE documents; ${DOCUMENTS_TABLE}`);
    return new SqliteDocumentBulkLoad(this.db, this.queryIndexes());
  }

  /**
   * The indexes only queries use: by creation, and one per scalar field index, partial to its collection and
   * ordered by creation within a value, so that COUNT and a newest-first page of one value read that value's rows.
   */
  private queryIndexes(): string[] {
    return [
      CREATED_INDEX,
      ...this.scalarIndexes.map(
        (index) =>
          `CREATE INDEX IF NOT EXISTS ${scalarIndexName(index)} ON documents (marketplace_id, json_extract(fields, ${jsonPath(index.field)}), created_at) WHERE collection = ${sqlText(index.collection)}`,
      ),
    ];
  }

  /** The connection, which the embedded event log shares: a rebuild reads the log and writes the read models through it. */
  get database(): Database {
    return this.db;
  }

  /** Runs `work` in one immediate transaction of this store's database (the search tables share it when embedded). */
  transaction<T>(work: () => T): T {
    return this.db.transaction(work).immediate();
  }

  async checkpoint(projection: string): Promise<number> {
    return this.checkpointSync(projection);
  }

  checkpointSync(projection: string): number {
    return (this.selectCheckpoint.get(projection) as { position: number } | undefined)?.position ?? 0;
  }

  async get<T>(collection: string, marketplaceId: string, id: string): Promise<T | null> {
    const row = this.selectOne.get(collection, marketplaceId, id) as { body: string } | undefined;
    return row ? decodeStored<T>(row.body) : null;
  }

  async getByKey<T>(collection: string, marketplaceId: string, key: string): Promise<T | null> {
    const row = this.selectByKey.get(collection, marketplaceId, key) as { body: string } | undefined;
    return row ? decodeStored<T>(row.body) : null;
  }

  async query<T>(collection: string, q: DocumentQuery): Promise<QueryResult<T>> {
    // The collection as a literal: a partial index (queryIndexes) is used only when the planner sees its condition.
    const clauses = [`collection = ${sqlText(collection)}`, 'marketplace_id = ?'];
    const params: unknown[] = [q.marketplaceId];
    const scalar = this.scalarFields.get(collection);
    if (q.createdAtStart) {
      clauses.push('created_at >= ?');
      params.push(q.createdAtStart);
    }
    if (q.createdAtEnd) {
      clauses.push('created_at < ?');
      params.push(q.createdAtEnd);
    }
    for (const condition of q.where ?? []) {
      const { sql, values } = scalar?.has(condition.field) ? scalarConditionSql(condition) ?? conditionSql(condition) : conditionSql(condition);
      clauses.push(condition.includeMissing ? `(${sql} OR json_type(fields, ${jsonPath(condition.field)}) IS NULL)` : sql);
      params.push(...values);
    }
    const where = clauses.join(' AND ');
    const total = (this.db.prepare(`SELECT COUNT(*) AS n FROM documents WHERE ${where}`).get(...params) as { n: number }).n;
    const rows = this.db
      .prepare(`SELECT body FROM documents WHERE ${where} ORDER BY ${orderBy(q.sort)} LIMIT ? OFFSET ?`)
      .all(...params, q.limit, q.offset) as Array<{ body: string }>;
    // Array.from: results belong to the caller's realm, not the native addon's (see sqlite-event-store.ts).
    return { items: Array.from(rows, (r) => decodeStored<T>(r.body)), total };
  }

  async reset(): Promise<void> {
    this.resetSync();
  }

  resetSync(): void {
    this.db.exec('DELETE FROM documents; DELETE FROM document_keys; DELETE FROM document_tombstones; DELETE FROM projection_checkpoints;');
  }

  async close(): Promise<void> {
    /* the database connection is owned by the composition root */
  }
}

/** A JSON path for a field name: quoted, so any characters of an extended-data key are safe. */
const jsonPath = (field: string): string => `'$."${field.replace(/'/g, "''").replace(/"/g, '\\"')}"'`;
const sqlValue = (v: string | number | boolean): string | number => (typeof v === 'boolean' ? (v ? 1 : 0) : v);

/**
 * `eq` / `in` on a field that never holds a list, in the form its expression index matches (the general form
 * below asks json_type first, which no index can answer). Null for other operators.
 */
const scalarConditionSql = (c: FieldCondition): { sql: string; values: unknown[] } | null => {
  const values = equalityValues(c);
  if (!values) return null;
  return { sql: `json_extract(fields, ${jsonPath(c.field)}) IN (${values.map(() => '?').join(',')})`, values: values.map(sqlValue) };
};

const conditionSql = (c: FieldCondition): { sql: string; values: unknown[] } => {
  const path = jsonPath(c.field);
  const extract = `json_extract(fields, ${path})`;
  switch (c.op) {
    case 'eq':
      return conditionSql({ field: c.field, op: 'in', values: [c.value] });
    case 'in': {
      const marks = c.values.map(() => '?').join(',');
      return {
        sql: `(CASE json_type(fields, ${path}) WHEN 'array' THEN EXISTS (SELECT 1 FROM json_each(fields, ${path}) WHERE value IN (${marks})) ELSE ${extract} IN (${marks}) END)`,
        values: [...c.values.map(sqlValue), ...c.values.map(sqlValue)],
      };
    }
    case 'all':
      return {
        sql: `(${c.values.map(() => `EXISTS (SELECT 1 FROM json_each(fields, ${path}) WHERE value = ?)`).join(' AND ') || '1'})`,
        values: c.values.map(sqlValue),
      };
    case 'range': {
      // A numeric range sees numbers only (and a text range text only), as Elasticsearch's typed values do: SQLite
      // would otherwise compare a text value as greater than every number. A list matches when one element does.
      const type = typeof c.gte === 'string' || typeof c.lt === 'string' ? "= 'text'" : "IN ('integer', 'real')";
      const bounds = (v: string): { sql: string; values: unknown[] } => {
        const parts = [`${v === 'value' ? 'type' : `json_type(fields, ${path})`} ${type}`];
        const values: unknown[] = [];
        if (c.gte !== undefined) (parts.push(`${v} >= ?`), values.push(c.gte));
        if (c.lt !== undefined) (parts.push(`${v} < ?`), values.push(c.lt));
        return { sql: parts.join(' AND '), values };
      };
      const inList = bounds('value');
      const single = bounds(extract);
      return {
        sql: `(CASE json_type(fields, ${path}) WHEN 'array' THEN EXISTS (SELECT 1 FROM json_each(fields, ${path}) WHERE ${inList.sql}) ELSE ${single.sql} END)`,
        values: [...inList.values, ...single.values],
      };
    }
  }
};

const orderBy = (sort: SortKey[] | undefined): string => {
  const keys = sort && sort.length > 0 ? sort : [{ field: 'createdAt', direction: 'desc' as const }];
  const parts = keys.map((k) => {
    if (k.field === 'createdAt') return `created_at ${k.direction.toUpperCase()}`;
    // As Elasticsearch's typed values sort: numbers before text ascending, text before numbers descending; of a
    // list, ascending its smallest number (else its smallest text), descending its largest text (else number).
    const path = jsonPath(k.field);
    const ofList = (fn: string, type: string) => `(SELECT ${fn}(value) FROM json_each(fields, ${path}) WHERE type ${type})`;
    const [numbers, texts] = ["IN ('integer', 'real')", "= 'text'"];
    const list = k.direction === 'asc' ? `COALESCE(${ofList('MIN', numbers)}, ${ofList('MIN', texts)})` : `COALESCE(${ofList('MAX', texts)}, ${ofList('MAX', numbers)})`;
    const extract = `(CASE json_type(fields, ${path}) WHEN 'integer' THEN json_extract(fields, ${path}) WHEN 'real' THEN json_extract(fields, ${path}) WHEN 'text' THEN json_extract(fields, ${path}) WHEN 'array' THEN ${list} END)`;
    const value = k.missing !== undefined ? `COALESCE(${extract}, ${Number(k.missing)})` : extract;
    // Documents without the value sort last in both directions.
    return `(${value} IS NULL), ${value} ${k.direction.toUpperCase()}`;
  });
  return [...parts, 'id ASC'].join(', ');
};
