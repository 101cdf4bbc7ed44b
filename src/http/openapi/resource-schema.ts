import { LAT_LNG_SCHEMA, MONEY_SCHEMA, TIMESTAMP_SCHEMA, UUID_SCHEMA, type JsonSchema } from '../validation';

/**
 * A resource type's answer shape, declared beside its view (`src/listings/http/listing.schema.ts`) and named by
 * the endpoints that return it (`returns:`). Attributes are described as the full view returns them; `fields.*`
 * may leave any of them out, which the document says on the `fields` parameters.
 */
export interface ResourceSchema {
  /** The resource type (`listing`), the `type` of every such resource. */
  type: string;
  /** The component's name, where one type has several views (the Integration API's `listing` has private data). */
  name: string;
  attributes: Record<string, JsonSchema>;
  /** Attributes a view may leave out (the rest are always present in a full view). */
  optional?: readonly string[];
  description?: string;
}

export const resourceSchema = (type: string, attributes: Record<string, JsonSchema>, options: Partial<Pick<ResourceSchema, 'name' | 'optional' | 'description'>> = {}): ResourceSchema => ({
  type,
  name: options.name ?? type,
  attributes,
  ...options,
});

/** Building blocks for attribute schemas, as the JSON form writes the values (Transit tags them instead). */
export const string: JsonSchema = { type: 'string' };
export const integer: JsonSchema = { type: 'integer' };
export const number: JsonSchema = { type: 'number' };
export const boolean: JsonSchema = { type: 'boolean' };
export const uuid = UUID_SCHEMA;
export const timestamp = TIMESTAMP_SCHEMA;
export const money = MONEY_SCHEMA;
export const latLng = LAT_LNG_SCHEMA;
export const extendedData: JsonSchema = { type: 'object', additionalProperties: true };
/** Any JSON value: for parts whose shape is the caller's (a process's protected data) or another document's. */
export const anything: JsonSchema = {};
export const enumOf = (...values: string[]): JsonSchema => ({ type: 'string', enum: values });
export const arrayOf = (items: JsonSchema): JsonSchema => ({ type: 'array', items });
export const objectOf = (properties: Record<string, JsonSchema>, optional: readonly string[] = []): JsonSchema => ({
  type: 'object',
  properties,
  required: Object.keys(properties).filter((k) => !optional.includes(k)),
  additionalProperties: false,
});
/** The schema or null (an enum lists null among its values too, as JSON Schema requires). */
export const nullable = (schema: JsonSchema): JsonSchema =>
  typeof schema.type === 'string'
    ? { ...schema, type: [schema.type, 'null'], ...(Array.isArray(schema.enum) ? { enum: [...(schema.enum as unknown[]), null] } : {}) }
    : { anyOf: [schema, { type: 'null' }] };
