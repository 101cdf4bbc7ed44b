import { conflict, invalidValue } from '../../shared/api-error';
import type { Decider, DomainEvent } from '../../shared/decider';
import { deepEqual } from '../../shared/resource-diff';
import { isValueOf, KEY_PATTERN, SchemaFor, SchemaScope, SCOPES_OF, SearchSchema } from './search-schema';

export interface SearchSchemasState {
  schemas: SearchSchema[];
}

export type SearchSchemaCommand =
  | { type: 'set'; schema: SearchSchema }
  | { type: 'unset'; schemaFor: SchemaFor; scope: SchemaScope; key: string };

export type SearchSchemaEvent =
  | DomainEvent<'searchSchema/set', { schema: SearchSchema }>
  | DomainEvent<'searchSchema/unset', { schemaFor: SchemaFor; scope: SchemaScope; key: string }>;

/** Schemas change nothing any API resource shows, so their events are internal (never in events/query). */
export const PUBLIC_SEARCH_SCHEMA_EVENTS: ReadonlySet<string> = new Set();

const sameIdentity = (a: Pick<SearchSchema, 'schemaFor' | 'scope' | 'key'>, b: Pick<SearchSchema, 'schemaFor' | 'scope' | 'key'>) =>
  a.schemaFor === b.schemaFor && a.scope === b.scope && a.key === b.key;

const validate = (s: SearchSchema): void => {
  if (!KEY_PATTERN.test(s.key)) throw invalidValue(['key'], 'body', 'A key is 1 to 128 letters, digits, "_" or "-" (top-level keys only).');
  if (!SCOPES_OF[s.schemaFor].includes(s.scope))
    throw invalidValue(['scope'], 'body', `A ${s.schemaFor} schema has scope ${SCOPES_OF[s.schemaFor].join(' or ')}.`);
  if (s.type === 'text' && s.schemaFor !== 'listing') throw invalidValue(['type'], 'body', 'Only listing schemas may have type text.');
  if (s.default !== undefined && (s.type === 'text' || !isValueOf(s.type, s.default)))
    throw invalidValue(['default'], 'body', `The default value is not a ${s.type} value.`);
};

/** One stream per marketplace holds its search schemas: one per (subject, scope, key). */
export const searchSchemaDecider: Decider<SearchSchemaCommand, SearchSchemasState, SearchSchemaEvent> = {
  initialState: () => ({ schemas: [] }),

  evolve: (state, event) => {
    switch (event.type) {
      case 'searchSchema/set':
        return { schemas: [...state.schemas.filter((s) => !sameIdentity(s, event.data.schema)), event.data.schema] };
      case 'searchSchema/unset':
        return { schemas: state.schemas.filter((s) => !sameIdentity(s, event.data)) };
    }
  },

  decide: (command, state) => {
    switch (command.type) {
      case 'set': {
        validate(command.schema);
        const existing = state.schemas.find((s) => sameIdentity(s, command.schema));
        if (existing && deepEqual(existing, command.schema)) return [];
        return [{ type: 'searchSchema/set', data: { schema: command.schema } }];
      }
      case 'unset': {
        const { schemaFor, scope, key } = command;
        if (!state.schemas.some((s) => sameIdentity(s, command)))
          throw conflict('search-schema-not-found', `No ${schemaFor} search schema for ${scope} key ${key}.`);
        return [{ type: 'searchSchema/unset', data: { schemaFor, scope, key } }];
      }
    }
  },
};
