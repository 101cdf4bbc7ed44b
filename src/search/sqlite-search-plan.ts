import { defaultSatisfies, kindOf } from './extended-conditions';
import { boundsBoxes, Box } from './geo';
import type { ExtendedFilter, ListingSearchQuery } from './listing-search.port';
import { NO_PRICE, STATE_CODES, tenantState } from './sqlite-search-sql';
import { availabilityCondition } from './sqlite-availability-filter';

/**
 * How the SQLite adapter reads a query's matches: one access path drives (enumerates candidate rows), every
 * other condition is checked per candidate row. The driver is chosen by probing: each possible access path
 * counts its rows up to the smallest count found so far (so probing costs at most a few times the winner's
 * size), and the smallest wins. SQLite's own planner, with only rough statistics, tends to drive from a wide
 * price range and materialize the other subqueries, which costs milliseconds per query.
 */

export interface Clause {
  sql: string;
  params: unknown[];
}

export interface Access {
  name: string;
  /** `SELECT 1 FROM … WHERE …` enumerating the rows this path yields (for a bounded count). */
  probe: Clause;
  /** `SELECT count(*) FROM … WHERE …`: an unbounded count SQLite can answer from the index alone. */
  count?: Clause;
  /** FROM clause yielding the listing rows as `l` (the driver first: CROSS JOIN fixes the loop order). */
  from: Clause;
  /** The row id as the driver yields it: checks on other tables use it, so they run before the listing row is read. */
  rowid: 'd.n' | 'l.n';
}

/** Stands for the candidate's row id in checks (see Access.rowid). */
const ROWID = '$rowid';

/** A WHERE clause for candidates of an access path. */
export const whereFor = (where: Clause, rowid: Access['rowid']): string => where.sql.replaceAll(ROWID, rowid);

/** A condition: its per-row check, and the access path that can enumerate exactly its matches, if any. */
interface Condition {
  check: Clause;
  access?: Access;
}

export interface Plan {
  /** Per-row checks of every condition (the driver's own included: they are cheap and keep the plan simple). */
  where: Clause;
  accesses: Access[];
  /** The R*Tree's conditions beside the location: marketplace and states, price. */
  geoNarrowing: Clause;
  /** No condition beyond marketplace and states: the state index's count is the number of matches. */
  unfiltered: boolean;
  /** Identifies the marketplace-and-states count (the last access), which the adapter caches between writes. */
  baseKey: string;
}

const placeholders = (n: number): string => Array.from({ length: n }, () => '?').join(',');

export const and = (clauses: Clause[]): Clause => ({
  sql: clauses.map((c) => c.sql).join(' AND ') || '1',
  params: clauses.flatMap((c) => c.params),
});

const listingsBy = (index: string, where: Clause, name: string): Access => ({
  name,
  probe: { sql: `SELECT 1 FROM search_listings l INDEXED BY ${index} WHERE ${where.sql}`, params: where.params },
  count: { sql: `SELECT count(*) AS n FROM search_listings l INDEXED BY ${index} WHERE ${where.sql}`, params: where.params },
  from: { sql: `search_listings l INDEXED BY ${index}`, params: [] },
  rowid: 'l.n',
});

/**
 * Listings inside boxes, through the R*Tree, whose other two dimensions narrow to the query's marketplace and
 * states (one range of tenantState codes) and price range before any listing row is read.
 */
export const geoAccess = (boxes: Box[], narrow: Clause): Access => {
  const box = `SELECT n FROM search_geo WHERE min_lat <= ? AND max_lat >= ? AND min_lng <= ? AND max_lng >= ? AND ${narrow.sql}`;
  const params = boxes.flatMap((b) => [b.maxLat, b.minLat, b.maxLng, b.minLng, ...narrow.params]);
  const union = boxes.map(() => box).join(' UNION ALL ');
  return {
    name: 'geo',
    probe: { sql: union, params },
    // R*Tree coordinates are 32-bit floats rounded outwards: the tree finds a superset, the columns decide.
    from: { sql: `(${union}) AS d CROSS JOIN search_listings l ON l.n = d.n`, params },
    rowid: 'd.n',
  };
};

export const boxCheck = (boxes: Box[]): Clause => ({
  sql: `(${boxes.map(() => '(l.lat BETWEEN ? AND ? AND l.lng BETWEEN ? AND ?)').join(' OR ')})`,
  params: boxes.flatMap((b) => [b.minLat, b.maxLat, b.minLng, b.maxLng]),
});

/** One extended-data value condition: `v IN (…)`, `v = ?` or a range over one key. */
const valueCondition = (mp: number, key: string, condition: string, params: unknown[]): Condition => ({
  check: { sql: `EXISTS (SELECT 1 FROM search_values WHERE n = ${ROWID} AND key = ? AND ${condition})`, params: [key, ...params] },
  access: {
    name: `values ${key}`,
    probe: { sql: `SELECT 1 FROM search_values WHERE mp = ? AND key = ? AND ${condition}`, params: [mp, key, ...params] },
    from: {
      sql: `(SELECT n FROM search_values WHERE mp = ? AND key = ? AND ${condition}) AS d CROSS JOIN search_listings l ON l.n = d.n`,
      params: [mp, key, ...params],
    },
    rowid: 'd.n',
  },
});

const extendedConditions = (mp: number, f: ExtendedFilter): Condition[] => {
  const key = `${kindOf(f.type)}:${f.key}`;
  let matches: Condition[];
  switch (f.type) {
    case 'enum':
      matches = [valueCondition(mp, key, `v IN (${placeholders(f.anyOf.length)})`, f.anyOf)];
      break;
    case 'multi-enum':
      matches =
        f.mode === 'any'
          ? [valueCondition(mp, key, `v IN (${placeholders(f.values.length)})`, f.values)]
          : f.values.map((v) => valueCondition(mp, key, 'v = ?', [v]));
      break;
    case 'long': {
      const parts = [...(f.gte !== undefined ? ['v >= ?'] : []), ...(f.lt !== undefined ? ['v < ?'] : [])];
      matches = [valueCondition(mp, key, parts.join(' AND ') || '1', [...(f.gte !== undefined ? [f.gte] : []), ...(f.lt !== undefined ? [f.lt] : [])])];
      break;
    }
    case 'boolean':
      matches = [valueCondition(mp, key, 'v = ?', [f.value ? 1 : 0])];
      break;
  }
  if (!defaultSatisfies(f, f.default)) return matches;
  // Listings lacking the key match too: no longer an access path of its own.
  const match = and(matches.map((m) => m.check));
  return [{ check: { sql: `(${match.sql} OR NOT EXISTS (SELECT 1 FROM search_values WHERE n = ${ROWID} AND key = ?))`, params: [...match.params, key] } }];
};

/** The listings an FTS5 expression matches, as a driver: the text-first plan of a keyword query. */
export const textAccess = (expression: string): Access => {
  const matches = '(SELECT rowid AS n FROM search_text WHERE search_text MATCH ?) AS d';
  return {
    name: 'text',
    probe: { sql: 'SELECT rowid FROM search_text WHERE search_text MATCH ?', params: [expression] },
    from: { sql: `${matches} CROSS JOIN search_listings l ON l.n = d.n`, params: [expression] },
    rowid: 'd.n',
  };
};

/** The conditions of a query (all but keywords and order) and the access paths worth probing. */
export const planOf = (mp: number, q: ListingSearchQuery): Plan => {
  const states = q.states ?? (Object.keys(STATE_CODES) as Array<keyof typeof STATE_CODES>);
  const base: Clause = { sql: `l.mp = ? AND l.state IN (${placeholders(states.length)})`, params: [mp, ...states.map((s) => STATE_CODES[s])] };
  const conditions: Condition[] = [];
  const accesses: Access[] = [];
  const codes = states.map((s) => STATE_CODES[s]);
  const geoNarrowing: Clause = {
    sql: ['min_ts <= ? AND max_ts >= ?', ...(q.price?.gte !== undefined ? ['max_price >= ?'] : []), ...(q.price?.lt !== undefined ? ['min_price < ?'] : []), ...(q.price ? ['max_price > ?'] : [])].join(' AND '),
    params: [
      tenantState(mp, Math.max(...codes)),
      tenantState(mp, Math.min(...codes)),
      ...(q.price?.gte !== undefined ? [q.price.gte] : []),
      ...(q.price?.lt !== undefined ? [q.price.lt] : []),
      ...(q.price ? [NO_PRICE] : []),
    ],
  };
  if (q.ids) {
    const ids: Clause = { sql: `l.mp = ? AND l.id IN (${placeholders(q.ids.length)})`, params: [mp, ...q.ids] };
    conditions.push({ check: ids, access: listingsBy('search_listings_id', ids, 'ids') });
  }
  if (q.authorId !== undefined) {
    const author: Clause = { sql: 'l.mp = ? AND l.author = ?', params: [mp, q.authorId] };
    conditions.push({ check: author, access: listingsBy('search_listings_author', author, 'author') });
  }
  if (q.bounds) {
    const boxes = boundsBoxes(q.bounds.ne, q.bounds.sw);
    conditions.push({ check: boxCheck(boxes), access: geoAccess(boxes, geoNarrowing) });
  }
  for (const f of q.filters ?? []) conditions.push(...extendedConditions(mp, f));
  if (q.price) {
    const parts = [...(q.price.gte !== undefined ? ['l.price >= ?'] : []), ...(q.price.lt !== undefined ? ['l.price < ?'] : [])];
    const price: Clause = { sql: parts.join(' AND ') || 'l.price IS NOT NULL', params: [...(q.price.gte !== undefined ? [q.price.gte] : []), ...(q.price.lt !== undefined ? [q.price.lt] : [])] };
    conditions.push({ check: price, access: listingsBy('search_listings_price', and([base, price]), 'price') });
  }
  if (q.createdAtStart !== undefined || q.createdAtEnd !== undefined) {
    const parts = [...(q.createdAtStart !== undefined ? ['l.created >= ?'] : []), ...(q.createdAtEnd !== undefined ? ['l.created < ?'] : [])];
    const created: Clause = { sql: parts.join(' AND '), params: [...(q.createdAtStart !== undefined ? [q.createdAtStart] : []), ...(q.createdAtEnd !== undefined ? [q.createdAtEnd] : [])] };
    conditions.push({ check: created, access: listingsBy('search_listings_created', and([{ sql: 'l.mp = ?', params: [mp] }, created]), 'created') });
  }
  if (q.availability) conditions.push(availabilityCondition(mp, q.availability, ROWID));
  if (q.stock) conditions.push({ check: { sql: q.stock.mode === 'strict' ? 'l.stock >= ?' : '(l.stock IS NULL OR l.stock >= ?)', params: [q.stock.minStock] } });
  // Always possible: every listing of the marketplace in the asked states.
  accesses.push(...conditions.flatMap((c) => (c.access ? [c.access] : [])), listingsBy('search_listings_state', base, 'state'));
  return {
    where: and([base, ...conditions.map((c) => c.check)]),
    accesses,
    geoNarrowing,
    unfiltered: conditions.length === 0,
    baseKey: `${mp}:${codes.join(',')}`,
  };
};
