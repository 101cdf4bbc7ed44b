import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { RelationshipRegistry } from '../../http/envelope';
import { DOCUMENTS, type DocumentStore } from '../../read-models/document-store.port';
import { MarketplaceDirectory } from '../../marketplaces/marketplace-directory';
import { effectivePermissionSet, StoredUser } from '../domain/user.views';
import { USERS } from '../users.projection';

/** The relationships of user resources that `include` can resolve. */
@Injectable()
export class UsersRelationships implements OnModuleInit {
  constructor(
    private readonly registry: RelationshipRegistry,
    private readonly marketplaces: MarketplaceDirectory,
    @Inject(DOCUMENTS) private readonly documents: DocumentStore,
  ) {}

  onModuleInit(): void {
    for (const type of ['user', 'currentUser']) {
      this.registry.register(type, 'marketplace', (_r, ctx) => this.marketplaces.resource(ctx.auth.marketplaceId));
    }
    this.registry.register('currentUser', 'effectivePermissionSet', async (r, ctx) => {
      const [user, marketplace] = await Promise.all([
        this.documents.get<StoredUser>(USERS, ctx.auth.marketplaceId, r.id),
        this.marketplaces.state(ctx.auth.marketplaceId),
      ]);
      return user ? effectivePermissionSet(user, marketplace.settings) : null;
    });
  }
}
