import type { ExtendedCondition, ScalarValue } from './listing-search.port';

/**
 * Does a schema's default value satisfy a condition? Then listings lacking the key match it too. Both engines
 * decide this the same way, before they build their query.
 */
export const defaultSatisfies = (condition: ExtendedCondition, value: ScalarValue | string[] | undefined): boolean => {
  if (value === undefined) return false;
  switch (condition.type) {
    case 'enum':
      return typeof value === 'string' && condition.anyOf.includes(value);
    case 'multi-enum': {
      if (!Array.isArray(value)) return false;
      return condition.mode === 'all' ? condition.values.every((v) => value.includes(v)) : condition.values.some((v) => value.includes(v));
    }
    case 'long':
      return (
        typeof value === 'number' && (condition.gte === undefined || value >= condition.gte) && (condition.lt === undefined || value < condition.lt)
      );
    case 'boolean':
      return value === condition.value;
  }
};

/** The value kind a schema type indexes: one string, a list of strings, an integer, a boolean. */
export type ValueKind = 's' | 'm' | 'n' | 'b';

export const kindOf = (type: ExtendedCondition['type']): ValueKind =>
  type === 'enum' ? 's' : type === 'multi-enum' ? 'm' : type === 'long' ? 'n' : 'b';

/** Longest enum value that is indexed; longer strings are free text, never an enum value. */
export const MAX_ENUM_LENGTH = 256;

/** The indexable values of one extended-data value, by kind: what a schema of each type would match. */
export const indexedValues = (value: ScalarValue | ScalarValue[]): Array<{ kind: ValueKind; value: string | number | boolean }> => {
  if (Array.isArray(value)) {
    const strings = [...new Set(value.filter((v): v is string => typeof v === 'string' && v.length <= MAX_ENUM_LENGTH))];
    return value.every((v) => typeof v === 'string') ? strings.map((v) => ({ kind: 'm' as const, value: v })) : [];
  }
  if (typeof value === 'string') return value.length <= MAX_ENUM_LENGTH ? [{ kind: 's', value }] : [];
  if (typeof value === 'boolean') return [{ kind: 'b', value }];
  return Number.isSafeInteger(value) ? [{ kind: 'n', value }] : [];
};

/** The text a text schema searches: a string value (other values do not fit the schema and are skipped). */
export const textOf = (value: ScalarValue | ScalarValue[]): string | null => (typeof value === 'string' ? value : null);
