import { Injectable, OnModuleInit } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { FileAttachments } from '../../files/file-attachments';
import { LoadContext, RelationshipRegistry } from '../../http/envelope';
import type { Resource } from '../../shared/resource';
import { ImageDirectory } from '../../images/image-directory';
import { MarketplaceDirectory } from '../../marketplaces/marketplace-directory';
import { currentUserView, integrationUser, publicUserView, StoredUser } from '../../users/domain/user.views';
import { FindUserQuery } from '../../users/queries/find-user.query';
import { authorIdOf, imageIdsOf, isLive, protectedAttachmentIdsOf } from '../domain/listing.views';
import { ListingReads } from './listing-reads';

/**
 * The relationships of `ownListing` and `listing`: marketplace, author (the author's own view for an own
 * listing, the public profile otherwise, everything on the Integration API), images, in order, and
 * protectedFileAttachments (the author's and the operator's views only). The stock
 * context registers `currentStock` (src/stock/http/stock.relationships.ts).
 */
@Injectable()
export class ListingsRelationships implements OnModuleInit {
  private readonly users = new WeakMap<object, Map<string, Promise<StoredUser | null>>>();

  constructor(
    private readonly registry: RelationshipRegistry,
    private readonly reads: ListingReads,
    private readonly queries: QueryBus,
    private readonly marketplaces: MarketplaceDirectory,
    private readonly images: ImageDirectory,
    private readonly attachments: FileAttachments,
  ) {}

  onModuleInit(): void {
    for (const type of ['ownListing', 'listing']) {
      this.registry.register(type, 'marketplace', (_r, ctx) => this.marketplaces.resource(ctx.auth.marketplaceId));
      this.registry.register(type, 'author', (r, ctx) => this.author(type, r, ctx));
      this.registry.register(type, 'images', (r, ctx) => this.imagesOf(r, ctx));
      // Protected: the author's ownListing and the operator's listing only, never the public listing.
      this.registry.register(type, 'protectedFileAttachments', async (r, ctx) => {
        if (type === 'listing' && ctx.auth.scope !== 'integ') return [];
        const listing = await this.reads.find(ctx.auth.marketplaceId, r.id, ctx.auth);
        return isLive(listing) ? this.attachments.resources(ctx.auth, protectedAttachmentIdsOf(listing)) : [];
      });
    }
  }

  private async author(type: string, r: Resource, ctx: LoadContext): Promise<Resource | null> {
    const listing = await this.reads.find(ctx.auth.marketplaceId, r.id, ctx.auth);
    const authorId = listing ? authorIdOf(listing) : null;
    if (!authorId) return null;
    const user = await this.user(ctx, authorId);
    if (!user) return null;
    if (type === 'ownListing') return currentUserView(user);
    return ctx.auth.scope === 'integ' ? integrationUser(user) : publicUserView(user);
  }

  /** An author of several listings of the page is read once per request. */
  private user(ctx: LoadContext, userId: string): Promise<StoredUser | null> {
    let users = this.users.get(ctx.auth);
    if (!users) {
      users = new Map();
      this.users.set(ctx.auth, users);
    }
    let user = users.get(userId);
    if (!user) {
      user = this.queries.execute<FindUserQuery, StoredUser | null>(new FindUserQuery(ctx.auth.marketplaceId, { id: userId }));
      users.set(userId, user);
    }
    return user;
  }

  private async imagesOf(r: Resource, ctx: LoadContext): Promise<Resource[]> {
    const listing = await this.reads.find(ctx.auth.marketplaceId, r.id, ctx.auth);
    if (!isLive(listing)) return [];
    const baseUrl = ctx.baseUrl ?? this.images.defaultBaseUrl;
    const images = await Promise.all(imageIdsOf(listing).map((id) => this.images.resource(ctx.auth.marketplaceId, id, ctx.params, baseUrl)));
    return images.filter((i): i is Resource => i !== null);
  }
}
