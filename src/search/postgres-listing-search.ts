import type { PoolClient } from 'pg';
import { planKey } from '../availability/domain/availability-plan';
import { PostgresDatabase, SqlParams } from '../infrastructure/postgres-database';
import { boxesAround } from './geo';
import { withinSearchWindow, type ListingSearch, type ListingSearchQuery, type ListingSearchResult, type SearchDocument, type SearchOp } from './listing-search.port';
import { copyRow } from '../infrastructure/postgres-copy';
import { TableStatistics } from '../infrastructure/postgres-table-statistics';
import { inBoxesSql, indexedValuesOf, keywordQuery, lexemesOf, LISTING_SEARCH_MIGRATIONS, searchOrder, searchWhere, sortValueSql, textWordsOf, unfiltered } from './postgres-search-sql';
import { relevance } from './search-text';
import { nearestFirst, compareRows, listingText, Row } from './sqlite-search-order';

type Put = Extract<SearchOp, { op: 'put' }>;

/** Up to this many matches an origin query ranks them all (one read); above it, it searches growing circles. */
const RANK_ALL_UP_TO = 2000;

/**
 * Listing search on PostgreSQL: one row per live listing with indexed columns, a GIN-indexed tsvector of words and
 * reversed words (exact and n-gram keyword matches are prefix queries), and the extended-data values in a
 * GIN-indexed jsonb by kind and key (their JSON types kept, per marketplace). Answers are the SQLite adapter's:
 * plain queries sort in SQL by the same keys; keyword and origin queries read their candidates and rank them with
 * the same code (search-text.ts relevance, geo.ts distance, compareRows), so both engines order ties alike.
 */
export class PostgresListingSearch implements ListingSearch {
  /**
   * Keyword, bounds and filter queries are planned from the table's statistics: without them (a marketplace that
   * took thousands of listings in its first minute), PostgreSQL read the price index and filtered every row of the
   * range, 68 ms instead of 13 ms at 100,000 listings (docs/performance.md).
   */
  private readonly statistics: TableStatistics;

  private constructor(
    private readonly db: PostgresDatabase,
    /** RANK_ALL_UP_TO unless a test sets 0 to exercise the growing circles on small data. */
    private readonly rankAllUpTo: number,
  ) {
    this.statistics = new TableStatistics(db, 'search_listings');
  }

  static async open(db: PostgresDatabase, options: { rankAllUpTo?: number } = {}): Promise<PostgresListingSearch> {
    await db.migrate(LISTING_SEARCH_MIGRATIONS);
    return new PostgresListingSearch(db, options.rankAllUpTo ?? RANK_ALL_UP_TO);
  }

  async apply(ops: SearchOp[]): Promise<void> {
    await this.db.transaction((client) => this.applyWith(client, ops));
  }

  /**
   * On the caller's connection and transaction (the append's, when projections run inline). Consecutive puts of
   * distinct listings are written together; a delete starts a new run. A later put of a listing already in the run
   * replaces the earlier one there when it is not older (both versioned, or both not): the row is replaced whole
   * and the version only moves forward, so writing both in turn would leave the same; otherwise it starts a new run.
   */
  async applyWith(client: PoolClient, ops: SearchOp[]): Promise<void> {
    let run: Put[] = [];
    let inRun = new Map<string, number>();
    const flush = async () => {
      if (run.length > 0) await putListings(client, await newerOnly(client, run));
      run = [];
      inRun = new Map();
    };
    for (const op of ops) {
      if (op.op === 'delete') {
        await flush();
        if ((await newerOnly(client, [op])).length > 0) {
          await client.query(
            `WITH gone AS (DELETE FROM search_listings WHERE marketplace_id = $1 AND id = $2 RETURNING marketplace_id, state)
             UPDATE search_counts c SET listings = c.listings - 1 FROM gone WHERE c.marketplace_id = gone.marketplace_id AND c.state = gone.state`,
            [op.marketplaceId, op.id],
          );
        }
        continue;
      }
      const key = `${op.document.marketplaceId} ${op.document.id}`;
      const earlier = inRun.get(key);
      const prior = earlier === undefined ? undefined : run[earlier].position;
      if (earlier !== undefined && (op.position === undefined ? prior === undefined : prior !== undefined && op.position >= prior)) {
        run[earlier] = op;
        continue;
      }
      if (earlier !== undefined) await flush();
      inRun.set(key, run.length);
      run.push(op);
    }
    await flush();
    this.statistics.written(ops.length);
  }

  async query(query: ListingSearchQuery): Promise<ListingSearchResult> {
    const q = withinSearchWindow(query);
    if (q.ids?.length === 0) return { ids: [], total: 0 };
    if (q.keywords && q.keywords.tokens.length > 0) return this.keywordSearch(q);
    if (q.origin) return this.nearest(q);
    if (unfiltered(q)) {
      const p = new SqlParams();
      const [page, total] = await Promise.all([
        this.db.query<{ id: string }>(`SELECT id FROM search_listings WHERE ${searchWhere(p, q)} ORDER BY ${searchOrder(p, q.sort)} LIMIT ${p.add(q.limit)} OFFSET ${p.add(q.offset)}`, p.values),
        this.count(q),
      ]);
      return { ids: page.map((r) => r.id), total };
    }
    // The page and its total in one evaluation of the filters (a count beside the page read them twice).
    const p = new SqlParams();
    const page = await this.db.query<{ id: string; total: string }>(
      `SELECT id, count(*) OVER () AS total FROM search_listings WHERE ${searchWhere(p, q)} ORDER BY ${searchOrder(p, q.sort)} LIMIT ${p.add(q.limit)} OFFSET ${p.add(q.offset)}`,
      p.values,
    );
    const ids = page.map((r) => r.id);
    if (q.withoutTotal) return { ids, total: q.offset + ids.length };
    return { ids, total: page.length > 0 ? Number(page[0].total) : await this.count(q) };
  }

  /** The number of matches: kept in search_counts for a query without filters (listing-search-2), else counted. */
  private async count(q: ListingSearchQuery): Promise<number> {
    if (unfiltered(q)) {
      const p = new SqlParams();
      const states = q.states ? ` AND state = ANY(${p.add(q.states)}::text[])` : '';
      const [{ n }] = await this.db.query<{ n: string | null }>(`SELECT sum(listings) AS n FROM search_counts WHERE marketplace_id = ${p.add(q.marketplaceId)}${states}`, [
        ...p.values,
      ]);
      return Number(n ?? 0);
    }
    const p = new SqlParams();
    const [{ n }] = await this.db.query<{ n: string }>(`SELECT count(*) AS n FROM search_listings WHERE ${searchWhere(p, q)}`, p.values);
    return Number(n);
  }

  /** Candidates from the word index, ranked by the shared relevance (or the asked sort), then createdAt and id. */
  private async keywordSearch(q: ListingSearchQuery): Promise<ListingSearchResult> {
    const { tokens, textKeys } = q.keywords!;
    const p = new SqlParams();
    const where = `${searchWhere(p, q)} AND words @@ ${p.add(keywordQuery(tokens, textKeys))}::tsquery`;
    const rows = await this.rows(p, where, q);
    const scored = rows.map((row) => ({ row, score: relevance(tokens, listingText(row, textKeys)) })).filter((r) => r.score > 0);
    scored.sort(q.sort?.length ? (a, b) => compareRows(a.row, b.row, q.sort!) : (a, b) => b.score - a.score || compareRows(a.row, b.row, []));
    return { ids: scored.slice(q.offset, q.offset + q.limit).map((r) => r.row.id), total: scored.length };
  }

  /**
   * Nearest first by great-circle distance (geo.ts), listings without a location last, as the embedded engine
   * answers (sqlite-listing-search.ts originQuery): few matches are ranked all; otherwise growing circles (5 km,
   * doubled) through the GiST index of locations (listing-search-2) until one holds `offset + limit` listings. Every
   * listing within the radius is inside the circle's boxes, so the nearest of those are the nearest of all. The
   * count runs beside the circles, on another pooled connection.
   */
  private async nearest(q: ListingSearchQuery): Promise<ListingSearchResult> {
    const origin = q.origin!;
    const need = q.offset + q.limit;
    const page = (ranked: Array<{ row: Row }>, total: number) => ({ ids: ranked.slice(q.offset, need).map((r) => r.row.id), total });
    const rankAll = async () => {
      const p = new SqlParams();
      return nearestFirst(origin, await this.rows(p, searchWhere(p, q), q));
    };
    const total = this.count(q);
    // A failed circle must not leave the count's rejection unheard.
    total.catch(() => undefined);
    for (let radius = 5; ; radius *= 2) {
      const boxes = boxesAround(origin, radius);
      if (!boxes) break;
      const p = new SqlParams();
      const inCircle = nearestFirst(origin, await this.rows(p, `${searchWhere(p, q)} AND ${inBoxesSql(p, boxes)}`, q)).filter((r) => r.d <= radius);
      if (inCircle.length >= need) return page(inCircle, await total);
      // Few listings in all: one read of them is cheaper than more circles.
      if ((await total) <= this.rankAllUpTo) break;
    }
    return page(await rankAll(), await total);
  }

  /** Matching rows with what ranking needs, in the shape compareRows reads (s0, s1… the extended sort values). */
  private async rows(p: SqlParams, where: string, q: ListingSearchQuery): Promise<Row[]> {
    const sortColumns = (q.sort ?? []).filter((s) => s.field !== 'createdAt' && s.field !== 'price').map((s, i) => `${sortValueSql(p, s)} AS s${i}`);
    const columns = ['id', 'created_at', 'price', 'lat', 'lng', 'title_words', 'description_words', 'text_values', ...sortColumns];
    const rows = await this.db.query<Record<string, unknown>>(`SELECT ${columns.join(', ')} FROM search_listings WHERE ${where}`, p.values);
    return rows.map((r, n) => {
      const row: Row = {
        n,
        id: r.id as string,
        created: Number(r.created_at),
        price: r.price === null ? null : Number(r.price),
        lat: r.lat as number | null,
        lng: r.lng as number | null,
        title_words: r.title_words as string,
        description_words: r.description_words as string,
        text_values: r.text_values as string,
      };
      sortColumns.forEach((_c, i) => (row[`s${i}`] = r[`s${i}`] === null ? null : Number(r[`s${i}`])));
      return row;
    });
  }

  async availabilityPlans(marketplaceId: string): Promise<string[]> {
    const rows = await this.db.query<{ plan: string }>('SELECT DISTINCT availability_plan AS plan FROM search_listings WHERE marketplace_id = $1', [marketplaceId]);
    return rows.map((r) => r.plan);
  }

  async reset(): Promise<void> {
    await this.db.query('TRUNCATE search_listings, search_versions, search_counts');
  }

  async close(): Promise<void> {
    /* the pool is owned by the composition root */
  }
}

/**
 * The ops not older than their listing's recorded version, recording theirs (a deleted listing keeps its version
 * as a tombstone); unversioned ops pass.
 */
const keyOf = (op: SearchOp): [marketplaceId: string, id: string] => (op.op === 'put' ? [op.document.marketplaceId, op.document.id] : [op.marketplaceId, op.id]);

const newerOnly = async <O extends SearchOp>(client: PoolClient, ops: O[]): Promise<O[]> => {
  const versioned = ops.filter((op) => op.position !== undefined);
  if (versioned.length === 0) return ops;
  const recorded = await client.query<{ marketplace_id: string; id: string }>(
    `INSERT INTO search_versions AS v (marketplace_id, id, position)
     SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[])
     ON CONFLICT (marketplace_id, id) DO UPDATE SET position = excluded.position WHERE excluded.position >= v.position
     RETURNING v.marketplace_id, v.id`,
    [versioned.map((op) => keyOf(op)[0]), versioned.map((op) => keyOf(op)[1]), versioned.map((op) => op.position)],
  );
  const newer = new Set(recorded.rows.map((r) => JSON.stringify([r.marketplace_id, r.id])));
  return ops.filter((op) => op.position === undefined || newer.has(JSON.stringify(keyOf(op))));
};

/** The columns of a search row, in the order listingRow gives their values. */
const LISTING_COLUMNS = [
  'marketplace_id', 'id', 'state', 'author_id', 'created_at', 'price', 'lat', 'lng', 'stock', 'availability_plan',
  'title_words', 'description_words', 'text_values', 'words', 'vals',
] as const;

/**
 * A listing's values in LISTING_COLUMNS' order, its lexemes joined by spaces: letters, digits, `~` and key prefixes
 * (words are split on anything else, search-text.ts), never a space, quote, backslash or colon, so the text is both
 * what the live statement splits (string_to_array) and a tsvector's text as COPY parses it, unquoted.
 */
const listingRow = (d: SearchDocument): Array<string | number | null> => {
  const textWords = textWordsOf(d);
  return [
    d.marketplaceId,
    d.id,
    d.state,
    d.authorId,
    d.createdAt,
    d.price,
    d.geolocation?.lat ?? null,
    d.geolocation?.lng ?? null,
    d.stock,
    d.availabilityPlan ?? planKey(null),
    d.titleWords.join(' '),
    d.descriptionWords.join(' '),
    JSON.stringify(textWords),
    lexemesOf(d, textWords).join(' '),
    JSON.stringify(indexedValuesOf(d)),
  ];
};

/** The tables of a rebuild's load into empty tables (finalListingLines), with their columns in the lines' order. */
export const FINAL_LISTING_TABLES = {
  search_versions: 'search_versions (marketplace_id, id, position)',
  search_listings: `search_listings (${LISTING_COLUMNS.join(', ')})`,
} as const;

/**
 * A rebuild's final writes (projections/newest-first.ts: one per listing, into empty tables) as COPY lines
 * (src/infrastructure/postgres-copy.ts): every listing's version, and the rows of those not deleted, their words
 * as a tsvector's text (listingRow).
 */
export const finalListingLines = (ops: ReadonlyArray<SearchOp & { position: number }>): Record<keyof typeof FINAL_LISTING_TABLES, string> => {
  let versions = '';
  let listings = '';
  for (const op of ops) {
    versions += copyRow([...keyOf(op), op.position]);
    if (op.op !== 'put') continue;
    listings += copyRow(listingRow(op.document));
  }
  return { search_versions: versions, search_listings: listings };
};

/** After a rebuild's load: search_counts from the listings loaded. */
export const countListings = async (client: PoolClient): Promise<void> => {
  await client.query('INSERT INTO search_counts (marketplace_id, state, listings) SELECT marketplace_id, state, count(*) FROM search_listings GROUP BY marketplace_id, state');
};

/** Inserts or replaces listings (distinct ones) in one statement. */
const putListings = async (client: PoolClient, puts: Put[]): Promise<void> => {
  if (puts.length === 0) return;
  // Lexemes joined by spaces (listingRow): unnest cannot take a two-dimensional array of rows of different lengths,
  // and a text[] literal per listing cost a second escaping of every word.
  const rows = puts.map((p) => listingRow(p.document));
  // search_counts moves by the states the statement leaves minus those it found (`before` reads the snapshot the
  // statement started from). Writes of search rows are serialised (the append lock; a rebuild writes its own tables).
  await client.query(
    `WITH r AS (
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::bigint[], $6::bigint[], $7::float8[], $8::float8[], $9::bigint[],
         $10::text[], $11::text[], $12::text[], $13::text[], $14::text[], $15::text[])
         AS r(marketplace_id, id, state, author_id, created_at, price, lat, lng, stock, availability_plan, title_words, description_words, text_values, lexemes, vals)),
     before AS (SELECT l.marketplace_id, l.state FROM search_listings l JOIN r ON l.marketplace_id = r.marketplace_id AND l.id = r.id),
     after AS (
       INSERT INTO search_listings AS l (${LISTING_COLUMNS.join(', ')})
       SELECT r.marketplace_id, r.id, r.state, r.author_id, r.created_at, r.price, r.lat, r.lng, r.stock, r.availability_plan,
         r.title_words, r.description_words, r.text_values, array_to_tsvector(string_to_array(r.lexemes, ' ')), r.vals::jsonb
       FROM r
       ON CONFLICT (marketplace_id, id) DO UPDATE SET state = excluded.state, author_id = excluded.author_id, created_at = excluded.created_at,
         price = excluded.price, lat = excluded.lat, lng = excluded.lng, stock = excluded.stock, availability_plan = excluded.availability_plan,
         title_words = excluded.title_words, description_words = excluded.description_words, text_values = excluded.text_values,
         words = excluded.words, vals = excluded.vals
       RETURNING l.marketplace_id, l.state)
     INSERT INTO search_counts AS c (marketplace_id, state, listings)
     SELECT marketplace_id, state, sum(d) FROM (SELECT marketplace_id, state, 1 AS d FROM after UNION ALL SELECT marketplace_id, state, -1 FROM before) x
     GROUP BY marketplace_id, state HAVING sum(d) <> 0
     ON CONFLICT (marketplace_id, state) DO UPDATE SET listings = c.listings + excluded.listings`,
    LISTING_COLUMNS.map((_column, i) => rows.map((row) => row[i])),
  );
};
