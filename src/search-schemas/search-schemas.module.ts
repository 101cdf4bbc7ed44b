import { Module } from '@nestjs/common';
import { SetSearchSchemaHandler, UnsetSearchSchemaHandler } from './commands/search-schema.handlers';
import { SearchSchemas } from './search-schemas';
import { SearchSchemasOperatorController } from './http/search-schemas.operator.controller';

/** Extended-data search schemas: set by the operator CLI, read by listings/query, users/query and x-search-schemas/query. */
@Module({
  controllers: [SearchSchemasOperatorController],
  providers: [SearchSchemas, SetSearchSchemaHandler, UnsetSearchSchemaHandler],
  exports: [SearchSchemas],
})
export class SearchSchemasModule {}
