import type { Resource } from '../../shared/resource';
import { Uuid } from '../../shared/values';
import type { MarketplaceSettings } from '../../marketplaces/domain/marketplace.events';
import { effectivePermissions } from './permissions';
import { abbreviatedName, defaultDisplayName, UserState } from './user.state';

/**
 * The user as the Integration API shows it: every attribute, plus its to-one relationships as references.
 * This is what `user/*` events carry as `resource` and what the users read model stores.
 */
export interface StoredUser {
  id: Uuid;
  type: 'user';
  attributes: Record<string, unknown>;
  relationships: Record<string, { data: { id: Uuid; type: string } | null }>;
}

export const storedUser = (s: UserState): StoredUser => {
  const p = s.profile;
  return {
    id: new Uuid(s.id!),
    type: 'user',
    attributes: {
      banned: s.state === 'banned',
      deleted: s.deleted,
      state: s.state,
      createdAt: new Date(s.createdAt!),
      email: s.email,
      emailVerified: s.emailVerified,
      pendingEmail: s.pendingEmail,
      stripeConnected: s.stripeConnected ?? false,
      identityProviders: s.identityProviders,
      profile: {
        firstName: p.firstName,
        lastName: p.lastName,
        displayName: p.displayName ?? defaultDisplayName(p),
        abbreviatedName: abbreviatedName(p),
        bio: p.bio,
        publicData: p.publicData,
        protectedData: p.protectedData,
        privateData: p.privateData,
        metadata: p.metadata,
      },
      permissions: s.permissions,
    },
    relationships: {
      marketplace: { data: { id: new Uuid(s.marketplaceId!), type: 'marketplace' } },
      profileImage: { data: s.profileImageId ? { id: new Uuid(s.profileImageId), type: 'image' } : null },
    },
  };
};

/**
 * What remains of a deleted user in the read models: the id and `deleted: true`, every other attribute null or
 * false (the data deletion rule). The log keeps its history; the read models keep no personal data.
 */
export const deletedUser = (userId: string, marketplaceId: string): StoredUser => ({
  id: new Uuid(userId),
  type: 'user',
  attributes: {
    banned: false,
    deleted: true,
    state: null,
    createdAt: null,
    email: null,
    emailVerified: false,
    pendingEmail: null,
    stripeConnected: false,
    identityProviders: [],
    profile: {
      firstName: null,
      lastName: null,
      displayName: null,
      abbreviatedName: null,
      bio: null,
      publicData: {},
      protectedData: {},
      privateData: {},
      metadata: {},
    },
    permissions: null,
  },
  relationships: {
    marketplace: { data: { id: new Uuid(marketplaceId), type: 'marketplace' } },
    profileImage: { data: null },
  },
});

type Attributes = Record<string, any>;

/** Integration API `user`: everything. `payConnected` is the spec's name for the SDK's `stripeConnected`. */
export const integrationUser = (u: StoredUser): Resource => ({
  id: u.id.uuid,
  type: 'user',
  attributes: { ...u.attributes, payConnected: u.attributes.stripeConnected },
});

/** Marketplace API `currentUser`: the user's own complete view. */
export const currentUserView = (u: StoredUser): Resource => ({
  id: u.id.uuid,
  type: 'currentUser',
  attributes: {
    ...u.attributes,
    stripePayoutsEnabled: false,
    stripeChargesEnabled: false,
    payConnected: u.attributes.stripeConnected,
    payPayoutsEnabled: false,
    payChargesEnabled: false,
  },
});

/**
 * Marketplace API `user`, as other users see it: only public attributes. Banned users show nothing but their
 * banned flag and state; deleted users nothing but `deleted: true`.
 */
export const publicUserView = (u: StoredUser): Resource => {
  const a = u.attributes as Attributes;
  const hidden = a.deleted || a.banned;
  return {
    id: u.id.uuid,
    type: 'user',
    attributes: {
      banned: Boolean(a.banned),
      deleted: Boolean(a.deleted),
      state: a.deleted ? null : a.state,
      createdAt: hidden ? null : a.createdAt,
      profile: hidden
        ? { displayName: null, abbreviatedName: null, bio: null, publicData: null, metadata: null }
        : {
            displayName: a.profile.displayName,
            abbreviatedName: a.profile.abbreviatedName,
            bio: a.profile.bio,
            publicData: a.profile.publicData,
            metadata: a.profile.metadata,
          },
    },
  };
};

/** The final permissions after marketplace-level settings (type permissionSet, keyed by the user's id). */
export const effectivePermissionSet = (u: StoredUser, settings: MarketplaceSettings): Resource => {
  const a = u.attributes as Attributes;
  return { id: u.id.uuid, type: 'permissionSet', attributes: a.deleted ? {} : { ...effectivePermissions(a.state, a.permissions, settings) } };
};
