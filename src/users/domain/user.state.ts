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
});

const firstChar = (s: string): string => Array.from(s.trim())[0] ?? '';

/** "Jane Doe" → "Jane D": the platform's default display name. */
export const defaultDisplayName = (p: Pick<Profile, 'firstName' | 'lastName'>): string =>
  [p.firstName.trim(), firstChar(p.lastName)].filter(Boolean).join(' ');

/** "Jane Doe" → "JD". */
export const abbreviatedName = (p: Pick<Profile, 'firstName' | 'lastName'>): string => firstChar(p.firstName) + firstChar(p.lastName);

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();
