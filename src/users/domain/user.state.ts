import type { IdentityProviderLink, Permissions, Profile, UserStatus } from './user.events';

export interface UserState {
  exists: boolean;
  deleted: boolean;
  id: string | null;
  marketplaceId: string | null;
  email: string | null;
  pendingEmail: string | null;
  emailVerified: boolean;
  passwordHash: string | null;
  state: UserStatus;
  profile: Profile;
  profileImageId: string | null;
  permissions: Permissions;
  identityProviders: IdentityProviderLink[];
  /** Has a payment (payout) account (set by the payments context). */
  stripeConnected: boolean;
  createdAt: string | null;
  /** Outstanding email verification requests (digests of the mailed tokens). */
  verificationRequests: Array<{ tokenHash: string; email: string; expiresAt: string }>;
  /** Outstanding password reset requests; a password change ends them all. */
  resetRequests: Array<{ tokenHash: string; expiresAt: string }>;
  /**
   * How many times the user's sessions were revoked: a session started at an earlier epoch is void, unless it is
   * `keptSessionId` (the one the last password change came from).
   */
  sessionEpoch: number;
  keptSessionId: string | null;
}

export const DEFAULT_PERMISSIONS: Permissions = {
  postListings: 'permission/allow',
  initiateTransactions: 'permission/allow',
  read: 'permission/allow',
};

export const emptyProfile = (): Profile => ({
  firstName: '',
  lastName: '',
  displayName: null,
  bio: null,
  publicData: {},
  protectedData: {},
  privateData: {},
  metadata: {},
});

export const initialUserState = (): UserState => ({
  exists: false,
  deleted: false,
  id: null,
  marketplaceId: null,
  email: null,
  pendingEmail: null,
  emailVerified: false,
  passwordHash: null,
  state: 'active',
  profile: emptyProfile(),
  profileImageId: null,
  permissions: DEFAULT_PERMISSIONS,
  identityProviders: [],
  stripeConnected: false,
  createdAt: null,
  verificationRequests: [],
  resetRequests: [],
  sessionEpoch: 0,
  keptSessionId: null,
});

/** A login session of this user that may still be used: the user is live and the session not revoked with others. */
export const acceptsSession = (state: UserState, session: { sessionId: string | null; userEpoch: number }): boolean =>
  state.exists &&
  !state.deleted &&
  state.state !== 'banned' &&
  (session.userEpoch >= state.sessionEpoch || (session.sessionId !== null && session.sessionId === state.keptSessionId));

const firstChar = (s: string): string => Array.from(s.trim())[0] ?? '';

/** "Jane Doe" → "Jane D": the platform's default display name. */
export const defaultDisplayName = (p: Pick<Profile, 'firstName' | 'lastName'>): string =>
  [p.firstName.trim(), firstChar(p.lastName)].filter(Boolean).join(' ');

/** "Jane Doe" → "JD". */
export const abbreviatedName = (p: Pick<Profile, 'firstName' | 'lastName'>): string => firstChar(p.firstName) + firstChar(p.lastName);

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();
