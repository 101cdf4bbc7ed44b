import fc from 'fast-check';

type Schema = Record<string, any>;

/**
 * A fast-check arbitrary of the values a JSON Schema (2020-12, as the API description writes them) accepts: the
 * generator behind test/openapi-fuzz.e2e.spec.ts. Strings are kept short and lists small: the fuzzer looks for
 * answers outside the contract (5xx, errors outside the envelope), not for the limits of the parser.
 */
export const arbitraryOf = (schema: Schema, resolve: (ref: string) => Schema, depth = 0): fc.Arbitrary<unknown> => {
  if (schema.$ref) return arbitraryOf(resolve(schema.$ref), resolve, depth);
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...(schema.enum as unknown[]));
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...(choices as Schema[]).map((s) => arbitraryOf(s, resolve, depth)));
  if (Array.isArray(schema.type)) return fc.oneof(...(schema.type as string[]).map((type) => arbitraryOf({ ...schema, type }, resolve, depth)));
  switch (schema.type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1_000_000, max: schema.maximum ?? 1_000_000 });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true, noDefaultInfinity: true });
    case 'string':
      return stringOf(schema);
    case 'array':
      return fc.array(arbitraryOf(schema.items ?? {}, resolve, depth + 1), { maxLength: Math.min(schema.maxItems ?? 3, 3) });
    case 'object':
      return objectOf(schema, resolve, depth);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
};

const stringOf = (schema: Schema): fc.Arbitrary<string> => {
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'date-time') return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'uri') return fc.webUrl();
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= (schema.maxLength ?? 200));
  return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 40) });
};

const objectOf = (schema: Schema, resolve: (ref: string) => Schema, depth: number): fc.Arbitrary<unknown> => {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  if (Object.keys(properties).length === 0) return depth > 2 ? fc.constant({}) : fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 });
  const record = Object.fromEntries(Object.entries(properties).map(([key, s]) => [key, arbitraryOf(s, resolve, depth + 1)]));
  return fc.record(record, { requiredKeys: (schema.required ?? []) as string[] });
};
