import type { JsonSchema } from '../validation';
import { integer, objectOf, string, uuid, type ResourceSchema } from './resource-schema';

/** `#/components/schemas/<name>`. */
export const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

/** The shapes every answer of the data APIs shares (src/http/envelope.ts, error-envelope.ts, common-params.ts). */
export const ENVELOPE_SCHEMAS: Record<string, JsonSchema> = {
  ResourceRef: objectOf({ id: uuid, type: string }),
  Relationships: {
    type: 'object',
    description: 'One entry per relationship named in `include`: a reference, a list of references or null.',
    additionalProperties: objectOf({ data: { anyOf: [{ type: 'null' }, ref('ResourceRef'), { type: 'array', items: ref('ResourceRef') }] } }),
  },
  PageMeta: {
    type: 'object',
    description: 'Pagination of a query. Past 10,000 matches only the first `paginationLimit` pages can be read; time-based availability queries are one page without totals (`paginationUnsupported`).',
    properties: {
      totalItems: integer,
      totalPages: integer,
      page: integer,
      perPage: integer,
      paginationLimit: integer,
      paginationUnsupported: { type: 'boolean' },
    },
    required: ['page', 'perPage'],
    additionalProperties: false,
  },
  ErrorEnvelope: {
    type: 'object',
    description: 'Every error answer. The Authentication API adds the OAuth2 `error` and `error_description`.',
    properties: {
      errors: {
        type: 'array',
        minItems: 1,
        items: objectOf(
          {
            id: uuid,
            status: { type: 'integer', minimum: 400, maximum: 599 },
            code: { type: 'string', pattern: '^[a-z0-9-]+$', examples: ['validation-missing-key', 'validation-invalid-value', 'validation-disallowed-key', 'not-found', 'forbidden', 'conflict'] },
            title: string,
            details: string,
            source: objectOf({ path: { type: 'array', items: { type: ['string', 'integer'] } }, type: { type: 'string', enum: ['body', 'query', 'header'] } }),
            meta: { type: 'object', additionalProperties: true },
          },
          ['details', 'source', 'meta'],
        ),
      },
      error: string,
      error_description: string,
    },
    required: ['errors'],
    additionalProperties: false,
  },
};

/** A resource type's component: `{id, type, attributes, relationships?}`. */
export const resourceComponent = (resource: ResourceSchema): JsonSchema => ({
  type: 'object',
  ...(resource.description ? { description: resource.description } : {}),
  properties: {
    id: uuid,
    type: { const: resource.type },
    attributes: objectOf(resource.attributes, resource.optional ?? []),
    relationships: ref('Relationships'),
  },
  required: ['id', 'type', 'attributes'],
  additionalProperties: false,
});

/**
 * Any resource of `included`: one of the components of its type when the document has some (chosen by `type`, so
 * a mismatch names the right components), else any `{id, type, attributes}`.
 */
export const includedResource = (resources: ResourceSchema[]): JsonSchema => {
  const byType = new Map<string, string[]>();
  for (const r of resources) byType.set(r.type, [...(byType.get(r.type) ?? []), componentName(r)]);
  return {
    type: 'object',
    properties: { id: uuid, type: string, attributes: { type: 'object', additionalProperties: true }, relationships: ref('Relationships') },
    required: ['id', 'type'],
    allOf: [...byType].map(([type, names]) => ({ if: { properties: { type: { const: type } }, required: ['type'] }, then: names.length === 1 ? ref(names[0]) : { anyOf: names.map(ref) } })),
  };
};

/** The component of a resource view: `Resource.listing`, `Resource.integrationListing`. */
export const componentName = (resource: ResourceSchema) => `Resource.${resource.name}`;

/** A command's `data` without `expand=true`: the reference, with the relationships `include` asked for. */
export const COMMAND_REFERENCE: JsonSchema = objectOf({ id: uuid, type: string, relationships: ref('Relationships') }, ['relationships']);
