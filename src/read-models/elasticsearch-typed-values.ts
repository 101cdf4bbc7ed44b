import type { estypes } from '@elastic/elasticsearch';

/**
 * Extended data in Elasticsearch without a mapping per key: every filterable value goes into one of three
 * `flattened` fields by its own JSON type, `xs` (strings), `xn` (numbers, as order-preserving text) and `xb`
 * (booleans), keyed by the field name. The mapping is the same for every tenant and every key (no field limit, no
 * type fixed by whichever marketplace wrote a key first), and a value of any type is indexed without ever failing
 * a document: a number where another marketplace (or another document) has a string is simply another typed pair.
 * A condition or sort reads the typed field of its value: numeric ranges and sorts compare numbers, string
 * equality compares strings.
 */
export type ValueType = 'xs' | 'xn' | 'xb';
export type TypedValues = Record<ValueType, Record<string, string[]>>;

/** Lucene refuses a term above 32766 bytes: longer strings are kept in _source but not indexed. */
export const MAX_INDEXED_CHARS = 8191;

export const TYPED_VALUE_MAPPINGS: Record<ValueType, estypes.MappingProperty> = {
  xs: { type: 'flattened', ignore_above: MAX_INDEXED_CHARS },
  xn: { type: 'flattened' },
  xb: { type: 'flattened' },
};

/**
 * A number as 16 hex digits whose text order is the numbers' order (IEEE 754 bits, sign bit flipped for positives,
 * every bit flipped for negatives), so that keyword ranges and sorts of the flattened field compare numerically.
 */
export const sortableNumber = (n: number): string => {
  const bytes = Buffer.alloc(8);
  bytes.writeDoubleBE(n === 0 ? 0 : n);
  if (n >= 0) bytes[0] ^= 0x80;
  else for (let i = 0; i < 8; i += 1) bytes[i] ^= 0xff;
  return bytes.toString('hex');
};

/** A flattened key may not have empty path segments: dots (and the escape character) are escaped, one to one. */
export const flatKey = (key: string): string => key.replace(/%/g, '%25').replace(/\./g, '%2E');

export type Scalar = string | number | boolean;

const typeOf = (v: Scalar): ValueType => (typeof v === 'string' ? 'xs' : typeof v === 'number' ? 'xn' : 'xb');
export const indexedText = (v: Scalar): string => (typeof v === 'number' ? sortableNumber(v) : String(v));

/**
 * A flattened field indexes `key + value` as one term, and Lucene refuses a term over 32766 bytes: a longer key
 * would fail the whole document (and stop its projection). No query names such a key; it is left out.
 */
export const MAX_INDEXED_KEY_BYTES = 1024;

/** Typed pairs of every scalar and every scalar element of a list; null and nested objects are not indexed. */
export const typedValuesOf = (fields: Record<string, unknown>): TypedValues => {
  const out: TypedValues = { xs: {}, xn: {}, xb: {} };
  for (const [field, value] of Object.entries(fields)) {
    if (Buffer.byteLength(flatKey(field)) > MAX_INDEXED_KEY_BYTES) continue;
    for (const v of Array.isArray(value) ? value : [value]) {
      if (!['string', 'number', 'boolean'].includes(typeof v) || (typeof v === 'number' && !Number.isFinite(v))) continue;
      (out[typeOf(v as Scalar)][flatKey(field)] ??= []).push(indexedText(v as Scalar));
    }
  }
  return out;
};

/** The path of a field's values of one type. */
export const typedPath = (type: ValueType, field: string): string => `${type}.${flatKey(field)}`;

type Query = estypes.QueryDslQueryContainer;

/** Any of the values, each matched against the field's values of its own type. */
export const anyOfQuery = (field: string, values: Scalar[]): Query => {
  const byType = new Map<ValueType, string[]>();
  for (const v of values) byType.set(typeOf(v), [...(byType.get(typeOf(v)) ?? []), indexedText(v)]);
  const clauses = [...byType].map(([type, texts]): Query => ({ terms: { [typedPath(type, field)]: texts } }));
  return clauses.length === 1 ? clauses[0] : { bool: { should: clauses, minimum_should_match: 1 } };
};

/** gte inclusive, lt exclusive, over the values of the bounds' type (numbers unless a bound is a string). */
export const rangeQuery = (field: string, gte?: number | string, lt?: number | string): Query => {
  const numeric = typeof gte !== 'string' && typeof lt !== 'string';
  const path = typedPath(numeric ? 'xn' : 'xs', field);
  if (gte === undefined && lt === undefined) return { exists: { field: path } };
  const bound = (b: number | string | undefined) => (b === undefined ? undefined : typeof b === 'number' ? sortableNumber(b) : b);
  return { range: { [path]: { gte: bound(gte), lt: bound(lt) } } };
};

/** The field has no value of any type. */
export const missingQuery = (field: string): Query => ({
  bool: { must_not: (['xs', 'xn', 'xb'] as const).map((type): Query => ({ exists: { field: typedPath(type, field) } })) },
});
