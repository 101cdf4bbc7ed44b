import type { Database, Statement } from 'better-sqlite3';
import { indexedValues, textOf } from './extended-conditions';
import { boxesAround } from './geo';
import { withinSearchWindow, type ListingSearch, type ListingSearchQuery, type ListingSearchResult, type Point, type SearchDocument, type SearchOp, type SearchSort } from './listing-search.port';
import { relevance, reverseWord, wordsOf } from './search-text';
import { nearestFirst, compareRows, extendedSortKeys, listingText, Row, sortSql, withSortValues } from './sqlite-search-order';
import { Access, and, boxCheck, Clause, geoAccess, Plan, planOf, textAccess, whereFor } from './sqlite-search-plan';
import { PLAN_KEY, PLAN_KEYS_SQL } from './sqlite-availability-filter';
import { planKey } from '../availability/domain/availability-plan';
import { estimateTerms, keyPrefix, matchExpression, NO_PRICE, SEARCH_SCHEMA, SEARCH_TABLES, STATE_CODES, tenantState } from './sqlite-search-sql';

/** Up to this many listings left by the filters, a keyword query ranks them without asking FTS5. */
const FILTER_FIRST_UP_TO = 5000;
/** Up to this many matches (by the driver's count), a query reads them all and orders them in memory. */
const RANK_IN_MEMORY_UP_TO = 5000;
/** Up to this many matches, an origin query ranks them all; above it, it searches growing circles. */
const RANK_ALL_UP_TO = 2000;

export interface SqliteListingSearchOptions {
  /** See FILTER_FIRST_UP_TO, RANK_IN_MEMORY_UP_TO and RANK_ALL_UP_TO (tests set 0 to exercise the large-result paths on small data). */
  filterFirstUpTo?: number;
  rankInMemoryUpTo?: number;
  rankAllUpTo?: number;
}

/** Statements are cached by SQL text; query shapes repeat, values do not. */
const STATEMENT_CACHE = 500;
/** Refresh the planner's statistics after this many writes (the large-result page query relies on them). */
const ANALYZE_EVERY = 20_000;

/**
 * The log position of the last versioned write of each listing (a deleted one keeps its row as a tombstone): a
 * write older than it is ignored. Kept apart from the search tables, which hold only live listings.
 */
const VERSIONS_SCHEMA = `
CREATE TABLE IF NOT EXISTS search_versions (
  marketplace_id TEXT NOT NULL,
  id             TEXT NOT NULL,
  position       INTEGER NOT NULL,
  PRIMARY KEY (marketplace_id, id)
) WITHOUT ROWID;
`;

/**
 * Indexes only queries use (writes find a listing by (mp, id) and its rows by n): a rebuild drops them and builds
 * each once at the end, sorted, instead of updating them row by row (SEARCH_SCHEMA creates them again).
 */
const QUERY_ONLY_INDEXES = ['search_listings_created', 'search_listings_state', 'search_listings_price', 'search_listings_author'];

/** The search side of a rebuild (SqliteListingSearch.bulkLoad). */
export interface SearchBulkLoad {
  /** Stores a listing's final write (a put, or a delete that leaves only its version). */
  load(op: SearchOp & { position: number }): void;
  /** Builds the query-only indexes and refreshes the planner's statistics. */
  finish(): void;
}

/**
 * The embedded search read model (tables in sqlite-search-sql.ts): narrow listing rows with indexed columns, a
 * 4-dimensional R*Tree (location, price, marketplace×state), extended-data values by kind and key, and an FTS5
 * index of words and reversed words (a prefix query on reversed words finds word endings).
 *
 * Every query reads its candidates through one access path chosen by bounded probes (sqlite-search-plan.ts).
 * Keywords: filter first when the filters leave few listings (rank them by their own words), otherwise compare
 * with the FTS5 vocabulary's estimate and read the smaller side. Relevance comes from the stored words
 * (search-text.ts), never from bm25 over every match.
 */
export class SqliteListingSearch implements ListingSearch {
  private readonly statements = new Map<string, Statement>();
  private readonly marketplaces = new Map<string, number>();
  /** Marketplace-and-states counts, until the next write (see baseCount). */
  private readonly counts = new Map<string, number>();
  private writes = 0;
  /**
   * Each marketplace's distinct plan keys, read once, then grown by every put: a superset of the keys in use (a key
   * no listing has any more only costs its evaluation), so the availability filters never miss a plan.
   */
  private readonly planKeys = new Map<number, Set<string>>();

  private readonly filterFirstUpTo: number;
  private readonly rankInMemoryUpTo: number;
  private readonly rankAllUpTo: number;

  constructor(
    private readonly db: Database,
    options: SqliteListingSearchOptions = {},
  ) {
    this.filterFirstUpTo = options.filterFirstUpTo ?? FILTER_FIRST_UP_TO;
    this.rankInMemoryUpTo = options.rankInMemoryUpTo ?? RANK_IN_MEMORY_UP_TO;
    this.rankAllUpTo = options.rankAllUpTo ?? RANK_ALL_UP_TO;
    db.exec(SEARCH_SCHEMA);
    db.exec(VERSIONS_SCHEMA);
    // Plans depend on statistics: refresh them where they are missing or stale (bounded work).
    db.pragma('analysis_limit = 1000');
    db.pragma('optimize = 0x10002');
  }

  async apply(ops: SearchOp[]): Promise<void> {
    this.db.transaction(() => this.applySync(ops)).immediate();
  }

  /** Inside the caller's transaction (the embedded append's, see projections/projection-engine.ts). */
  applySync(ops: SearchOp[]): void {
    for (const op of ops) {
      const [marketplaceId, id] = op.op === 'put' ? [op.document.marketplaceId, op.document.id] : [op.marketplaceId, op.id];
      if (op.position !== undefined && !this.newer(marketplaceId, id, op.position)) continue;
      if (op.op === 'put') this.put(op.document);
      else this.remove(this.marketplaceNumber(op.marketplaceId, false), op.id);
    }
    if (ops.length > 0) this.counts.clear();
    this.writes += ops.length;
    if (this.writes >= ANALYZE_EVERY) {
      this.writes = 0;
      this.db.pragma('optimize');
    }
  }

  async query(query: ListingSearchQuery): Promise<ListingSearchResult> {
    const q = withinSearchWindow(query);
    const mp = this.marketplaceNumber(q.marketplaceId, false);
    if (mp === null || q.ids?.length === 0) return { ids: [], total: 0 };
    if (q.keywords && q.keywords.tokens.length > 0) return this.keywordQuery(mp, q);
    const plan = planOf(mp, q);
    const driver = this.choose(plan);
    if (q.origin) return this.originQuery(q, q.origin, plan, driver);
    if (driver.estimate <= this.rankInMemoryUpTo) {
      // Few matches: read them all through the driver and order them here (one pass, no separate count).
      const rows = this.rows(plan.where, driver.access, {}, q.sort).sort((a, b) => compareRows(a, b, q.sort ?? []));
      return { ids: rows.slice(q.offset, q.offset + q.limit).map((r) => r.id), total: rows.length };
    }
    const sort = sortSql(q.sort);
    const page = this.all<{ id: string }>(
      `SELECT l.id FROM search_listings l ${sort.joins} WHERE ${whereFor(plan.where, 'l.n')} ORDER BY ${sort.order} LIMIT ? OFFSET ?`,
      [...sort.params, ...plan.where.params, q.limit, q.offset],
    );
    return { ids: page.map((r) => r.id), total: q.withoutTotal ? q.offset + page.length : this.total(plan, driver) };
  }

  async availabilityPlans(marketplaceId: string): Promise<string[]> {
    const mp = this.marketplaceNumber(marketplaceId, false);
    if (mp === null) return [];
    let keys = this.planKeys.get(mp);
    if (!keys) {
      keys = new Set(this.all<{ v: string }>(PLAN_KEYS_SQL, [mp]).map((r) => r.v));
      this.planKeys.set(mp, keys);
    }
    return [...keys];
  }

  async reset(): Promise<void> {
    this.resetSync();
  }

  resetSync(): void {
    for (const table of SEARCH_TABLES) this.db.exec(`DELETE FROM ${table}`);
    this.db.exec('DELETE FROM search_versions');
    this.marketplaces.clear();
    this.planKeys.clear();
    this.counts.clear();
  }

  /**
   * For a rebuild inside the caller's transaction: the search tables are dropped and created again (emptying an
   * FTS5 or R*Tree table deletes row by row), then take each listing's final write once (the replay,
   * projections/newest-first.ts, knows which it is): its version, and its rows unless it was deleted. The query-only
   * indexes are built at the end. Internal numbers (marketplaces, listings' n) follow the order of the load.
   */
  bulkLoad(): SearchBulkLoad {
    this.db.exec(['search_text_vocab', ...SEARCH_TABLES, 'search_versions'].map((table) => `DROP TABLE IF EXISTS ${table};`).join(''));
    this.db.exec(SEARCH_SCHEMA + VERSIONS_SCHEMA + QUERY_ONLY_INDEXES.map((index) => `DROP INDEX ${index};`).join(''));
    this.marketplaces.clear();
    this.counts.clear();
    this.planKeys.clear();
    const version = this.db.prepare('INSERT INTO search_versions (marketplace_id, id, position) VALUES (?, ?, ?)');
    return {
      load: (op) => {
        if (op.op === 'delete') version.run(op.marketplaceId, op.id, op.position);
        else {
          version.run(op.document.marketplaceId, op.document.id, op.position);
          this.put(op.document, true);
        }
      },
      finish: () => {
        this.db.exec(SEARCH_SCHEMA);
        this.db.pragma('optimize');
      },
    };
  }

  async close(): Promise<void> {
    /* the connection belongs to the composition root */
  }

  /** The access path with the fewest rows (see sqlite-search-plan.ts); each probe counts at most up to the best so far. */
  private choose(plan: Plan, cap = Number.MAX_SAFE_INTEGER): { access: Access; estimate: number } {
    let best: { access: Access; estimate: number } | null = null;
    const last = plan.accesses.length - 1;
    for (const [i, access] of plan.accesses.entries()) {
      const limit: number = best ? best.estimate : cap;
      const n: number = i === last ? this.baseCount(plan, access, limit) : this.probe(access, limit);
      if (!best || n < best.estimate) best = { access, estimate: n };
      if (n === 0) break;
    }
    return best!;
  }

  private probe(access: Access, limit: number): number {
    if (limit === Number.MAX_SAFE_INTEGER && access.count) return this.get<{ n: number }>(access.count.sql, access.count.params)!.n;
    return this.get<{ n: number }>(`SELECT count(*) AS n FROM (${access.probe.sql} LIMIT ?)`, [...access.probe.params, limit + 1])!.n;
  }

  /**
   * The marketplace's listings in the asked states (the last access, always there): counted once and kept until
   * the next write, as browsing and origin queries over the whole marketplace need it every time. The embedded
   * store has one writer, this process, so its own writes are the only ones to wait for.
   */
  private baseCount(plan: Plan, access: Access, limit: number): number {
    const cached = this.counts.get(plan.baseKey);
    if (cached !== undefined) return cached;
    if (limit !== Number.MAX_SAFE_INTEGER) return this.probe(access, limit);
    const n = this.probe(access, limit);
    this.counts.set(plan.baseKey, n);
    return n;
  }

  /** The number of matches; the driver's own count (exact: it won the probing) when nothing else filters. */
  private total(plan: Plan, driver: { access: Access; estimate: number }): number {
    if (plan.unfiltered) return driver.estimate;
    const { from, rowid } = driver.access;
    return this.get<{ n: number }>(`SELECT count(*) AS n FROM ${from.sql} WHERE ${whereFor(plan.where, rowid)}`, [...from.params, ...plan.where.params])!.n;
  }

  /**
   * Filter first when the filters leave few listings: rank them by their own words. Otherwise compare with
   * what the FTS5 vocabulary says the tokens match, and read the smaller side.
   */
  private keywordQuery(mp: number, q: ListingSearchQuery): ListingSearchResult {
    const { tokens, textKeys } = q.keywords!;
    const plan = planOf(mp, q);
    let driver = this.choose(plan);
    if (driver.estimate > this.filterFirstUpTo) {
      const estimate = this.textEstimate(tokens, textKeys);
      if (estimate === 0) return { ids: [], total: 0 };
      if (estimate < driver.estimate) driver = { access: textAccess(matchExpression(tokens, textKeys)), estimate };
    }
    const scored = this.rows(plan.where, driver.access, { text: true }, q.sort)
      .map((row) => ({ row, score: relevance(tokens, listingText(row, textKeys)) }))
      .filter((r) => r.score > 0);
    scored.sort(q.sort?.length ? (a, b) => compareRows(a.row, b.row, q.sort!) : (a, b) => b.score - a.score || compareRows(a.row, b.row, []));
    return { ids: scored.slice(q.offset, q.offset + q.limit).map((r) => r.row.id), total: scored.length };
  }

  /** Nearest first; listings without a location after all others. */
  private originQuery(q: ListingSearchQuery, origin: Point, plan: Plan, driver: { access: Access; estimate: number }): ListingSearchResult {
    const need = q.offset + q.limit;
    const page = (ranked: Array<{ row: Row }>, total: number) => ({ ids: ranked.slice(q.offset, need).map((r) => r.row.id), total });
    if (driver.estimate <= this.rankAllUpTo) {
      const ranked = nearestFirst(origin, this.rows(plan.where, driver.access, { geo: true }));
      return page(ranked, ranked.length);
    }
    const total = this.total(plan, driver);
    // Growing circles: every listing within the radius is inside the boxes, so the nearest `need` inside the
    // circle are the nearest of all.
    for (let radius = 5; ; radius *= 2) {
      const boxes = boxesAround(origin, radius);
      if (!boxes) break;
      const inCircle = nearestFirst(origin, this.rows(and([plan.where, boxCheck(boxes)]), geoAccess(boxes, plan.geoNarrowing), { geo: true })).filter((r) => r.d <= radius);
      if (inCircle.length >= need) return page(inCircle, total);
    }
    return page(nearestFirst(origin, this.rows(plan.where, driver.access, { geo: true })), total);
  }

  /** Matching rows through one access path, with the columns ranking needs. */
  private rows(where: Clause, access: Access, opts: { text?: boolean; geo?: boolean }, sort?: SearchSort[]): Row[] {
    const columns = ['l.n', 'l.id', 'l.created', 'l.price'];
    if (opts.text) columns.push('w.title_words', 'w.description_words', 'w.text_values');
    if (opts.geo) columns.push('l.lat', 'l.lng');
    const sortKeys = extendedSortKeys(sort);
    sortKeys.forEach((_key, i) => columns.push(`(SELECT v FROM search_values WHERE n = l.n AND key = ?) AS s${i}`));
    const join = opts.text ? 'CROSS JOIN search_words w ON w.n = l.n' : '';
    return this.all<Row>(`SELECT ${columns.join(', ')} FROM ${access.from.sql} ${join} WHERE ${whereFor(where, access.rowid)}`, [
      ...sortKeys.map((k) => `n:${k}`),
      ...access.from.params,
      ...where.params,
    ]).map((row) => withSortValues(row, sort));
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

  /** Records `position` as the listing's version unless a newer write is recorded; false when there is one. */
  private newer(marketplaceId: string, id: string, position: number): boolean {
    const stored = this.get<{ position: number }>('SELECT position FROM search_versions WHERE marketplace_id = ? AND id = ?', [marketplaceId, id]);
    if (stored && stored.position > position) return false;
    this.run(
      'INSERT INTO search_versions (marketplace_id, id, position) VALUES (?, ?, ?) ON CONFLICT (marketplace_id, id) DO UPDATE SET position = excluded.position',
      [marketplaceId, id, position],
    );
    return true;
  }

  /** `fresh`: the listing is known not to be stored (a rebuild's load), so it is not looked up. */
  private put(d: SearchDocument, fresh = false): void {
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
    const existing = fresh
      ? undefined
      : this.get<{ n: number; title_words: string; description_words: string; text_values: string }>(
          'SELECT l.n, w.title_words, w.description_words, w.text_values FROM search_listings l JOIN search_words w ON w.n = l.n WHERE l.mp = ? AND l.id = ?',
          [mp, d.id],
        );
    let n: number;
    if (existing) {
      n = existing.n;
      this.run('UPDATE search_listings SET state = ?, author = ?, created = ?, price = ?, lat = ?, lng = ?, stock = ? WHERE n = ?', [...row, n]);
      this.run('DELETE FROM search_values WHERE n = ?', [n]);
      this.run('DELETE FROM search_geo WHERE n = ?', [n]);
      // Most updates (state, price, extended data) leave the words as they were: the FTS5 index is left alone.
      const sameText = existing.title_words === titleWords && existing.description_words === descriptionWords && existing.text_values === textValues;
      if (sameText) {
        this.putValues(mp, n, d);
        return;
      }
      this.run('UPDATE search_words SET title_words = ?, description_words = ?, text_values = ? WHERE n = ?', [titleWords, descriptionWords, textValues, n]);
      this.run('DELETE FROM search_text WHERE rowid = ?', [n]);
    } else {
      n = Number(this.run('INSERT INTO search_listings (mp, id, state, author, created, price, lat, lng, stock) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)', [mp, d.id, ...row]).lastInsertRowid);
      this.run('INSERT INTO search_words (n, title_words, description_words, text_values) VALUES (?, ?, ?, ?)', [n, titleWords, descriptionWords, textValues]);
    }
    const attributeWords = Object.entries(textWords).flatMap(([key, text]) => (text ? text.split(' ').map((w) => [keyPrefix(key), w]) : []));
    const attrs = attributeWords.map(([prefix, w]) => prefix + w);
    const attrsReversed = attributeWords.map(([prefix, w]) => prefix + reverseWord(w));
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
    const g = d.geolocation;
    if (g) {
      const price = d.price ?? NO_PRICE;
      const ts = tenantState(mp, STATE_CODES[d.state]);
      this.run('INSERT INTO search_geo VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)', [n, g.lat, g.lat, g.lng, g.lng, price, price, ts, ts]);
    }
    const plan = d.availabilityPlan ?? planKey(null);
    this.run('INSERT OR IGNORE INTO search_values (mp, key, v, n) VALUES (?, ?, ?, ?)', [mp, PLAN_KEY, plan, n]);
    this.planKeys.get(mp)?.add(plan);
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
    for (const table of ['search_values', 'search_geo', 'search_words', 'search_listings']) this.run(`DELETE FROM ${table} WHERE n = ?`, [existing.n]);
    this.run('DELETE FROM search_text WHERE rowid = ?', [existing.n]);
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
