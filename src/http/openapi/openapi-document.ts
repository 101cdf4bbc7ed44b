import type { EndpointSpec } from '../endpoint.decorators';
import type { JsonSchema } from '../validation';
import type { DeclaredRoute } from './declared-routes';
import { ERROR_ANSWERS, type Operation } from './describe.decorator';
import { dtoSchema, type ParamsClass } from './dto-schema';
import { COMMAND_REFERENCE, componentName, ENVELOPE_SCHEMAS, includedResource, ref, resourceComponent } from './envelope-schemas';
import type { ResourceSchema } from './resource-schema';
import { openApiPath, type RegisteredRoute } from './route-table';

export type OpenApiDocument = JsonSchema & { paths: Record<string, Record<string, JsonSchema>>; components: JsonSchema & { schemas: Record<string, JsonSchema> } };

const TRANSIT = 'application/transit+json';
const JSON_TYPE = 'application/json';

/** Which API a path belongs to: one document, one tag per API (the reference page groups by it). */
const API_TAGS: Array<[prefix: string, tag: string]> = [
  ['/v1/api/', 'Marketplace API'],
  ['/v1/integration_api/', 'Integration API'],
  ['/v1/auth/', 'Authentication API'],
  ['/v1/assets/pub/', 'Asset Delivery API'],
];
const tagOf = (path: string) => API_TAGS.find(([prefix]) => path.startsWith(prefix))?.[1] ?? 'Service';

/** Both wire formats carry the same values: Transit tags UUIDs, keywords, money, locations and instants that JSON writes plainly. */
const bothFormats = (schema: JsonSchema) => ({
  [JSON_TYPE]: { schema },
  [TRANSIT]: { schema, 'x-transit': 'The same value in Transit (transit-json, compact unless X-Transit-Verbose: true); UUIDs (~u), keywords (~:), money (mn), locations (geo) and instants (~m) tagged.' },
});

const queryParam = (name: string, schema: JsonSchema, description: string, required = false) => ({ name, in: 'query', required, description, schema });

/** The conventions every data-API endpoint shares (src/http/common-params.ts). */
const commonParams = (spec: EndpointSpec, types: string[]) => [
  queryParam('include', { type: 'string' }, 'Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant.'),
  ...types.map((type) => queryParam(`fields.${type}`, { type: 'string' }, `Only these attributes of ${type} resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other \`fields.<type>\` too.`)),
  ...(spec.kind === 'command' ? [queryParam('expand', { type: 'string', enum: ['true', 'false', ''] }, 'Answer with the whole resource instead of its reference.')] : []),
  ...(spec.paginated
    ? [
        queryParam('page', { type: 'string', pattern: '^\\d{1,9}$' }, 'The page, from 1.'),
        queryParam('perPage', { type: 'string', pattern: '^\\d{1,9}$' }, 'Results per page, 1 to 100 (default 100).'),
      ]
    : []),
];

/** Builds the document from the declared routes: endpoint specs (parameter classes, returns) and hand-written operations. */
export class OpenApiBuilder {
  private readonly schemas: Record<string, JsonSchema> = { ...ENVELOPE_SCHEMAS };
  private readonly dtoNames = new Map<ParamsClass, string>();
  private readonly resources = new Map<string, ResourceSchema>();
  private readonly paths: Record<string, Record<string, JsonSchema>> = {};

  constructor(private readonly version: string) {}

  build(nest: DeclaredRoute[], raw: RegisteredRoute[]): OpenApiDocument {
    for (const route of nest) {
      const operation = route.spec ? this.endpointOperation(route.path, route.spec) : route.operation;
      if (operation) this.add(route.method, route.path, operation, route.handler);
    }
    for (const route of raw) if (route.operation) this.add(route.method, route.url, route.operation, route.url);
    for (const resource of this.resources.values()) this.schemas[componentName(resource)] = resourceComponent(resource);
    this.schemas.IncludedResource = includedResource([...this.resources.values()]);
    return {
      openapi: '3.1.0',
      info: {
        title: 'Marketplace server APIs',
        version: this.version,
        description: 'The Authentication, Marketplace, Integration and Asset Delivery APIs of this server, as the Sharetribe SDKs call them. Made from the declarations the server validates requests with (docs/openapi.md).',
      },
      tags: [...API_TAGS.map(([, name]) => ({ name })), { name: 'Service', description: 'Health, metrics, the console and the reference itself.' }],
      paths: this.paths,
      components: {
        schemas: this.schemas,
        responses: { Error: { description: 'The error envelope', content: bothFormats(ref('ErrorEnvelope')) } },
        securitySchemes: {
          accessToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'An access token of the Authentication API (POST /v1/auth/token).' },
        },
      },
    };
  }

  private add(method: string, path: string, operation: Operation | JsonSchema, handler: string) {
    const key = openApiPath(path);
    const item = (this.paths[key] ??= {});
    const verb = method.toLowerCase();
    if (item[verb]) throw new Error(`${method} ${key} is declared twice (${handler}).`);
    item[verb] = withPathParams(key, operation);
  }

  private endpointOperation(path: string, spec: EndpointSpec): Operation {
    const byPath = spec.returnsByPath ? Object.entries(spec.returnsByPath).find(([suffix]) => path.endsWith(`/${suffix}`))?.[1] : undefined;
    const returned = byPath ?? (spec.returns ? (Array.isArray(spec.returns) ? (spec.returns as [ResourceSchema])[0] : (spec.returns as ResourceSchema)) : undefined);
    if (returned) this.addResource(returned);
    const query = dtoSchema(spec.query);
    const params = [
      ...Object.entries(query.properties).map(([name, schema]) => queryParam(name, withoutNull(schema), `${name} (${spec.query.name})`, query.required.includes(name))),
      ...(spec.filterPrefixes
        ? [{ name: 'filters', in: 'query', style: 'form', explode: true, description: `Extended-data filters (${spec.filterPrefixes.join(', ')}), by the marketplace's search schemas.`, schema: { type: 'object', propertyNames: { pattern: `^(${spec.filterPrefixes.join('|')})` }, additionalProperties: { type: 'string' } } }]
        : []),
      ...commonParams(spec, returned ? [returned.type] : []),
    ];
    return {
      tags: [tagOf(path)],
      summary: spec.summary ?? path.split('/').slice(-2).join('/'),
      operationId: path.replace(/^\/v1\//, '').replace(/[^A-Za-z0-9]+/g, '.'),
      security: [{ accessToken: [] }],
      'x-scopes': spec.scopes,
      parameters: params,
      ...(spec.body ? { requestBody: this.requestBody(spec.body) } : {}),
      responses: { '200': spec.eventStream ? eventStreamAnswer(returned) : { description: 'OK', content: bothFormats(this.envelope(spec, returned)) }, ...ERROR_ANSWERS },
    };
  }

  private addResource(resource: ResourceSchema) {
    const known = this.resources.get(resource.name);
    if (known && known !== resource) throw new Error(`Two resource schemas are named ${resource.name}: give one a name of its own.`);
    this.resources.set(resource.name, resource);
  }

  private requestBody(body: ParamsClass | 'multipart'): JsonSchema {
    if (body === 'multipart')
      return { required: true, content: { 'multipart/form-data': { schema: { type: 'object', properties: { image: { type: 'string', contentEncoding: 'binary' } }, required: ['image'] } } } };
    return { required: true, content: bothFormats(ref(this.dtoComponent(body))) };
  }

  /** A DTO's component, named by its class (two classes of one name get distinct names). */
  private dtoComponent(dto: ParamsClass): string {
    let name = this.dtoNames.get(dto);
    if (!name) {
      name = dto.name;
      for (let n = 2; this.schemas[name]; n += 1) name = `${dto.name}${n}`;
      this.dtoNames.set(dto, name);
      this.schemas[name] = dtoSchema(dto);
    }
    return name;
  }

  private envelope(spec: EndpointSpec, returned: ResourceSchema | undefined): JsonSchema {
    const one = returned ? ref(componentName(returned)) : { type: 'object', additionalProperties: true };
    const many = spec.paginated || spec.list || Array.isArray(spec.returns);
    const data = spec.kind === 'command' ? { anyOf: [one, COMMAND_REFERENCE] } : many ? { type: 'array', items: one } : one;
    return {
      type: 'object',
      properties: {
        data,
        included: { type: 'array', items: ref('IncludedResource') },
        meta: spec.paginated ? ref('PageMeta') : { type: 'object', additionalProperties: true },
      },
      required: ['data', ...(spec.paginated ? ['meta'] : [])],
      additionalProperties: false,
    };
  }
}

const eventStreamAnswer = (returned: ResourceSchema | undefined) => ({
  description: `Server-sent events until the client leaves; each \`event\` message's \`data\` is one ${returned?.type ?? 'event resource'} as JSON, its \`id\` the sequenceId; an \`end\` message says why the stream ended.`,
  content: { 'text/event-stream': { schema: { type: 'string' }, ...(returned ? { 'x-item-schema': ref(componentName(returned)) } : {}) } },
});

/** Every `{name}` of the path as a required string parameter, unless the operation declares it. */
const withPathParams = (path: string, operation: JsonSchema): JsonSchema => {
  const declared = (operation.parameters as Array<{ name: string; in: string }> | undefined) ?? [];
  const missing = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).filter((name) => !declared.some((p) => p.in === 'path' && p.name === name));
  return missing.length === 0 ? operation : { ...operation, parameters: [...declared, ...missing.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } }))] };
};

/** A query parameter is never null (a query string has no null): the DTO's nullable form without its null. */
const withoutNull = (schema: JsonSchema): JsonSchema => {
  if (Array.isArray(schema.type)) return { ...schema, type: (schema.type as string[]).find((t) => t !== 'null') };
  const choices = schema.anyOf as JsonSchema[] | undefined;
  if (choices?.length === 2 && choices.some((c) => c.type === 'null')) return choices.find((c) => c.type !== 'null')!;
  return schema;
};
