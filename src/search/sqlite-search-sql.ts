import { createHash } from 'node:crypto';
import { defaultSatisfies, kindOf } from './extended-conditions';
import { boundsBoxes, Box } from './geo';
import type { ExtendedFilter, ListingSearchQuery, ListingStateName } from './listing-search.port';
import { NGRAM_MIN, reverseWord } from './search-text';

/** SQL building blocks of the SQLite search adapter: the schema, filters as WHERE clauses, FTS5 expressions. */

export const SEARCH_SCHEMA = `
CREATE TABLE IF NOT EXISTS search_marketplaces (
  mp             INTEGER PRIMARY KEY,
  marketplace_id TEXT NOT NULL UNIQUE
);
CREATE TABLE IF NOT EXISTS search_listings (
  n                 INTEGER PRIMARY KEY,
  mp                INTEGER NOT NULL,
  id                TEXT NOT NULL,
  state             INTEGER NOT NULL,
  author            TEXT NOT NULL,
  created           INTEGER NOT NULL,
  price             INTEGER,
  lat               REAL,
  lng               REAL,
  stock             INTEGER,
  title_words       TEXT NOT NULL,
  description_words TEXT NOT NULL,
  text_values       TEXT NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS search_listings_id ON search_listings (mp, id);
CREATE INDEX IF NOT EXISTS search_listings_created ON search_listings (mp, created);
CREATE INDEX IF NOT EXISTS search_listings_state ON search_listings (mp, state, created);
CREATE INDEX IF NOT EXISTS search_listings_price ON search_listings (mp, state, price);
CREATE INDEX IF NOT EXISTS search_listings_author ON search_listings (mp, author, created);
CREATE VIRTUAL TABLE IF NOT EXISTS search_geo USING rtree(n, min_lat, max_lat, min_lng, max_lng);
CREATE TABLE IF NOT EXISTS search_values (
  mp  INTEGER NOT NULL,
  key TEXT NOT NULL,
  v,
  n   INTEGER NOT NULL,
  PRIMARY KEY (mp, key, v, n)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS search_values_by_listing ON search_values (n, key, v);
CREATE VIRTUAL TABLE IF NOT EXISTS search_text USING fts5(
  title, description, attrs, title_r, description_r, attrs_r,
  content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 0', prefix='3'
);
CREATE VIRTUAL TABLE IF NOT EXISTS search_text_vocab USING fts5vocab(search_text, 'row');
`;

export const SEARCH_TABLES = ['search_listings', 'search_geo', 'search_values', 'search_text', 'search_marketplaces'];

export const STATE_CODES: Record<ListingStateName, number> = { draft: 0, pendingApproval: 1, published: 2, closed: 3 };

const hashes = new Map<string, string>();
/**
 * Words of text attributes go into one FTS column, each prefixed with a fixed-length hash of its key, so a query
 * searches exactly the keys that have a text schema now; a schema set later needs no reindexing.
 */
export const keyPrefix = (key: string): string => {
  let prefix = hashes.get(key);
  if (!prefix) {
    prefix = `k${createHash('sha1').update(key).digest('hex').slice(0, 8)}`;
    hashes.set(key, prefix);
  }
  return prefix;
};

export interface Clause {
  sql: string;
  params: unknown[];
}

const and = (clauses: Clause[]): Clause => ({
  sql: clauses.map((c) => c.sql).join(' AND ') || '1',
  params: clauses.flatMap((c) => c.params),
});

export const boxClause = (boxes: Box[]): Clause => ({
  // R*Tree coordinates are 32-bit floats rounded outwards: the tree finds a superset, the columns decide.
  sql: `l.n IN (${boxes.map(() => 'SELECT n FROM search_geo WHERE min_lat <= ? AND max_lat >= ? AND min_lng <= ? AND max_lng >= ?').join(' UNION ALL ')})
    AND (${boxes.map(() => '(l.lat BETWEEN ? AND ? AND l.lng BETWEEN ? AND ?)').join(' OR ')})`,
  params: [...boxes.flatMap((b) => [b.maxLat, b.minLat, b.maxLng, b.minLng]), ...boxes.flatMap((b) => [b.minLat, b.maxLat, b.minLng, b.maxLng])],
});

const placeholders = (n: number): string => Array.from({ length: n }, () => '?').join(',');

const valueSubquery = (mp: number, key: string, condition: string, params: unknown[]): Clause => ({
  sql: `l.n IN (SELECT n FROM search_values WHERE mp = ? AND key = ? AND ${condition})`,
  params: [mp, key, ...params],
});

const extendedClause = (mp: number, f: ExtendedFilter): Clause => {
  const key = `${kindOf(f.type)}:${f.key}`;
  let match: Clause;
  switch (f.type) {
    case 'enum':
      match = valueSubquery(mp, key, `v IN (${placeholders(f.anyOf.length)})`, f.anyOf);
      break;
    case 'multi-enum':
      match =
        f.mode === 'any'
          ? valueSubquery(mp, key, `v IN (${placeholders(f.values.length)})`, f.values)
          : and(f.values.map((v) => valueSubquery(mp, key, 'v = ?', [v])));
      break;
    case 'long':
      match = valueSubquery(mp, key, [f.gte !== undefined ? 'v >= ?' : '', f.lt !== undefined ? 'v < ?' : ''].filter(Boolean).join(' AND ') || '1', [
        ...(f.gte !== undefined ? [f.gte] : []),
        ...(f.lt !== undefined ? [f.lt] : []),
      ]);
      break;
    case 'boolean':
      match = valueSubquery(mp, key, 'v = ?', [f.value ? 1 : 0]);
      break;
  }
  if (!defaultSatisfies(f, f.default)) return match;
  return { sql: `(${match.sql} OR l.n NOT IN (SELECT n FROM search_values WHERE mp = ? AND key = ?))`, params: [...match.params, mp, key] };
};

/** Every condition of a query but keywords and order, as a WHERE clause over `search_listings l`. */
export const filterClause = (mp: number, q: ListingSearchQuery): Clause => {
  const clauses: Clause[] = [{ sql: 'l.mp = ?', params: [mp] }];
  if (q.states) clauses.push({ sql: `l.state IN (${placeholders(q.states.length)})`, params: q.states.map((s) => STATE_CODES[s]) });
  if (q.authorId !== undefined) clauses.push({ sql: 'l.author = ?', params: [q.authorId] });
  if (q.ids) clauses.push({ sql: `l.id IN (${placeholders(q.ids.length)})`, params: q.ids });
  if (q.createdAtStart !== undefined) clauses.push({ sql: 'l.created >= ?', params: [q.createdAtStart] });
  if (q.createdAtEnd !== undefined) clauses.push({ sql: 'l.created < ?', params: [q.createdAtEnd] });
  if (q.price?.gte !== undefined) clauses.push({ sql: 'l.price >= ?', params: [q.price.gte] });
  if (q.price?.lt !== undefined) clauses.push({ sql: 'l.price < ?', params: [q.price.lt] });
  if (q.price && q.price.gte === undefined && q.price.lt === undefined) clauses.push({ sql: 'l.price IS NOT NULL', params: [] });
  if (q.bounds) clauses.push(boxClause(boundsBoxes(q.bounds.ne, q.bounds.sw)));
  for (const f of q.filters ?? []) clauses.push(extendedClause(mp, f));
  if (q.stock)
    clauses.push({ sql: q.stock.mode === 'strict' ? 'l.stock >= ?' : '(l.stock IS NULL OR l.stock >= ?)', params: [q.stock.minStock] });
  return and(clauses);
};

const quote = (term: string): string => `"${term}"`;

/** The FTS5 expression of any token matching (exactly or as an n-gram) in the title, description or text attributes. */
export const matchExpression = (tokens: string[], textKeys: string[]): string => {
  const parts: string[] = [];
  for (const t of tokens) {
    const ngram = t.length >= NGRAM_MIN;
    const star = ngram ? '*' : '';
    const reversed = reverseWord(t);
    parts.push(`{title description} : ${quote(t)}${star}`);
    if (ngram) parts.push(`{title_r description_r} : ${quote(reversed)}*`);
    for (const key of textKeys) {
      parts.push(`attrs : ${quote(keyPrefix(key) + t)}${star}`);
      if (ngram) parts.push(`attrs_r : ${quote(keyPrefix(key) + reversed)}*`);
    }
  }
  return parts.join(' OR ');
};

/** The vocabulary terms (exact, or [from, to) ranges for prefixes) whose document counts estimate the matches. */
export const estimateTerms = (tokens: string[], textKeys: string[]): Array<{ exact: string } | { from: string; to: string }> => {
  const terms: Array<{ exact: string } | { from: string; to: string }> = [];
  const range = (prefix: string) => terms.push({ from: prefix, to: `${prefix}\u{10FFFF}` });
  for (const t of tokens) {
    const ngram = t.length >= NGRAM_MIN;
    for (const prefix of ['', ...textKeys.map(keyPrefix)]) {
      if (!ngram) terms.push({ exact: prefix + t });
      else {
        range(prefix + t);
        range(prefix + reverseWord(t));
      }
    }
  }
  return terms;
};

export { placeholders };
