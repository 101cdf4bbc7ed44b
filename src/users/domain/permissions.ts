import type { MarketplaceSettings } from '../../marketplaces/domain/marketplace.events';
import type { Permissions, UserStatus } from './user.events';

const allow = 'permission/allow' as const;
const deny = 'permission/deny' as const;

/**
 * The final rights of a user (the `effectivePermissionSet`): a stored user-level value counts only where the
 * marketplace restricts that right; a user pending approval may neither post listings nor start transactions.
 */
export const effectivePermissions = (state: UserStatus, stored: Permissions, settings: MarketplaceSettings): Permissions => ({
  postListings: state === 'pendingApproval' ? deny : settings.requirePermissionToPostListings ? stored.postListings : allow,
  initiateTransactions: state === 'pendingApproval' ? deny : settings.requirePermissionToInitiateTransactions ? stored.initiateTransactions : allow,
  read: settings.private && settings.requirePermissionToRead ? stored.read : allow,
});
