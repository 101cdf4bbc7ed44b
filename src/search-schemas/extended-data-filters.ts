import { ApiError, ErrorItem, invalidValueItem } from '../shared/api-error';
import type { FieldCondition, SortKey } from '../read-models/document-store.port';
import { paramName, PREFIX_OF, SchemaScope, SearchSchema } from './domain/search-schema';

const invalid = (param: string, details: string): ErrorItem => invalidValueItem([param], 'query', details);

/** The query keys of extended-data filters: `pub_size`, `meta_rank`, `priv_…`, `prot_…`. */
export const EXTENDED_DATA_PREFIXES = Object.values(PREFIX_OF);
export const isExtendedDataParam = (name: string): boolean => EXTENDED_DATA_PREFIXES.some((p) => name.startsWith(p) && name.length > p.length);

const integer = (text: string): number | null => (/^-?\d{1,16}$/.test(text.trim()) && Number.isSafeInteger(Number(text)) ? Number(text) : null);

/** Does a schema's default value satisfy a condition? Then resources lacking the key match too. */
const defaultMatches = (schema: SearchSchema, c: FieldCondition): boolean => {
  const d = schema.default;
  if (d === undefined) return false;
  const values = Array.isArray(d) ? d : [d];
  switch (c.op) {
    case 'eq':
      return values.includes(c.value as never);
    case 'in':
      return values.some((v) => c.values.includes(v));
    case 'all':
      return c.values.every((v) => values.includes(v as never));
    case 'range':
      return typeof d === 'number' && (c.gte === undefined || d >= Number(c.gte)) && (c.lt === undefined || d < Number(c.lt));
  }
};

/** One `pub_KEY=…` value as a condition on the indexed field `pub_KEY`, by the key's schema type. */
const conditionOf = (param: string, schema: SearchSchema, raw: string): FieldCondition | ErrorItem => {
  const field = param;
  const list = (text: string) => text.split(',').map((v) => v.trim()).filter(Boolean);
  switch (schema.type) {
    case 'enum':
      return list(raw).length ? { field, op: 'in', values: list(raw) } : invalid(param, 'Give one or more comma-separated values.');
    case 'multi-enum': {
      const [mode, values] = raw.startsWith('has_any:') ? ['any', list(raw.slice(8))] : raw.startsWith('has_all:') ? ['all', list(raw.slice(8))] : ['all', list(raw)];
      if (values.length === 0) return invalid(param, 'Give one or more comma-separated values, optionally after has_all: or has_any:.');
      return mode === 'any' ? { field, op: 'in', values } : { field, op: 'all', values };
    }
    case 'boolean':
      return raw === 'true' || raw === 'false' ? { field, op: 'eq', value: raw === 'true' } : invalid(param, 'Must be true or false.');
    case 'long': {
      if (!raw.includes(',')) {
        const n = integer(raw);
        return n === null ? invalid(param, 'Must be an integer or a range START,END.') : { field, op: 'eq', value: n };
      }
      const [startText, endText, ...extra] = raw.split(',');
      const gte = startText.trim() === '' ? undefined : integer(startText);
      const lt = endText.trim() === '' ? undefined : integer(endText);
      if (extra.length > 0 || gte === null || lt === null || (gte === undefined && lt === undefined))
        return invalid(param, 'A range is START,END (START inclusive, END exclusive), START, or ,END with integers.');
      return { field, op: 'range', gte, lt };
    }
    case 'text':
      return invalid(param, 'Text attributes are searched with keywords, not filtered.');
  }
};

/**
 * The extended-data filters of a query (`pub_*`, `meta_*`, `priv_*`, `prot_*`), validated against the search
 * schemas: a key without a schema, or in a scope the endpoint does not allow, is a 400 on that parameter.
 */
export const extendedDataConditions = (
  query: Record<string, string>,
  schemas: readonly SearchSchema[],
  scopes: readonly SchemaScope[],
): FieldCondition[] => {
  const errors: ErrorItem[] = [];
  const conditions: FieldCondition[] = [];
  for (const [param, raw] of Object.entries(query)) {
    if (!isExtendedDataParam(param)) continue;
    const schema = schemas.find((s) => paramName(s) === param && scopes.includes(s.scope));
    if (!schema) {
      errors.push(invalid(param, `No search schema defines ${param}: only attributes with a schema can be queried.`));
      continue;
    }
    const condition = conditionOf(param, schema, raw);
    if ('status' in condition) errors.push(condition);
    else conditions.push({ ...condition, ...(defaultMatches(schema, condition) ? { includeMissing: true } : {}) });
  }
  if (errors.length > 0) throw new ApiError(errors);
  return conditions;
};

/**
 * `sort=createdAt,-pub_rank`: up to three keys, descending unless prefixed with `-`; extended-data keys need a
 * `long` schema; resources lacking a value sort last unless the schema has a default.
 */
export const sortKeys = (raw: string | undefined, schemas: readonly SearchSchema[], scopes: readonly SchemaScope[], builtIn: readonly string[] = ['createdAt']): SortKey[] | undefined => {
  if (raw === undefined || raw.trim() === '') return undefined;
  const parts = raw.split(',').map((s) => s.trim());
  if (parts.length > 3 || parts.some((p) => p === '' || p === '-')) throw new ApiError(invalid('sort', 'Give one to three comma-separated sort keys.'));
  return parts.map((part) => {
    const ascending = part.startsWith('-');
    const name = ascending ? part.slice(1) : part;
    const direction = ascending ? ('asc' as const) : ('desc' as const);
    if (builtIn.includes(name)) return { field: name, direction };
    const schema = schemas.find((s) => paramName(s) === name && scopes.includes(s.scope));
    if (!schema || schema.type !== 'long') throw new ApiError(invalid('sort', `${name} cannot be sorted on: sort keys need a long search schema.`));
    return { field: name, direction, ...(typeof schema.default === 'number' ? { missing: schema.default } : {}) };
  });
};
