import type { PoolClient } from 'pg';
import { planKey } from '../availability/domain/availability-plan';
import { PostgresDatabase, SqlParams } from '../infrastructure/postgres-database';
import { distanceKm } from './geo';
import { withinSearchWindow, type ListingSearch, type ListingSearchQuery, type ListingSearchResult, type SearchDocument, type SearchOp } from './listing-search.port';
import { indexedValuesOf, keywordQuery, lexemesOf, LISTING_SEARCH_MIGRATIONS, searchOrder, searchWhere, sortValueSql, textWordsOf } from './postgres-search-sql';
import { relevance } from './search-text';
import { compareRows, listingText, Row } from './sqlite-search-order';

type Put = Extract<SearchOp, { op: 'put' }>;

/**
 * Listing search on PostgreSQL: one row per live listing with indexed columns, a GIN-indexed tsvector of words and
 * reversed words (exact and n-gram keyword matches are prefix queries), and the extended-data values in a
 * GIN-indexed jsonb by kind and key (their JSON types kept, per marketplace). Answers are the SQLite adapter's:
 * plain queries sort in SQL by the same keys; keyword and origin queries read their candidates and rank them with
 * the same code (search-text.ts relevance, geo.ts distance, compareRows), so both engines order ties alike.
 */
export class PostgresListingSearch implements ListingSearch {
  private constructor(private readonly db: PostgresDatabase) {}

  static async open(db: PostgresDatabase): Promise<PostgresListingSearch> {
    await db.migrate(LISTING_SEARCH_MIGRATIONS);
    return new PostgresListingSearch(db);
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
          await client.query('DELETE FROM search_listings WHERE marketplace_id = $1 AND id = $2', [op.marketplaceId, op.id]);
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
  }

  async query(query: ListingSearchQuery): Promise<ListingSearchResult> {
    const q = withinSearchWindow(query);
    if (q.ids?.length === 0) return { ids: [], total: 0 };
    if (q.keywords && q.keywords.tokens.length > 0) return this.keywordSearch(q);
    if (q.origin) return this.nearest(q);
    const p = new SqlParams();
    const where = searchWhere(p, q);
    const page = await this.db.query<{ id: string }>(
      `SELECT id FROM search_listings WHERE ${where} ORDER BY ${searchOrder(p, q.sort)} LIMIT ${p.add(q.limit)} OFFSET ${p.add(q.offset)}`,
      p.values,
    );
    const ids = page.map((r) => r.id);
    return { ids, total: q.withoutTotal ? q.offset + ids.length : await this.count(q) };
  }

  private async count(q: ListingSearchQuery): Promise<number> {
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

  /** Nearest first by great-circle distance (geo.ts), listings without a location last. */
  private async nearest(q: ListingSearchQuery): Promise<ListingSearchResult> {
    const origin = q.origin!;
    const p = new SqlParams();
    const rows = await this.rows(p, searchWhere(p, q), q);
    const ranked = rows
      .map((row) => ({ row, d: row.lat == null || row.lng == null ? Infinity : distanceKm(origin, { lat: row.lat, lng: row.lng }) }))
      .sort((a, b) => a.d - b.d || compareRows(a.row, b.row, []));
    return { ids: ranked.slice(q.offset, q.offset + q.limit).map((r) => r.row.id), total: ranked.length };
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
    await this.db.query('TRUNCATE search_listings, search_versions');
  }

  async close(): Promise<void> {
    /* the pool is owned by the composition root */
  }
}

/**
 * The ops not older than their listing's recorded version, recording theirs (a deleted listing keeps its version
 * as a tombstone); unversioned ops pass.
 */
const newerOnly = async <O extends SearchOp>(client: PoolClient, ops: O[]): Promise<O[]> => {
  const keyOf = (op: SearchOp) => (op.op === 'put' ? [op.document.marketplaceId, op.document.id] : [op.marketplaceId, op.id]);
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

/** Inserts or replaces listings (distinct ones) in one statement. */
const putListings = async (client: PoolClient, puts: Put[]): Promise<void> => {
  if (puts.length === 0) return;
  const docs = puts.map((p) => p.document);
  const column = <T>(f: (d: SearchDocument) => T) => docs.map(f);
  const textWords = docs.map(textWordsOf);
  await client.query(
    `INSERT INTO search_listings AS l (marketplace_id, id, state, author_id, created_at, price, lat, lng, stock, availability_plan,
       title_words, description_words, text_values, words, vals)
     SELECT r.marketplace_id, r.id, r.state, r.author_id, r.created_at, r.price, r.lat, r.lng, r.stock, r.availability_plan,
       r.title_words, r.description_words, r.text_values, array_to_tsvector(r.lexemes::text[]), r.vals::jsonb
     FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::bigint[], $6::bigint[], $7::float8[], $8::float8[], $9::bigint[],
       $10::text[], $11::text[], $12::text[], $13::text[], $14::text[], $15::text[])
       AS r(marketplace_id, id, state, author_id, created_at, price, lat, lng, stock, availability_plan, title_words, description_words, text_values, lexemes, vals)
     ON CONFLICT (marketplace_id, id) DO UPDATE SET state = excluded.state, author_id = excluded.author_id, created_at = excluded.created_at,
       price = excluded.price, lat = excluded.lat, lng = excluded.lng, stock = excluded.stock, availability_plan = excluded.availability_plan,
       title_words = excluded.title_words, description_words = excluded.description_words, text_values = excluded.text_values,
       words = excluded.words, vals = excluded.vals`,
    [
      column((d) => d.marketplaceId),
      column((d) => d.id),
      column((d) => d.state),
      column((d) => d.authorId),
      column((d) => d.createdAt),
      column((d) => d.price),
      column((d) => d.geolocation?.lat ?? null),
      column((d) => d.geolocation?.lng ?? null),
      column((d) => d.stock),
      column((d) => d.availabilityPlan ?? planKey(null)),
      column((d) => d.titleWords.join(' ')),
      column((d) => d.descriptionWords.join(' ')),
      textWords.map((t) => JSON.stringify(t)),
      // A text[] literal per listing: unnest cannot take a two-dimensional array of rows of different lengths.
      docs.map((d, i) => arrayLiteral(lexemesOf(d, textWords[i]))),
      column((d) => JSON.stringify(indexedValuesOf(d))),
    ],
  );
};

/** A PostgreSQL array literal of words (letters, digits, `~`: quoted anyway). */
const arrayLiteral = (words: string[]): string => `{${words.map((w) => `"${w.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
