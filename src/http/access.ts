import { SetMetadata } from '@nestjs/common';
import type { AuthContext } from '../auth/auth-context';

/**
 * What a Marketplace API endpoint demands of its caller beyond the token's scope:
 * - read: may view listings and profiles (private marketplaces);
 * - postListings: may create or publish listings;
 * - initiateTransactions: may start transactions;
 * - approvedUser: the user is not waiting for approval (editing own listings, availability, stock).
 */
export type AccessRequirement = 'read' | 'postListings' | 'initiateTransactions' | 'approvedUser';

export const ACCESS_REQUIREMENTS = 'access-requirements';
export const Requires = (...requirements: AccessRequirement[]) => SetMetadata(ACCESS_REQUIREMENTS, requirements);

/** Checks a caller against user states, permissions and marketplace settings (implemented by the users context). */
export interface AccessPolicy {
  /** Throws 401 for a user token whose user is gone or banned, 403 with the spec's code for a denied requirement. */
  check(auth: AuthContext, requirements: readonly AccessRequirement[]): Promise<void>;
}

export const ACCESS_POLICY = 'AccessPolicy';
