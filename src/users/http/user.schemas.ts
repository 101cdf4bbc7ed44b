import { arrayOf, boolean, enumOf, extendedData, nullable, objectOf, resourceSchema, string, timestamp } from '../../http/openapi/resource-schema';

/**
 * The user views' answer shapes (src/users/domain/user.views.ts). A deleted user keeps answering with
 * `deleted: true` and its attributes null or empty, hence the nullability.
 */
const STATE = nullable(enumOf('pendingApproval', 'active', 'banned'));
const PERMISSION = enumOf('permission/allow', 'permission/deny');
const profile = objectOf({
  firstName: nullable(string),
  lastName: nullable(string),
  displayName: nullable(string),
  abbreviatedName: nullable(string),
  bio: nullable(string),
  publicData: extendedData,
  protectedData: extendedData,
  privateData: extendedData,
  metadata: extendedData,
});
const account = {
  banned: boolean,
  deleted: boolean,
  state: STATE,
  createdAt: nullable(timestamp),
  email: nullable(string),
  emailVerified: boolean,
  pendingEmail: nullable(string),
  stripeConnected: boolean,
  payConnected: boolean,
  identityProviders: arrayOf(objectOf({ idpId: string, userId: string })),
  profile,
  permissions: nullable(objectOf({ postListings: PERMISSION, initiateTransactions: PERMISSION, read: PERMISSION }, ['postListings', 'initiateTransactions', 'read'])),
};

/** Marketplace API `user`: as other users see it, only public attributes (nothing but flags when banned or deleted). */
export const USER_SCHEMA = resourceSchema('user', {
  banned: boolean,
  deleted: boolean,
  state: STATE,
  createdAt: nullable(timestamp),
  profile: objectOf({ displayName: nullable(string), abbreviatedName: nullable(string), bio: nullable(string), publicData: nullable(extendedData), metadata: nullable(extendedData) }),
});

/** Marketplace API `currentUser`: the user's own complete view. */
export const CURRENT_USER_SCHEMA = resourceSchema('currentUser', {
  ...account,
  stripePayoutsEnabled: boolean,
  stripeChargesEnabled: boolean,
  payPayoutsEnabled: boolean,
  payChargesEnabled: boolean,
});

/** Integration API `user`: everything. */
export const INTEGRATION_USER_SCHEMA = resourceSchema('user', account, { name: 'integrationUser' });
