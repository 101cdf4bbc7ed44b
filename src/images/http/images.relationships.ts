import { Injectable, OnModuleInit } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { RelationshipRegistry } from '../../http/envelope';
import { idString } from '../../shared/resource';
import type { StoredUser } from '../../users/domain/user.views';
import { FindUserQuery } from '../../users/queries/find-user.query';
import { ImageDirectory } from '../image-directory';

/**
 * `profileImage` of `user` and `currentUser`: the image id the stored user refers to, as an image resource with
 * the variants the request asks for. Banned and deleted users show none to other users, as they show no profile.
 */
@Injectable()
export class ImagesRelationships implements OnModuleInit {
  constructor(
    private readonly registry: RelationshipRegistry,
    private readonly images: ImageDirectory,
    private readonly queries: QueryBus,
  ) {}

  onModuleInit(): void {
    for (const type of ['user', 'currentUser']) {
      this.registry.register(type, 'profileImage', async (r, ctx) => {
        const marketplaceId = ctx.auth.marketplaceId;
        const user = await this.queries.execute<FindUserQuery, StoredUser | null>(new FindUserQuery(marketplaceId, { id: r.id }));
        const ref = user?.relationships?.profileImage?.data;
        if (!user || !ref) return null;
        const hidden = type === 'user' && ctx.auth.scope !== 'integ' && (user.attributes.deleted || user.attributes.banned);
        if (hidden) return null;
        return this.images.resource(marketplaceId, idString(ref.id), ctx.params, ctx.baseUrl ?? this.images.defaultBaseUrl);
      });
    }
  }
}
