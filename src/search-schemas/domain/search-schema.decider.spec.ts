import { specFor } from '../../../test/support/given-when-then';
import type { SearchSchema } from './search-schema';
import { searchSchemaDecider, SearchSchemaEvent } from './search-schema.decider';

const given = specFor(searchSchemaDecider);
const color: SearchSchema = { schemaFor: 'listing', scope: 'public', key: 'color', type: 'enum' };
const setColor: SearchSchemaEvent = { type: 'searchSchema/set', data: { schema: color } };

describe('search schema decider', () => {
  it('given no schemas, when one is set, then searchSchema/set', () => {
    given([]).when({ type: 'set', schema: color }).then([setColor]);
  });

  it('given a schema, when the same is set again, then nothing', () => {
    given([setColor]).when({ type: 'set', schema: { ...color } }).thenNothing();
  });

  it('given a schema, when its key and scope are set with another type, then it is replaced', () => {
    const next: SearchSchema = { ...color, type: 'multi-enum', default: ['a'] };
    const state = given([setColor, { type: 'searchSchema/set', data: { schema: next } }]).state;
    expect(state.schemas).toEqual([next]);
  });

  it('keeps a listing and a user profile schema with the same key apart', () => {
    const profile: SearchSchema = { ...color, schemaFor: 'userProfile' };
    expect(given([setColor, { type: 'searchSchema/set', data: { schema: profile } }]).state.schemas).toHaveLength(2);
  });

  it('rejects scopes a subject does not have, text for users, bad defaults and dotted keys', () => {
    given([]).when({ type: 'set', schema: { ...color, scope: 'private' } }).thenThrows('validation-invalid-value');
    given([]).when({ type: 'set', schema: { ...color, schemaFor: 'userProfile', type: 'text' } }).thenThrows('validation-invalid-value');
    given([]).when({ type: 'set', schema: { ...color, type: 'long', default: 'x' } }).thenThrows('validation-invalid-value');
    given([]).when({ type: 'set', schema: { ...color, key: 'a.b' } }).thenThrows('validation-invalid-value');
  });

  it('given a schema, when unset, then searchSchema/unset; unsetting a missing one is a conflict', () => {
    given([setColor])
      .when({ type: 'unset', schemaFor: 'listing', scope: 'public', key: 'color' })
      .then([{ type: 'searchSchema/unset', data: { schemaFor: 'listing', scope: 'public', key: 'color' } }]);
    given([]).when({ type: 'unset', schemaFor: 'listing', scope: 'public', key: 'color' }).thenThrows('search-schema-not-found');
  });
});
