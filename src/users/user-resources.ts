import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { Resource } from '../shared/resource';
import { notFound } from '../shared/api-error';
import { currentUserView, integrationUser, publicUserView, StoredUser } from './domain/user.views';
import { FindUserQuery } from './queries/find-user.query';

/** The user views controllers answer with, from the users read model. */
@Injectable()
export class UserResources {
  constructor(private readonly queries: QueryBus) {}

  find(marketplaceId: string, by: { id: string } | { email: string }): Promise<StoredUser | null> {
    return this.queries.execute<FindUserQuery, StoredUser | null>(new FindUserQuery(marketplaceId, by));
  }

  /** The caller's own view; a deleted user still answers (deleted: true) right after current_user/delete. */
  async currentUser(marketplaceId: string, userId: string): Promise<Resource> {
    const user = await this.find(marketplaceId, { id: userId });
    if (!user) throw notFound('No such user.');
    return currentUserView(user);
  }

  async publicUser(marketplaceId: string, userId: string): Promise<Resource | null> {
    const user = await this.find(marketplaceId, { id: userId });
    return user ? publicUserView(user) : null;
  }

  /** The Integration API view; 404 for an unknown id (and for deleted users, which it can no longer act on). */
  async integrationUser(marketplaceId: string, by: { id: string } | { email: string }): Promise<Resource> {
    const user = await this.find(marketplaceId, by);
    if (!user) throw notFound('No such user.');
    return integrationUser(user);
  }
}
