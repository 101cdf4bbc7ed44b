import type { Database } from 'better-sqlite3';
import { createHash } from 'node:crypto';

/**
 * Every row of the embedded read models in a canonical order, for comparing a rebuild with what the live (inline)
 * projections wrote. The search tables' internal numbers are replaced by what they stand for: a listing's row
 * number `n` (also its FTS5 rowid) by its id, a marketplace's number `mp` by its id (and the R*Tree's
 * marketplace-and-state dimension by the state); they are given in write order and never leave the adapter (every
 * query orders by createdAt and id). The FTS5 index is compared through its vocabulary by instance (term,
 * listing, column, offset), which reflects deletions; the row counts catch rows left without a listing.
 */
const LISTING = 'JOIN search_listings l ON l.n = x.n JOIN search_marketplaces m ON m.mp = l.mp';
const QUERIES: Record<string, string> = {
  documents: 'SELECT collection, marketplace_id, id, created_at, body, fields, position FROM documents ORDER BY collection, marketplace_id, id',
  document_keys: 'SELECT collection, marketplace_id, key, id FROM document_keys ORDER BY collection, marketplace_id, key',
  document_tombstones: 'SELECT collection, marketplace_id, id, position FROM document_tombstones ORDER BY collection, marketplace_id, id',
  projection_checkpoints: 'SELECT name, position FROM projection_checkpoints ORDER BY name',
  search_marketplaces: 'SELECT marketplace_id FROM search_marketplaces ORDER BY marketplace_id',
  search_versions: 'SELECT marketplace_id, id, position FROM search_versions ORDER BY marketplace_id, id',
  search_listings: 'SELECT m.marketplace_id, l.id, l.state, l.author, l.created, l.price, l.lat, l.lng, l.stock FROM search_listings l JOIN search_marketplaces m ON m.mp = l.mp ORDER BY 1, 2',
  search_words: `SELECT m.marketplace_id, l.id, x.title_words, x.description_words, x.text_values FROM search_words x ${LISTING} ORDER BY 1, 2`,
  search_values: `SELECT m.marketplace_id, x.key, x.v, l.id, x.mp = l.mp FROM search_values x ${LISTING} ORDER BY 1, 2, 3, 4`,
  search_geo: `SELECT m.marketplace_id, l.id, x.min_lat, x.max_lat, x.min_lng, x.max_lng, x.min_price, x.max_price, x.min_ts - 4 * l.mp, x.max_ts - 4 * l.mp
    FROM search_geo x ${LISTING} ORDER BY 1, 2`,
  search_text: `SELECT x.term, m.marketplace_id, l.id, x.col, x."offset" FROM (SELECT term, doc AS n, col, "offset" FROM search_text_instances) x ${LISTING} ORDER BY 1, 2, 3, 4, 5`,
  row_counts: `SELECT (SELECT count(*) FROM search_listings), (SELECT count(*) FROM search_words), (SELECT count(*) FROM search_values),
    (SELECT count(*) FROM search_geo), (SELECT count(*) FROM search_text_instances), (SELECT count(DISTINCT doc) FROM search_text_instances),
    (SELECT count(*) FROM search_marketplaces)`,
};

export const READ_MODEL_TABLES = Object.keys(QUERIES);

/** Rows of one table (see QUERIES), as arrays, in canonical order. */
export function* readModelRows(db: Database, table: string): Generator<unknown[]> {
  db.exec("CREATE VIRTUAL TABLE IF NOT EXISTS temp.search_text_instances USING fts5vocab(main, 'search_text', 'instance')");
  yield* db.prepare(QUERIES[table]).raw(true).iterate() as IterableIterator<unknown[]>;
}

/**
 * For a large log (the bench): the FTS5 index by term (documents and occurrences per term) rather than by
 * instance, which would sort tens of millions of rows; the rest as readModelRows.
 */
const BY_TERM: Record<string, string> = {
  search_text: 'SELECT term, doc, cnt FROM search_text_vocab ORDER BY term',
  row_counts: `SELECT (SELECT count(*) FROM search_listings), (SELECT count(*) FROM search_words), (SELECT count(*) FROM search_values),
    (SELECT count(*) FROM search_geo), (SELECT count(*) FROM search_marketplaces)`,
};

/** A SHA-256 of each table's rows and its row count: equal digests, equal read models. */
export const readModelDigest = (db: Database, fts: 'instances' | 'terms' = 'instances'): Record<string, { rows: number; sha256: string }> => {
  const digest: Record<string, { rows: number; sha256: string }> = {};
  for (const table of READ_MODEL_TABLES) {
    const hash = createHash('sha256');
    let rows = 0;
    const iterate = fts === 'terms' && BY_TERM[table] ? (db.prepare(BY_TERM[table]).raw(true).iterate() as IterableIterator<unknown[]>) : readModelRows(db, table);
    for (const row of iterate) {
      hash.update(JSON.stringify(row));
      hash.update('\n');
      rows += 1;
    }
    digest[table] = { rows, sha256: hash.digest('hex') };
  }
  return digest;
};
