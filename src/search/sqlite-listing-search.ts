import type { Database, Statement } from 'better-sqlite3';
import { indexedValues, textOf } from './extended-conditions';
import { boxesAround, distanceKm } from './geo';
import type { ListingSearch, ListingSearchQuery, ListingSearchResult, Point, SearchDocument, SearchOp, SearchSort } from './listing-search.port';
import { relevance, reverseWord, wordsOf } from './search-text';
import {
  boxClause,
  Clause,
  estimateTerms,
  filterClause,
  keyPrefix,
  matchExpression,
  SEARCH_SCHEMA,
  SEARCH_TABLES,
  STATE_CODES,
} from './sqlite-search-sql';

/** A candidate row, with whatever the query needs to rank it. */
interface Row {
  n: number;
  id: string;
  created: number;
  price: number | null;
  lat?: number | null;
  lng?: number | null;
  title_words?: string;
  description_words?: string;
  text_values?: string;
  [sortColumn: `s${number}`]: number | null | undefined;
}

/** Up to this many matches, an origin query ranks them all; above it, it searches growing circles. */
const RANK_ALL_UP_TO = 2000;

export interface SqliteListingSearchOptions {
  /** See RANK_ALL_UP_TO (tests set 0 to exercise the growing circles on small data). */
  rankAllUpTo?: number;
}
/** Statements are cached by SQL text; query shapes repeat, values do not. */
const STATEMENT_CACHE = 500;
/** Refresh the planner's statistics after this many writes (the query plans depend on them). */
const ANALYZE_EVERY = 20_000;

const words = (s: string | undefined): string[] => (s ? s.split(' ') : []);

/**
 * The embedded search read model: one row per listing (indexed columns for state, author, created, price),
 * an R*Tree over locations, a table of extended-data values by kind and key, and an FTS5 index of words and
 * reversed words (the n-grams: a prefix query on reversed words finds word endings).
 *
 * Query plan with keywords: the FTS5 vocabulary estimates how many listings the tokens match; a count bounded
 * by that estimate tells whether the other filters leave fewer. The smaller side is read: either the filtered
 * rows, ranked by their own words (filter first), or the FTS5 matches, filtered by id (text first). Relevance is
 * computed from the stored words (search-text.ts), never by bm25 over every match.
 */
export class SqliteListingSearch implements ListingSearch {
  private readonly statements = new Map<string, Statement>();
  private readonly marketplaces = new Map<string, number>();
  private writes = 0;

  private readonly rankAllUpTo: number;

  constructor(
    private readonly db: Database,
    options: SqliteListingSearchOptions = {},
  ) {
    this.rankAllUpTo = options.rankAllUpTo ?? RANK_ALL_UP_TO;
    db.exec(SEARCH_SCHEMA);
    // Plans depend on statistics: refresh them where they are missing or stale (bounded work).
    db.pragma('analysis_limit = 1000');
    db.pragma('optimize = 0x10002');
  }

  async apply(ops: SearchOp[]): Promise<void> {
    this.db.transaction(() => this.applySync(ops)).immediate();
  }

  /** Inside the caller's transaction (the embedded append's, see search-read-model.ts). */
  applySync(ops: SearchOp[]): void {
    for (const op of ops) {
      if (op.op === 'put') this.put(op.document);
      else this.remove(this.marketplaceNumber(op.marketplaceId, false), op.id);
    }
    this.writes += ops.length;
    if (this.writes >= ANALYZE_EVERY) {
      this.writes = 0;
      this.db.pragma('optimize');
    }
  }

  async query(q: ListingSearchQuery): Promise<ListingSearchResult> {
    const mp = this.marketplaceNumber(q.marketplaceId, false);
    if (mp === null || q.ids?.length === 0) return { ids: [], total: 0 };
    if (q.keywords && q.keywords.tokens.length > 0) return this.keywordQuery(mp, q);
    if (q.origin) return this.originQuery(mp, q, q.origin);
    const filter = filterClause(mp, q);
    const sort = sortSql(q.sort);
    const rows = this.all<{ id: string }>(
      `SELECT l.id FROM search_listings l ${sort.joins} WHERE ${filter.sql} ORDER BY ${sort.order} LIMIT ? OFFSET ?`,
      [...sort.params, ...filter.params, q.limit, q.offset],
    );
    return { ids: rows.map((r) => r.id), total: await this.count(mp, q) };
  }

  async reset(): Promise<void> {
    this.resetSync();
  }

  resetSync(): void {
    for (const table of SEARCH_TABLES) this.db.exec(`DELETE FROM ${table}`);
    this.marketplaces.clear();
  }

  async close(): Promise<void> {
    /* the connection belongs to the composition root */
  }

  private async count(mp: number, q: ListingSearchQuery): Promise<number> {
    const filter = filterClause(mp, q);
    return this.get<{ n: number }>(`SELECT count(*) AS n FROM search_listings l WHERE ${filter.sql}`, filter.params)!.n;
  }

  private keywordQuery(mp: number, q: ListingSearchQuery): ListingSearchResult {
    const { tokens, textKeys } = q.keywords!;
    const estimate = this.textEstimate(tokens, textKeys);
    if (estimate === 0) return { ids: [], total: 0 };
    const filter = filterClause(mp, q);
    const survivors = this.get<{ n: number }>(`SELECT count(*) AS n FROM (SELECT 1 FROM search_listings l WHERE ${filter.sql} LIMIT ?)`, [
      ...filter.params,
      estimate + 1,
    ])!.n;
    let restrict: Clause | null = null;
    if (survivors > estimate) {
      // Text first: the FTS5 matches are fewer than the filtered listings.
      const matches = this.all<{ rowid: number }>('SELECT rowid FROM search_text WHERE search_text MATCH ?', [matchExpression(tokens, textKeys)]);
      restrict = { sql: 'l.n IN (SELECT value FROM json_each(?))', params: [JSON.stringify(matches.map((m) => m.rowid))] };
    }
    const rows = this.candidates(mp, q, { text: true, restrict });
    const scored = rows
      .map((row) => ({ row, score: relevance(tokens, listingText(row, textKeys)) }))
      .filter((r) => r.score > 0);
    const byRelevance = (a: (typeof scored)[number], b: (typeof scored)[number]) => b.score - a.score || compareRows(a.row, b.row, []);
    scored.sort(q.sort?.length ? (a, b) => compareRows(a.row, b.row, q.sort!) : byRelevance);
    return { ids: scored.slice(q.offset, q.offset + q.limit).map((r) => r.row.id), total: scored.length };
  }

  /** Nearest first; listings without a location after all others. */
  private async originQuery(mp: number, q: ListingSearchQuery, origin: Point): Promise<ListingSearchResult> {
    const total = await this.count(mp, q);
    const need = q.offset + q.limit;
    const byDistance = (rows: Row[]) =>
      rows
        .map((row) => ({ row, d: row.lat == null || row.lng == null ? Infinity : distanceKm(origin, { lat: row.lat, lng: row.lng }) }))
        .sort((a, b) => a.d - b.d || compareRows(a.row, b.row, []));
    if (total <= this.rankAllUpTo) {
      const ranked = byDistance(this.candidates(mp, q, { geo: true }));
      return { ids: ranked.slice(q.offset, need).map((r) => r.row.id), total };
    }
    for (let radius = 25; ; radius *= 2) {
      const boxes = boxesAround(origin, radius);
      if (!boxes) break;
      const inCircle = byDistance(this.candidates(mp, q, { geo: true, restrict: boxClause(boxes) })).filter((r) => r.d <= radius);
      if (inCircle.length >= need) return { ids: inCircle.slice(q.offset, need).map((r) => r.row.id), total };
    }
    // The circle is the whole Earth: every located listing, then the others.
    const ranked = byDistance(this.candidates(mp, q, { geo: true }));
    return { ids: ranked.slice(q.offset, need).map((r) => r.row.id), total };
  }

  private candidates(mp: number, q: ListingSearchQuery, opts: { text?: boolean; geo?: boolean; restrict?: Clause | null }): Row[] {
    const filter = filterClause(mp, q);
    const columns = ['l.n', 'l.id', 'l.created', 'l.price'];
    if (opts.text) columns.push('l.title_words', 'l.description_words', 'l.text_values');
    if (opts.geo) columns.push('l.lat', 'l.lng');
    const sortKeys = extendedSortKeys(q.sort);
    sortKeys.forEach((key, i) => columns.push(`(SELECT v FROM search_values WHERE n = l.n AND key = ?) AS s${i}`));
    const where = opts.restrict ? `${filter.sql} AND ${opts.restrict.sql}` : filter.sql;
    return this.all<Row>(`SELECT ${columns.join(', ')} FROM search_listings l WHERE ${where}`, [
      ...sortKeys.map((k) => `n:${k}`),
      ...filter.params,
      ...(opts.restrict?.params ?? []),
    ]).map((row) => withSortValues(row, q.sort));
  }

  private textEstimate(tokens: string[], textKeys: string[]): number {
    let total = 0;
    for (const term of estimateTerms(tokens, textKeys)) {
      total +=
        'exact' in term
          ? (this.get<{ n: number | null }>('SELECT sum(doc) AS n FROM search_text_vocab WHERE term = ?', [term.exact])!.n ?? 0)
          : (this.get<{ n: number | null }>('SELECT sum(doc) AS n FROM search_text_vocab WHERE term >= ? AND term < ?', [term.from, term.to])!.n ?? 0);
    }
    return total;
  }

  private put(d: SearchDocument): void {
    const mp = this.marketplaceNumber(d.marketplaceId, true)!;
    const titleWords = d.titleWords.join(' ');
    const descriptionWords = d.descriptionWords.join(' ');
    const textWords: Record<string, string> = {};
    for (const [key, value] of Object.entries(d.values)) {
      const text = textOf(value);
      if (text !== null) textWords[key] = wordsOf(text).join(' ');
    }
    const textValues = JSON.stringify(textWords);
    const row = [STATE_CODES[d.state], d.authorId, d.createdAt, d.price, d.geolocation?.lat ?? null, d.geolocation?.lng ?? null, d.stock];
    const existing = this.get<{ n: number; title_words: string; description_words: string; text_values: string }>(
      'SELECT n, title_words, description_words, text_values FROM search_listings WHERE mp = ? AND id = ?',
      [mp, d.id],
    );
    let n: number;
    if (existing) {
      n = existing.n;
      this.run(
        'UPDATE search_listings SET state = ?, author = ?, created = ?, price = ?, lat = ?, lng = ?, stock = ?, title_words = ?, description_words = ?, text_values = ? WHERE n = ?',
        [...row, titleWords, descriptionWords, textValues, n],
      );
      this.run('DELETE FROM search_values WHERE n = ?', [n]);
      this.run('DELETE FROM search_geo WHERE n = ?', [n]);
      // Most updates (state, price, extended data) leave the words as they were: the FTS5 index is left alone.
      const sameText = existing.title_words === titleWords && existing.description_words === descriptionWords && existing.text_values === textValues;
      if (sameText) {
        this.putValues(mp, n, d);
        return;
      }
      this.run('DELETE FROM search_text WHERE rowid = ?', [n]);
    } else {
      n = Number(
        this.run(
          'INSERT INTO search_listings (mp, id, state, author, created, price, lat, lng, stock, title_words, description_words, text_values) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
          [mp, d.id, ...row, titleWords, descriptionWords, textValues],
        ).lastInsertRowid,
      );
    }
    const attrs = Object.entries(textWords).flatMap(([key, text]) => words(text).map((w) => keyPrefix(key) + w));
    const attrsReversed = Object.entries(textWords).flatMap(([key, text]) => words(text).map((w) => keyPrefix(key) + reverseWord(w)));
    this.run('INSERT INTO search_text (rowid, title, description, attrs, title_r, description_r, attrs_r) VALUES (?, ?, ?, ?, ?, ?, ?)', [
      n,
      titleWords,
      descriptionWords,
      attrs.join(' '),
      d.titleWords.map(reverseWord).join(' '),
      d.descriptionWords.map(reverseWord).join(' '),
      attrsReversed.join(' '),
    ]);
    this.putValues(mp, n, d);
  }

  private putValues(mp: number, n: number, d: SearchDocument): void {
    if (d.geolocation) this.run('INSERT INTO search_geo (n, min_lat, max_lat, min_lng, max_lng) VALUES (?, ?, ?, ?, ?)', [n, d.geolocation.lat, d.geolocation.lat, d.geolocation.lng, d.geolocation.lng]);
    for (const [key, value] of Object.entries(d.values)) {
      for (const indexed of indexedValues(value)) {
        const v = typeof indexed.value === 'boolean' ? Number(indexed.value) : indexed.value;
        this.run('INSERT OR IGNORE INTO search_values (mp, key, v, n) VALUES (?, ?, ?, ?)', [mp, `${indexed.kind}:${key}`, v, n]);
      }
    }
  }

  private remove(mp: number | null, id: string): void {
    if (mp === null) return;
    const existing = this.get<{ n: number }>('SELECT n FROM search_listings WHERE mp = ? AND id = ?', [mp, id]);
    if (!existing) return;
    for (const sql of ['DELETE FROM search_values WHERE n = ?', 'DELETE FROM search_geo WHERE n = ?', 'DELETE FROM search_text WHERE rowid = ?', 'DELETE FROM search_listings WHERE n = ?'])
      this.run(sql, [existing.n]);
  }

  /** Marketplace ids are stored as small integers in every row and index entry. */
  private marketplaceNumber(marketplaceId: string, create: boolean): number | null {
    const cached = this.marketplaces.get(marketplaceId);
    if (cached !== undefined) return cached;
    let row = this.get<{ mp: number }>('SELECT mp FROM search_marketplaces WHERE marketplace_id = ?', [marketplaceId]);
    if (!row && create) row = { mp: Number(this.run('INSERT INTO search_marketplaces (marketplace_id) VALUES (?)', [marketplaceId]).lastInsertRowid) };
    if (!row) return null;
    this.marketplaces.set(marketplaceId, row.mp);
    return row.mp;
  }

  private statement(sql: string): Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      if (this.statements.size >= STATEMENT_CACHE) this.statements.delete(this.statements.keys().next().value!);
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  private get<T>(sql: string, params: unknown[]): T | undefined {
    return this.statement(sql).get(...params) as T | undefined;
  }

  private all<T>(sql: string, params: unknown[]): T[] {
    // Array.from: rows belong to the caller's realm, not the native addon's (see sqlite-event-store.ts).
    return Array.from(this.statement(sql).all(...params) as T[]);
  }

  private run(sql: string, params: unknown[]) {
    return this.statement(sql).run(...params);
  }
}

const extendedSortKeys = (sort: SearchSort[] | undefined): string[] =>
  (sort ?? []).filter((s) => s.field !== 'createdAt' && s.field !== 'price').map((s) => s.field);

/** Sort values by position (s0, s1...) of the query's sort keys, with schema defaults applied. */
const withSortValues = (row: Row, sort: SearchSort[] | undefined): Row => {
  let i = 0;
  for (const key of sort ?? []) {
    if (key.field === 'createdAt' || key.field === 'price') continue;
    const value = row[`s${i}`];
    row[`s${i}`] = value === null || value === undefined ? (key.default ?? null) : value;
    i += 1;
  }
  return row;
};

const sortValue = (row: Row, sort: SearchSort[], index: number): number | null => {
  const key = sort[index];
  if (key.field === 'createdAt') return row.created;
  if (key.field === 'price') return row.price;
  const position = sort.slice(0, index).filter((s) => s.field !== 'createdAt' && s.field !== 'price').length;
  return row[`s${position}`] ?? null;
};

/** The sort keys, then createdAt descending, then id: missing values last in either direction. */
const compareRows = (a: Row, b: Row, sort: SearchSort[]): number => {
  for (let i = 0; i < sort.length; i += 1) {
    const x = sortValue(a, sort, i);
    const y = sortValue(b, sort, i);
    if (x === y) continue;
    if (x === null) return 1;
    if (y === null) return -1;
    return sort[i].direction === 'asc' ? x - y : y - x;
  }
  return b.created - a.created || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
};

const listingText = (row: Row, textKeys: string[]) => {
  const values = textKeys.length > 0 ? (JSON.parse(row.text_values ?? '{}') as Record<string, string>) : {};
  return { title: words(row.title_words), description: words(row.description_words), attributes: textKeys.flatMap((k) => words(values[k])) };
};

/** ORDER BY of a plain (no keywords, no origin) query, with a join per extended-data sort key. */
const sortSql = (sort: SearchSort[] | undefined): { joins: string; params: unknown[]; order: string } => {
  const joins: string[] = [];
  const params: unknown[] = [];
  const order: string[] = [];
  (sort ?? []).forEach((key, i) => {
    let value: string;
    if (key.field === 'createdAt') value = 'l.created';
    else if (key.field === 'price') value = 'l.price';
    else {
      joins.push(`LEFT JOIN search_values s${i} ON s${i}.n = l.n AND s${i}.key = ?`);
      params.push(`n:${key.field}`);
      value = key.default !== undefined ? `COALESCE(s${i}.v, ${Number(key.default)})` : `s${i}.v`;
    }
    order.push(`(${value} IS NULL)`, `${value} ${key.direction === 'asc' ? 'ASC' : 'DESC'}`);
  });
  order.push('l.created DESC', 'l.id ASC');
  return { joins: joins.join(' '), params, order: order.join(', ') };
};
