import type { FieldCondition, ScalarFieldIndex } from './document-store.port';

/** `collection` → its fields with an index of their own: what a store's query asks before writing a condition. */
export const scalarFieldsByCollection = (indexes: readonly ScalarFieldIndex[]): ReadonlyMap<string, ReadonlySet<string>> => {
  const fields = new Map<string, Set<string>>();
  for (const { collection, field } of indexes) fields.set(collection, (fields.get(collection) ?? new Set()).add(field));
  return fields;
};

/** The index's name in either SQL engine, quoted: `"documents_transaction_customerId"`. */
export const scalarIndexName = ({ collection, field }: ScalarFieldIndex): string => `"documents_${`${collection}_${field}`.replace(/[^A-Za-z0-9_]/g, '_')}"`;

/** The values an `eq` or `in` condition accepts (the conditions a scalar field index answers); null for the others. */
export const equalityValues = (c: FieldCondition): Array<string | number | boolean> | null => (c.op === 'eq' ? [c.value] : c.op === 'in' ? c.values : null);

/**
 * A text as an SQL string literal, the same in SQLite and PostgreSQL (standard-conforming strings): the indexes'
 * collections and fields are written into the statements, so that the planners can match the partial indexes.
 */
export const sqlText = (text: string): string => `'${text.replace(/'/g, "''")}'`;
