import type { AvailabilityRestriction } from './listing-search.port';

/**
 * The availability filters in the SQLite search read model. A listing's plan key is an indexed value of kind `a`
 * (`search_values` key `a:plan`), so "the listings of these plans" is an access path like an extended-data enum.
 */
export const PLAN_KEY = 'a:plan';

const marks = (n: number) => Array.from({ length: n }, () => '?').join(',');
const inList = (column: string, values: string[]) => (values.length === 0 ? { sql: '0', params: [] } : { sql: `${column} IN (${marks(values.length)})`, params: values });

interface Clause {
  sql: string;
  params: unknown[];
}

/**
 * The per-row check (`rowid` is the placeholder the plan replaces by the candidate's row id) and, when no listing
 * is let in by id, the access path through the plan keys.
 */
export const availabilityCondition = (mp: number, r: AvailabilityRestriction, rowid: string) => {
  const keys = inList('v', r.planKeys);
  const excluded = r.excludeIds.length === 0 ? { sql: '1', params: [] } : { sql: `l.id NOT IN (${marks(r.excludeIds.length)})`, params: r.excludeIds };
  const included = inList('l.id', r.includeIds);
  const byPlan: Clause = { sql: `EXISTS (SELECT 1 FROM search_values WHERE n = ${rowid} AND key = '${PLAN_KEY}' AND ${keys.sql})`, params: keys.params };
  const check: Clause = { sql: `((${byPlan.sql} AND ${excluded.sql}) OR ${included.sql})`, params: [...byPlan.params, ...excluded.params, ...included.params] };
  if (r.includeIds.length > 0) return { check };
  const from = `(SELECT n FROM search_values WHERE mp = ? AND key = '${PLAN_KEY}' AND ${keys.sql}) AS d CROSS JOIN search_listings l ON l.n = d.n`;
  return {
    check,
    access: {
      name: 'availability',
      probe: { sql: `SELECT 1 FROM search_values WHERE mp = ? AND key = '${PLAN_KEY}' AND ${keys.sql}`, params: [mp, ...keys.params] },
      from: { sql: from, params: [mp, ...keys.params] },
      rowid: 'd.n' as const,
    },
  };
};

/** The distinct plan keys of a marketplace (one index range scan per distinct key, by skipping). */
export const PLAN_KEYS_SQL = `SELECT DISTINCT v FROM search_values WHERE mp = ? AND key = '${PLAN_KEY}'`;
