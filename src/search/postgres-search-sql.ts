import type { Migration, SqlParams } from '../infrastructure/postgres-database';
import { defaultSatisfies, indexedValues, kindOf, textOf } from './extended-conditions';
import { boundsBoxes, type Box } from './geo';
import type { ExtendedFilter, ListingSearchQuery, SearchDocument, SearchSort } from './listing-search.port';
import { NGRAM_MIN, reverseWord, wordsOf } from './search-text';
import { keyPrefix } from './sqlite-search-sql';

export const LISTING_SEARCH_MIGRATIONS: readonly Migration[] = [
  {
    id: 'listing-search-1',
    sql: `
CREATE TABLE search_listings (
  marketplace_id    text NOT NULL,
  id                text COLLATE "C" NOT NULL,
  state             text NOT NULL,
  author_id         text NOT NULL,
  created_at        bigint NOT NULL,
  price             bigint,
  lat               double precision,
  lng               double precision,
  stock             bigint,
  availability_plan text NOT NULL,
  title_words       text NOT NULL,
  description_words text NOT NULL,
  text_values       text NOT NULL,
  words             tsvector NOT NULL,
  vals              jsonb NOT NULL,
  PRIMARY KEY (marketplace_id, id)
);
CREATE INDEX search_listings_state ON search_listings (marketplace_id, state, created_at);
CREATE INDEX search_listings_created ON search_listings (marketplace_id, created_at);
CREATE INDEX search_listings_price ON search_listings (marketplace_id, state, price);
CREATE INDEX search_listings_author ON search_listings (marketplace_id, author_id, created_at);
CREATE INDEX search_listings_plan ON search_listings (marketplace_id, availability_plan);
CREATE INDEX search_listings_location ON search_listings (marketplace_id, lat, lng) WHERE lat IS NOT NULL;
CREATE INDEX search_listings_words ON search_listings USING gin (words);
CREATE INDEX search_listings_vals ON search_listings USING gin (vals jsonb_path_ops);
CREATE TABLE search_versions (
  marketplace_id text NOT NULL,
  id             text NOT NULL,
  position       bigint NOT NULL,
  PRIMARY KEY (marketplace_id, id)
);`,
  },
  {
    // Origin (nearest-first) queries search growing circles around the origin (PostgresListingSearch.nearest), and
    // bounds are boxes: a GiST index of the location as a point (core PostgreSQL, no extension) reads the listings
    // inside a box, where the btree on (lat, lng) read a whole band of latitude round the Earth. The great-circle
    // distance and the order stay the embedded engine's (geo.ts, compareRows), computed in the process on few rows.
    // search_counts: the listings of each marketplace and state, kept by the same statements that write the
    // listings, so the total of a query without filters (browsing, an origin query over the marketplace) is read,
    // not counted: counting 100,000 index entries took 25–35 ms on a loaded machine, twice the query's budget.
    id: 'listing-search-2',
    sql: `
CREATE INDEX search_listings_point ON search_listings USING gist (point(lng, lat)) WHERE lat IS NOT NULL AND lng IS NOT NULL;
DROP INDEX search_listings_location;
CREATE TABLE search_counts (
  marketplace_id text NOT NULL,
  state          text NOT NULL,
  listings       bigint NOT NULL,
  PRIMARY KEY (marketplace_id, state)
);
INSERT INTO search_counts SELECT marketplace_id, state, count(*) FROM search_listings GROUP BY marketplace_id, state;`,
  },
];

/**
 * Within any of these boxes, edges included (as BETWEEN). `lat IS NOT NULL AND lng IS NOT NULL` lets the planner use
 * the partial GiST index (listing-search-2).
 */
export const inBoxesSql = (p: SqlParams, boxes: Box[]): string =>
  `lat IS NOT NULL AND lng IS NOT NULL AND (${boxes
    .map((b) => `point(lng, lat) <@ box(point(${p.add(b.minLng)}, ${p.add(b.minLat)}), point(${p.add(b.maxLng)}, ${p.add(b.maxLat)}))`)
    .join(' OR ')})`;

/**
 * The lexemes a listing is found by (stored as they are, array_to_tsvector: no parser, no stemming): its title
 * and description words, and the words of each text attribute under its key's prefix (sqlite-search-sql.ts
 * keyPrefix), each also reversed with a `~` when longer than NGRAM_MIN (a prefix query on reversed words finds word
 * endings: keywordQuery). The index only finds candidates: relevance (search-text.ts) decides on the stored words,
 * as in the SQLite adapter.
 *
 * Why not the reversed form of a shorter word: it is only looked for as `~<reversed token>:*` with a token of
 * NGRAM_MIN or more characters, which a reversed word of fewer characters never starts with, and one of exactly
 * NGRAM_MIN only when the token is the word itself, which the plain word's `<token>:*` finds already. Fewer lexemes,
 * a smaller GIN index to build (test/listing-search.contract.ts: n-grams ending short words).
 */
export const lexemesOf = (d: SearchDocument, textWords: Record<string, string>): string[] => {
  const lexemes = new Set<string>();
  const add = (prefix: string, word: string) => {
    if (word.length === 0) return;
    lexemes.add(prefix + word);
    if (word.length > NGRAM_MIN) lexemes.add(`${prefix}~${reverseWord(word)}`);
  };
  for (const word of d.titleWords) add('', word);
  for (const word of d.descriptionWords) add('', word);
  for (const key of Object.keys(textWords)) {
    const text = textWords[key];
    if (!text) continue;
    const prefix = keyPrefix(key);
    for (const word of text.split(' ')) add(prefix, word);
  }
  return [...lexemes];
};

/** Each text attribute's words, by key (what the SQLite adapter keeps as `text_values`). */
export const textWordsOf = (d: SearchDocument): Record<string, string> => {
  const textWords: Record<string, string> = {};
  for (const [key, value] of Object.entries(d.values)) {
    const text = textOf(value);
    if (text !== null) textWords[key] = wordsOf(text).join(' ');
  }
  return textWords;
};

/** The indexed extended-data values by `<kind>:<key>` (extended-conditions.ts): a scalar, or a list for multi-enums. */
export const indexedValuesOf = (d: SearchDocument): Record<string, unknown> => {
  const vals: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(d.values)) {
    for (const indexed of indexedValues(value)) {
      const name = `${indexed.kind}:${key}`;
      if (indexed.kind === 'm') vals[name] = [...((vals[name] as string[] | undefined) ?? []), indexed.value];
      else vals[name] = indexed.value;
    }
  }
  return vals;
};

/** A lexeme quoted as tsvector and tsquery texts take it (a quote doubled, a backslash escaped). */
export const quotedLexeme = (word: string): string => (/['\\]/.test(word) ? `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}'` : `'${word}'`);

/** The tsquery of any token matching exactly or as an n-gram in the title, description or the named text attributes. */
export const keywordQuery = (tokens: string[], textKeys: string[]): string => {
  const parts: string[] = [];
  for (const t of tokens) {
    const ngram = t.length >= NGRAM_MIN;
    const star = ngram ? ':*' : '';
    for (const prefix of ['', ...textKeys.map(keyPrefix)]) {
      parts.push(`${quotedLexeme(prefix + t)}${star}`);
      if (ngram) parts.push(`${quotedLexeme(`${prefix}~${reverseWord(t)}`)}:*`);
    }
  }
  return parts.join(' | ');
};

const contains = (p: SqlParams, key: string, value: unknown): string => `vals @> ${p.add(JSON.stringify({ [key]: value }))}::jsonb`;

const extendedCondition = (p: SqlParams, f: ExtendedFilter): string => {
  const key = `${kindOf(f.type)}:${f.key}`;
  let match: string;
  switch (f.type) {
    case 'enum':
      match = f.anyOf.length === 0 ? 'false' : `(${f.anyOf.map((v) => contains(p, key, v)).join(' OR ')})`;
      break;
    case 'multi-enum':
      match = f.mode === 'all' ? contains(p, key, f.values) : f.values.length === 0 ? 'false' : `(${f.values.map((v) => contains(p, key, [v])).join(' OR ')})`;
      break;
    case 'long': {
      const value = `(vals -> ${p.add(key)})::numeric`;
      const parts = [`vals ? ${p.add(key)}`, ...(f.gte !== undefined ? [`${value} >= ${p.add(f.gte)}`] : []), ...(f.lt !== undefined ? [`${value} < ${p.add(f.lt)}`] : [])];
      match = `(${parts.join(' AND ')})`;
      break;
    }
    case 'boolean':
      match = contains(p, key, f.value);
      break;
  }
  return defaultSatisfies(f, f.default) ? `(${match} OR NOT vals ? ${p.add(key)})` : match;
};

/** Whether a query has no condition but its marketplace and states: its total is in search_counts. */
export const unfiltered = (q: ListingSearchQuery): boolean =>
  q.ids === undefined && q.authorId === undefined && q.createdAtStart === undefined && q.createdAtEnd === undefined && !q.price && !q.bounds &&
  (q.filters ?? []).length === 0 && !q.availability && !q.stock && !(q.keywords && q.keywords.tokens.length > 0);

/** Every condition of a query but keywords, on `search_listings` (states: every state when absent). */
export const searchWhere = (p: SqlParams, q: ListingSearchQuery): string => {
  const clauses = [`marketplace_id = ${p.add(q.marketplaceId)}`];
  if (q.states) clauses.push(`state = ANY(${p.add(q.states)}::text[])`);
  if (q.ids) clauses.push(`id = ANY(${p.add(q.ids)}::text[])`);
  if (q.authorId !== undefined) clauses.push(`author_id = ${p.add(q.authorId)}`);
  if (q.createdAtStart !== undefined) clauses.push(`created_at >= ${p.add(q.createdAtStart)}`);
  if (q.createdAtEnd !== undefined) clauses.push(`created_at < ${p.add(q.createdAtEnd)}`);
  if (q.price) {
    clauses.push('price IS NOT NULL');
    if (q.price.gte !== undefined) clauses.push(`price >= ${p.add(q.price.gte)}`);
    if (q.price.lt !== undefined) clauses.push(`price < ${p.add(q.price.lt)}`);
  }
  if (q.bounds) clauses.push(inBoxesSql(p, boundsBoxes(q.bounds.ne, q.bounds.sw)));
  for (const f of q.filters ?? []) clauses.push(extendedCondition(p, f));
  if (q.availability) {
    const r = q.availability;
    clauses.push(
      `((availability_plan = ANY(${p.add(r.planKeys)}::text[]) AND NOT id = ANY(${p.add(r.excludeIds)}::text[])) OR id = ANY(${p.add(r.includeIds)}::text[]))`,
    );
  }
  if (q.stock) clauses.push(q.stock.mode === 'strict' ? `stock >= ${p.add(q.stock.minStock)}` : `(stock IS NULL OR stock >= ${p.add(q.stock.minStock)})`);
  return clauses.join(' AND ');
};

/** The value a listing sorts by for one key, with the schema's default for listings lacking it. */
export const sortValueSql = (p: SqlParams, key: SearchSort): string => {
  if (key.field === 'createdAt') return 'created_at';
  if (key.field === 'price') return 'price';
  const value = `(vals -> ${p.add(`n:${key.field}`)})::numeric`;
  return key.default !== undefined ? `COALESCE(${value}, ${p.add(key.default)}::numeric)` : value;
};

/** ORDER BY of a plain query: the sort keys (missing values last), then createdAt descending, then id. */
export const searchOrder = (p: SqlParams, sort: SearchSort[] | undefined): string => {
  const order = (sort ?? []).flatMap((key) => {
    const value = sortValueSql(p, key);
    return [`(${value} IS NULL)`, `${value} ${key.direction === 'asc' ? 'ASC' : 'DESC'}`];
  });
  return [...order, 'created_at DESC', 'id ASC'].join(', ');
};
