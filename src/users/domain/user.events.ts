import type { DomainEvent } from '../../shared/decider';

export type UserStatus = 'active' | 'pendingApproval' | 'banned';
export type PermissionValue = 'permission/allow' | 'permission/deny';
export interface Permissions {
  postListings: PermissionValue;
  initiateTransactions: PermissionValue;
  read: PermissionValue;
}

export interface IdentityProviderLink {
  idpId: string;
  userId: string;
}

export interface Profile {
  firstName: string;
  lastName: string;
  /** Explicit display name; null means "first name + initial of last name". */
  displayName: string | null;
  bio: string | null;
  publicData: Record<string, unknown>;
  protectedData: Record<string, unknown>;
  privateData: Record<string, unknown>;
  metadata: Record<string, unknown>;
}

export interface UserCreatedData {
  userId: string;
  marketplaceId: string;
  email: string;
  /** argon2 hash; null for a user created through an identity provider without a password. */
  passwordHash: string | null;
  profile: Profile;
  state: UserStatus;
  emailVerified: boolean;
  identityProviders: IdentityProviderLink[];
  permissions: Permissions;
  createdAt: string;
}

/** The attributes a `user/updated` event can carry; only the changed ones are present. */
export interface UserChanges {
  profile?: Partial<Profile>;
  profileImageId?: string | null;
  email?: string;
  pendingEmail?: string | null;
  emailVerified?: boolean;
  state?: UserStatus;
  permissions?: Partial<Permissions>;
  identityProviders?: IdentityProviderLink[];
  /** Whether the user has a payment (payout) account: the SDK's `stripeConnected`, the spec's `payConnected`. */
  stripeConnected?: boolean;
}

export type UserEvent =
  | DomainEvent<'user/created', UserCreatedData>
  | DomainEvent<'user/updated', UserChanges>
  | DomainEvent<'user/deleted', { deletedAt: string }>
  // Internal events change nothing any API shows, so events/query never lists them.
  | DomainEvent<'user/password-changed', { passwordHash: string }>
  /**
   * The user's login sessions started before it end (their refresh tokens, their token exchanges), except
   * `keptSessionId`: the session that changed the password keeps working; a reset keeps none (RFC 9700 §4.14.2).
   */
  | DomainEvent<'user/sessions-revoked', { keptSessionId: string | null }>
  /**
   * Only a digest of the token is kept; the token itself travels only in the mail, where the mail reactor derives
   * it from `tokenNonce` with the server's secret (events stored before nonces existed have none).
   */
  | DomainEvent<'user/email-verification-requested', { tokenHash: string; tokenNonce?: string; email: string; expiresAt: string }>
  /** `email`: the address the reset was asked for, where the link goes (a pending new address finds the user too). */
  | DomainEvent<'user/password-reset-requested', { tokenHash: string; tokenNonce?: string; email?: string; expiresAt: string }>;

/** A mailed secret as the decider sees it: its digest (kept) and the nonce it is derived from. */
export interface MailedToken {
  hash: string;
  nonce: string;
}

export const PUBLIC_USER_EVENTS = new Set(['user/created', 'user/updated', 'user/deleted']);
