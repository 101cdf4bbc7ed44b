import { Inject, Injectable } from '@nestjs/common';
import { DOCUMENTS, type DocumentStore, type FieldCondition } from '../../read-models/document-store.port';
import type { StoredFile } from '../domain/file.views';
import { FILES } from '../files.projection';

/** Queries of the files read model (Integration API files/query), newest first. */
@Injectable()
export class FileReads {
  constructor(@Inject(DOCUMENTS) private readonly documents: DocumentStore) {}

  query(marketplaceId: string, filter: { userId?: string; states?: string[] }, page: { page: number; perPage: number }) {
    const where: FieldCondition[] = [];
    if (filter.userId) where.push({ field: 'ownerId', op: 'eq', value: filter.userId });
    if (filter.states) where.push({ field: 'state', op: 'in', values: filter.states });
    return this.documents.query<StoredFile>(FILES, {
      marketplaceId,
      where,
      sort: [{ field: 'createdAt', direction: 'desc' }],
      offset: (page.page - 1) * page.perPage,
      limit: page.perPage,
    });
  }
}
