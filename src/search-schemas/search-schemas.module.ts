import { Module } from '@nestjs/common';
import { SetSearchSchemaHandler, UnsetSearchSchemaHandler } from './commands/search-schema.handlers';
import { SearchSchemas } from './search-schemas';

/** Extended-data search schemas: set by the operator CLI, read by listings/query and users/query. */
@Module({
  providers: [SearchSchemas, SetSearchSchemaHandler, UnsetSearchSchemaHandler],
  exports: [SearchSchemas],
})
export class SearchSchemasModule {}
