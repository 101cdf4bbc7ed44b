import { Controller } from '@nestjs/common';
import { IsDefined, IsIn } from 'class-validator';
import { Api, ApiRequest } from '../../http/api-request';
import { ApiQuery, INTEGRATION_TOKEN } from '../../http/endpoint.decorators';
import { Responder } from '../../http/responder';
import { queryOf } from '../../http/endpoint-params';
import { enumOf, resourceSchema, string, anything } from '../../http/openapi/resource-schema';
import { uuidNamedBy } from '../../shared/ids';
import { SCHEMA_FOR, type SchemaFor } from '../domain/search-schema';
import { SearchSchemas } from '../search-schemas';

export const SEARCH_SCHEMA_SCHEMA = resourceSchema(
  'searchSchema',
  { schemaFor: enumOf('listing', 'userProfile'), scope: enumOf('public', 'metadata', 'private', 'protected'), key: string, type: enumOf('enum', 'multi-enum', 'boolean', 'long', 'text'), default: anything, doc: string },
  { optional: ['default', 'doc'] },
);

export class SearchSchemasQuery {
  @IsDefined() @IsIn(SCHEMA_FOR as SchemaFor[]) schemaFor!: SchemaFor;
}

/**
 * x-search-schemas/query: the marketplace's extended-data search schemas of listings or user profiles (set with the
 * CLI's `search-schema set`), so a client, such as the operator console, can offer a filter for each key that
 * users/query and listings/query take (`pub_`, `meta_`, `priv_`, `prot_`). Read-only.
 */
@Controller('v1/integration_api/x-search-schemas')
export class SearchSchemasOperatorController {
  constructor(
    private readonly schemas: SearchSchemas,
    private readonly respond: Responder,
  ) {}

  @ApiQuery('query', INTEGRATION_TOKEN, { query: SearchSchemasQuery, returns: [SEARCH_SCHEMA_SCHEMA], summary: 'The extended-data keys users/query or listings/query filter on' })
  async query(@Api() api: ApiRequest) {
    const { schemaFor } = queryOf(api, SearchSchemasQuery);
    const schemas = await this.schemas.list(api.auth.marketplaceId, schemaFor);
    const resources = schemas.map((s) => ({ id: uuidNamedBy(`search-schema/${s.schemaFor}/${s.scope}/${s.key}`), type: 'searchSchema', attributes: { ...s } }));
    return this.respond.many(api, resources, { totalItems: resources.length, totalPages: 1, page: 1, perPage: Math.max(1, resources.length) });
  }
}
