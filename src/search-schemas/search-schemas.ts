import { Inject, Injectable } from '@nestjs/common';
import { DOCUMENTS, type DocumentStore } from '../read-models/document-store.port';
import type { SchemaFor, SearchSchema } from './domain/search-schema';
import { SEARCH_SCHEMAS } from './search-schemas.projection';

/** Reads a marketplace's search schemas (listings/query, users/query, the CLI). */
@Injectable()
export class SearchSchemas {
  constructor(@Inject(DOCUMENTS) private readonly documents: DocumentStore) {}

  /** The schemas of one subject, in the order they were first set. */
  async list(marketplaceId: string, schemaFor: SchemaFor): Promise<SearchSchema[]> {
    const all = (await this.documents.get<SearchSchema[]>(SEARCH_SCHEMAS, marketplaceId, marketplaceId)) ?? [];
    return all.filter((s) => s.schemaFor === schemaFor);
  }
}
