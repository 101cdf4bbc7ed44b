import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DOCUMENTS, type DocumentStore } from '../../read-models/document-store.port';
import { normalizeEmail } from '../domain/user.state';
import type { StoredUser } from '../domain/user.views';
import { USERS } from '../users.projection';

export class FindUserQuery {
  constructor(
    readonly marketplaceId: string,
    readonly by: { id: string } | { email: string },
  ) {}
}

/** One user from the users read model, by id or by (case-insensitive) email, within one marketplace. */
@QueryHandler(FindUserQuery)
export class FindUserHandler implements IQueryHandler<FindUserQuery, StoredUser | null> {
  constructor(@Inject(DOCUMENTS) private readonly documents: DocumentStore) {}

  execute({ marketplaceId, by }: FindUserQuery): Promise<StoredUser | null> {
    return 'id' in by
      ? this.documents.get<StoredUser>(USERS, marketplaceId, by.id)
      : this.documents.getByKey<StoredUser>(USERS, marketplaceId, `email:${normalizeEmail(by.email)}`);
  }
}
