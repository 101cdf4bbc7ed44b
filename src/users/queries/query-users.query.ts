import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DOCUMENTS, type DocumentStore, type FieldCondition, type QueryResult, type SortKey } from '../../read-models/document-store.port';
import type { StoredUser } from '../domain/user.views';
import { USERS } from '../users.projection';

export class QueryUsersQuery {
  constructor(
    readonly marketplaceId: string,
    readonly filters: { createdAtStart?: string; createdAtEnd?: string; where: FieldCondition[]; sort?: SortKey[] },
    readonly page: { offset: number; limit: number },
  ) {}
}

/** Users of one marketplace from the read model; deleted users are not listed. */
@QueryHandler(QueryUsersQuery)
export class QueryUsersHandler implements IQueryHandler<QueryUsersQuery, QueryResult<StoredUser>> {
  constructor(@Inject(DOCUMENTS) private readonly documents: DocumentStore) {}

  execute({ marketplaceId, filters, page }: QueryUsersQuery): Promise<QueryResult<StoredUser>> {
    return this.documents.query<StoredUser>(USERS, {
      marketplaceId,
      createdAtStart: filters.createdAtStart,
      createdAtEnd: filters.createdAtEnd,
      where: [{ field: 'deleted', op: 'eq', value: false }, ...filters.where],
      sort: filters.sort,
      offset: page.offset,
      limit: page.limit,
    });
  }
}
