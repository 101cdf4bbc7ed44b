import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { MONEY_SCHEMA } from '../src/http/validation';
import { arbitraryOf } from './support/schema-arbitrary';

/** The fuzzer's generator makes only values its schema accepts (so a 4xx it provokes is the server's choice, not noise). */
describe('arbitraryOf: JSON Schema → fast-check arbitrary', () => {
  const ajv = addFormats(new Ajv2020({ strict: false }));
  const components: Record<string, object> = { Money: MONEY_SCHEMA };
  const resolve = (ref: string) => components[ref.split('/').pop()!] as Record<string, unknown>;

  it.each([
    ['a UUID', { type: 'string', format: 'uuid' }],
    ['an instant', { type: 'string', format: 'date-time' }],
    ['a nullable enum', { type: ['string', 'null'], enum: ['a', 'b', null] }],
    ['a bounded string', { type: 'string', minLength: 2, maxLength: 5 }],
    ['a pattern', { type: 'string', pattern: '^\\d{1,9}$' }],
    ['an object with required keys', { type: 'object', properties: { id: { type: 'integer', minimum: 0 }, note: { type: 'string' } }, required: ['id'], additionalProperties: false }],
    ['a reference', { $ref: '#/components/schemas/Money' }],
    ['a choice', { anyOf: [{ type: 'boolean' }, { type: 'array', items: { type: 'number' }, maxItems: 2 }] }],
  ] as Array<[string, Record<string, unknown>]>)('generates only values that %s schema accepts', (_name, schema) => {
    const validate = ajv.compile(schema.$ref ? MONEY_SCHEMA : schema);
    fc.assert(fc.property(arbitraryOf(schema, resolve), (value) => validate(value)), { numRuns: 200, seed: 1 });
  });
});
