import { createHash } from 'node:crypto';
import type { ListingStateName } from './listing-search.port';
import { NGRAM_MIN, reverseWord } from './search-text';

/** SQL building blocks of the SQLite search adapter: the schema and the FTS5 expressions. */

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
  stock             INTEGER
);
-- The words for ranking, apart from the narrow rows that filters scan (more rows per page, fewer page reads).
CREATE TABLE IF NOT EXISTS search_words (
  n                 INTEGER PRIMARY KEY,
  title_words       TEXT NOT NULL,
  description_words TEXT NOT NULL,
  text_values       TEXT NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS search_listings_id ON search_listings (mp, id);
CREATE INDEX IF NOT EXISTS search_listings_created ON search_listings (mp, created);
CREATE INDEX IF NOT EXISTS search_listings_state ON search_listings (mp, state, created);
CREATE INDEX IF NOT EXISTS search_listings_price ON search_listings (mp, state, price);
CREATE INDEX IF NOT EXISTS search_listings_author ON search_listings (mp, author, created);
-- A 4-dimensional R*Tree: location, price and (marketplace, state) together, so a query with bounds reads only
-- the points of its marketplace, states and price range. Listings without a price sit at NO_PRICE.
CREATE VIRTUAL TABLE IF NOT EXISTS search_geo USING rtree(n, min_lat, max_lat, min_lng, max_lng, min_price, max_price, min_ts, max_ts);
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

export const SEARCH_TABLES = ['search_listings', 'search_words', 'search_geo', 'search_values', 'search_text', 'search_marketplaces'];

/** Below every real price. */
export const NO_PRICE = -1e37;

/** The (marketplace, state) dimension of the R*Tree. */
export const tenantState = (mp: number, state: number): number => mp * 4 + state;

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

