import { Inject, Injectable } from '@nestjs/common';
import type { AuthContext } from '../../auth/auth-context';
import { isUserScope } from '../../auth/auth-context';
import type { AccessPolicy, AccessRequirement } from '../../http/access';
import { DOCUMENTS, type DocumentStore } from '../../read-models/document-store.port';
import { MarketplaceDirectory } from '../../marketplaces/marketplace-directory';
import { apiError, forbidden } from '../../shared/api-error';
import { effectivePermissions } from '../domain/permissions';
import type { Permissions, UserStatus } from '../domain/user.events';
import type { StoredUser } from '../domain/user.views';
import { USERS } from '../users.projection';

const DENIED: Record<Exclude<AccessRequirement, 'approvedUser'>, string> = {
  read: 'permission-denied-read',
  postListings: 'permission-denied-post-listings',
  initiateTransactions: 'permission-denied-initiate-transactions',
};

/** The shared guard of user states and permissions, for every Marketplace API endpoint that declares @Requires. */
@Injectable()
export class UserAccessPolicy implements AccessPolicy {
  constructor(
    @Inject(DOCUMENTS) private readonly documents: DocumentStore,
    private readonly marketplaces: MarketplaceDirectory,
  ) {}

  async check(auth: AuthContext, requirements: readonly AccessRequirement[]): Promise<void> {
    if (auth.scope === 'integ') return;
    // Both reads at once: on PostgreSQL each is a round trip, and every request that declares @Requires waited for two.
    const [user, marketplace] = await Promise.all([
      isUserScope(auth.scope) ? this.documents.get<StoredUser>(USERS, auth.marketplaceId, auth.userId!) : null,
      requirements.length > 0 ? this.marketplaces.state(auth.marketplaceId) : null,
    ]);
    const attributes = user?.attributes as { deleted: boolean; state: UserStatus; permissions: Permissions } | undefined;
    // A deleted or banned user's tokens are void: 401 makes the SDK try its refresh token, which fails too, so the
    // client ends up anonymous, which is what such a user is.
    if (isUserScope(auth.scope) && (!attributes || attributes.deleted || attributes.state === 'banned'))
      throw apiError(401, 'auth-invalid-access-token', 'The user of this token no longer has access.');
    if (!marketplace) return;
    const { settings } = marketplace;
    for (const requirement of requirements) {
      if (!attributes) {
        // Anonymous callers may read public marketplaces; everything else needs a user anyway (scope check).
        if (requirement === 'read' && settings.private) throw forbidden('This marketplace is private: sign in first.', 'forbidden');
        continue;
      }
      const pending = attributes.state === 'pendingApproval';
      if (requirement === 'approvedUser' || requirement === 'postListings') {
        if (pending) throw forbidden('The user is waiting for approval.', 'user-pending-approval');
      }
      if (requirement === 'initiateTransactions' && pending) throw forbidden('The user is waiting for approval.', 'permission-denied-pending-approval');
      if (requirement === 'read' && pending && settings.private) throw forbidden('The user is waiting for approval.', 'user-pending-approval');
      if (requirement === 'approvedUser') continue;
      const effective = effectivePermissions(attributes.state, attributes.permissions, settings);
      if (effective[requirement] === 'permission/deny') throw forbidden(`The user may not ${requirement}.`, DENIED[requirement]);
    }
  }
}
