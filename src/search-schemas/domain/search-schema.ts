/**
 * Search schemas: which top-level extended-data keys are queryable, with which type. One set per marketplace,
 * for listings and for user profiles.
 */
export type SchemaFor = 'listing' | 'userProfile';
export type SchemaScope = 'public' | 'metadata' | 'private' | 'protected';
export type SchemaType = 'enum' | 'multi-enum' | 'boolean' | 'long' | 'text';
export type SchemaValue = string | number | boolean | string[];

export interface SearchSchema {
  schemaFor: SchemaFor;
  scope: SchemaScope;
  key: string;
  type: SchemaType;
  /** Resources lacking the key are matched (and sorted) as if they had this value. */
  default?: SchemaValue;
  doc?: string;
}

export const SCHEMA_FOR: readonly SchemaFor[] = ['listing', 'userProfile'];
export const SCHEMA_TYPES: readonly SchemaType[] = ['enum', 'multi-enum', 'boolean', 'long', 'text'];

/** Scopes per subject: listings have public data and metadata; profiles also private and protected data. */
export const SCOPES_OF: Record<SchemaFor, readonly SchemaScope[]> = {
  listing: ['public', 'metadata'],
  userProfile: ['public', 'private', 'protected', 'metadata'],
};

/** Query-parameter prefix of each scope: `pub_color`, `meta_rank`, `priv_…`, `prot_…`. */
export const PREFIX_OF: Record<SchemaScope, string> = { public: 'pub_', metadata: 'meta_', private: 'priv_', protected: 'prot_' };

/** The extended-data attribute a scope reads. */
export const DATA_KEY_OF: Record<SchemaScope, 'publicData' | 'metadata' | 'privateData' | 'protectedData'> = {
  public: 'publicData',
  metadata: 'metadata',
  private: 'privateData',
  protected: 'protectedData',
};

/** The name a schema is queried by: `pub_color`. */
export const paramName = (s: Pick<SearchSchema, 'scope' | 'key'>): string => PREFIX_OF[s.scope] + s.key;

/** Only top-level keys have schemas; a dot would be read as a path by the search engines. */
export const KEY_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;

const isInteger = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);

/** Is `value` a value of `type` as stored in extended data? (Values of another type are not indexed.) */
export const isValueOf = (type: SchemaType, value: unknown): boolean => {
  switch (type) {
    case 'enum':
    case 'text':
      return typeof value === 'string';
    case 'multi-enum':
      return Array.isArray(value) && value.every((v) => typeof v === 'string');
    case 'long':
      return isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
  }
};

/**
 * Parses a default value given as text (the CLI's `--default`): `true`/`false` for booleans, an integer for
 * longs, a comma-separated list for multi-enums. Returns an error message for a value that does not fit.
 */
export const parseDefault = (type: SchemaType, text: string): SchemaValue | { error: string } => {
  switch (type) {
    case 'boolean':
      return text === 'true' ? true : text === 'false' ? false : { error: 'a boolean default must be true or false' };
    case 'long': {
      const n = Number(text);
      return /^-?\d+$/.test(text.trim()) && Number.isSafeInteger(n) ? n : { error: 'a long default must be an integer' };
    }
    case 'multi-enum':
      return text
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    case 'enum':
      return text;
    case 'text':
      return { error: 'text schemas take no default value' };
  }
};
