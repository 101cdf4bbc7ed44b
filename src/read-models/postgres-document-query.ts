import type { SqlParams } from '../infrastructure/postgres-database';
import type { DocumentQuery, FieldCondition, ScalarFieldIndex, SortKey } from './document-store.port';
import { equalityValues, scalarIndexName, sqlText } from './scalar-field-indexes';

/**
 * The SQL of DocumentStore.query on PostgreSQL, with the SQLite adapter's semantics: filterable values are a jsonb
 * object (`fields`) whose values keep their JSON type, so a number and a string under one key never compare equal,
 * a numeric range sees numbers only and a text range text only, and a list field matches when one element does.
 */
export const documentWhere = (p: SqlParams, collection: string, q: DocumentQuery, scalarFields?: ReadonlySet<string>): string => {
  const clauses = [`collection = ${p.add(collection)}`, `marketplace_id = ${p.add(q.marketplaceId)}`];
  if (q.createdAtStart) clauses.push(`created_at >= ${p.add(q.createdAtStart)}`);
  if (q.createdAtEnd) clauses.push(`created_at < ${p.add(q.createdAtEnd)}`);
  for (const condition of q.where ?? []) {
    const sql = (scalarFields?.has(condition.field) ? scalarConditionSql(p, condition) : null) ?? conditionSql(p, condition);
    clauses.push(condition.includeMissing ? `(${sql} OR NOT fields ? ${p.add(condition.field)})` : sql);
  }
  return clauses.join(' AND ');
};

/**
 * A scalar field index (ScalarFieldIndex): partial to its collection, the field's jsonb value (which keeps its JSON
 * type: "1" and 1 stay apart), then creation, so a count and a newest-first page of one value read that value's rows.
 */
export const scalarFieldIndexSql = (index: ScalarFieldIndex): string =>
  `CREATE INDEX IF NOT EXISTS ${scalarIndexName(index)} ON documents (marketplace_id, (fields -> ${sqlText(index.field)}), created_at) WHERE collection = ${sqlText(index.collection)}`;

/** `eq` / `in` on a field that never holds a list, in the form its index matches; null for other operators. */
const scalarConditionSql = (p: SqlParams, c: FieldCondition): string | null => {
  const values = equalityValues(c);
  if (!values) return null;
  return values.length === 0 ? 'false' : `fields -> ${sqlText(c.field)} IN (${values.map((v) => `${p.add(JSON.stringify(v))}::jsonb`).join(', ')})`;
};

/**
 * A value equals the field, or is an element of it when the field is a list: two containments, both answered by
 * the GIN index on `fields` (jsonb @> makes no exception for a value inside a nested list).
 */
const has = (p: SqlParams, field: string, value: string | number | boolean): string =>
  `(fields @> ${p.add(JSON.stringify({ [field]: value }))}::jsonb OR fields @> ${p.add(JSON.stringify({ [field]: [value] }))}::jsonb)`;

/** The field's value as a set of elements: a list's elements, or the value itself. */
const elements = (p: SqlParams, field: string): string => {
  const value = `fields -> ${p.add(field)}`;
  return `jsonb_array_elements(CASE jsonb_typeof(${value}) WHEN 'array' THEN ${value} ELSE jsonb_build_array(${value}) END)`;
};

const conditionSql = (p: SqlParams, c: FieldCondition): string => {
  switch (c.op) {
    case 'eq':
      return has(p, c.field, c.value);
    case 'in':
      return c.values.length === 0 ? 'false' : `(${c.values.map((v) => has(p, c.field, v)).join(' OR ')})`;
    case 'all':
      return c.values.length === 0 ? 'true' : `(${c.values.map((v) => has(p, c.field, v)).join(' AND ')})`;
    case 'range': {
      const text = typeof c.gte === 'string' || typeof c.lt === 'string';
      // The cast is guarded by a CASE: AND does not promise to check the type first.
      const [type, cast] = text ? ['string', 'text'] : ['number', 'numeric'];
      const value = text ? `(CASE WHEN jsonb_typeof(e) = 'string' THEN e #>> '{}' END) COLLATE "C"` : `(CASE WHEN jsonb_typeof(e) = 'number' THEN (e)::numeric END)`;
      const bounds = [`jsonb_typeof(e) = '${type}'`];
      if (c.gte !== undefined) bounds.push(`${value} >= ${p.add(c.gte)}::${cast}`);
      if (c.lt !== undefined) bounds.push(`${value} < ${p.add(c.lt)}::${cast}`);
      return `EXISTS (SELECT 1 FROM ${elements(p, c.field)} e WHERE ${bounds.join(' AND ')})`;
    }
  }
};

/**
 * ORDER BY for the sort keys, as the SQLite adapter (and Elasticsearch's typed values) sort: numbers before text
 * ascending, text before numbers descending; of a list, ascending its smallest number (else its smallest text),
 * descending its largest text (else number); documents without a value last, unless `missing` gives one.
 */
export const documentOrder = (p: SqlParams, sort: SortKey[] | undefined): string => {
  const keys = sort && sort.length > 0 ? sort : [{ field: 'createdAt', direction: 'desc' as const }];
  const parts = keys.map((k) => {
    if (k.field === 'createdAt') return `created_at ${k.direction === 'asc' ? 'ASC' : 'DESC'}`;
    const { n, t } = sortValues(p, k);
    return k.direction === 'asc'
      ? `(${n} IS NULL AND ${t} IS NULL), ${n} ASC NULLS LAST, ${t} ASC NULLS LAST`
      : `(${n} IS NULL AND ${t} IS NULL), ${t} DESC NULLS LAST, ${n} DESC NULLS LAST`;
  });
  return [...parts, 'id COLLATE "C" ASC'].join(', ');
};

/**
 * What a document sorts by for one key: a number `n` or a text `t` (at most one of them), both null when it has
 * no value to sort by (a boolean counts as none, as in SQLite) and no `missing` default.
 */
const sortValues = (p: SqlParams, k: SortKey): { n: string; t: string } => {
  const fn = k.direction === 'asc' ? 'min' : 'max';
  const number = `(SELECT ${fn}(CASE WHEN jsonb_typeof(e) = 'number' THEN (e)::numeric END) FROM ${elements(p, k.field)} e WHERE jsonb_typeof(e) = 'number')`;
  const text = `(SELECT ${fn}((e #>> '{}') COLLATE "C") FROM ${elements(p, k.field)} e WHERE jsonb_typeof(e) = 'string')`;
  const fallback = k.missing !== undefined ? `${p.add(k.missing)}::numeric` : 'NULL::numeric';
  return k.direction === 'asc'
    ? { n: `COALESCE(${number}, CASE WHEN ${text} IS NULL THEN ${fallback} END)`, t: `CASE WHEN ${number} IS NULL THEN ${text} END` }
    : { n: `CASE WHEN ${text} IS NULL THEN COALESCE(${number}, ${fallback}) END`, t: text };
};
