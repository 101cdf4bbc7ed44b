import { specFor } from '../../../test/support/given-when-then';
import { userDecider, UserCommand } from './user.decider';
import type { UserEvent } from './user.events';
import { acceptsSession, DEFAULT_PERMISSIONS } from './user.state';
import { storedUser } from './user.views';

const given = specFor(userDecider);
const now = new Date('2026-03-01T10:00:00.000Z');
const userId = '11111111-1111-4111-8111-111111111111';
const marketplaceId = '22222222-2222-4222-8222-222222222222';

const create = (overrides: Partial<Extract<UserCommand, { type: 'create' }>> = {}): UserCommand => ({
  type: 'create',
  userId,
  marketplaceId,
  email: 'jane@example.com',
  passwordHash: 'hash',
  firstName: 'Jane',
  lastName: 'Doe',
  publicData: { a: 1, gone: null },
  initialState: 'active',
  now,
  ...overrides,
});

const created: UserEvent = {
  type: 'user/created',
  data: {
    userId,
    marketplaceId,
    email: 'jane@example.com',
    passwordHash: 'hash',
    profile: { firstName: 'Jane', lastName: 'Doe', displayName: null, bio: null, publicData: { a: 1 }, protectedData: {}, privateData: {}, metadata: {} },
    state: 'active',
    emailVerified: false,
    identityProviders: [],
    permissions: DEFAULT_PERMISSIONS,
    createdAt: now.toISOString(),
  },
};

describe('user decider', () => {
  it('given no history, when created, then user/created without null extended-data keys', () => {
    given([]).when(create()).then([created]);
  });

  it('given a user, when created again, then user-exists', () => {
    given([created]).when(create()).thenThrows('user-exists');
  });

  it('starts in pendingApproval when the marketplace requires approval', () => {
    const [event] = given([]).when(create({ initialState: 'pendingApproval' })).events();
    expect((event.data as { state: string }).state).toBe('pendingApproval');
  });

  it('given a user, when the profile is updated, then only the changes, extended data merged at the top level', () => {
    given([created])
      .when({ type: 'update-profile', update: { firstName: 'Jane', lastName: 'Roe', publicData: { a: null, b: { nested: true } } } })
      .then([{ type: 'user/updated', data: { profile: { lastName: 'Roe', publicData: { b: { nested: true } } } } }]);
  });

  it('given a user, when an update changes nothing, then no event', () => {
    given([created]).when({ type: 'update-profile', update: { firstName: 'Jane', publicData: { a: 1 }, privateData: { missing: null } } }).thenNothing();
  });

  it('treats null names as not given (the SDK writes undefined as null)', () => {
    given([created]).when({ type: 'update-profile', update: { firstName: null, lastName: null } }).thenNothing();
  });

  it('treats an empty bio as no bio and a null display name as the default', () => {
    const withBio: UserEvent = { type: 'user/updated', data: { profile: { bio: 'Hi', displayName: 'JD' } } };
    given([created, withBio])
      .when({ type: 'update-profile', update: { bio: '', displayName: null } })
      .then([{ type: 'user/updated', data: { profile: { bio: null, displayName: null } } }]);
  });

  it('given a deleted user, when updated, then user-not-found', () => {
    given([created, { type: 'user/deleted', data: { deletedAt: now.toISOString() } }])
      .when({ type: 'update-profile', update: { firstName: 'X' } })
      .thenThrows('user-not-found');
  });

  it('derives the display and abbreviated names from the names', () => {
    const state = given([created, { type: 'user/updated', data: { profile: { firstName: 'olli-test', lastName: 'Foobar5' } } }]).state;
    expect(storedUser(state).attributes.profile).toMatchObject({ displayName: 'olli-test F', abbreviatedName: 'oF' });
  });

  it('given a user, when the payments context connects a payout account, then stripeConnected changes once', () => {
    given([created]).when({ type: 'set-pay-connected', connected: true }).then([{ type: 'user/updated', data: { stripeConnected: true } }]);
    const connected = given([created, { type: 'user/updated', data: { stripeConnected: true } }]);
    connected.when({ type: 'set-pay-connected', connected: true }).thenNothing();
    expect(storedUser(connected.state).attributes.stripeConnected).toBe(true);
    connected.when({ type: 'set-pay-connected', connected: false }).then([{ type: 'user/updated', data: { stripeConnected: false } }]);
  });

  it('given a user, when the password changes, then the other sessions end and the current one is kept', () => {
    const changed = given([created]).when({ type: 'change-password', passwordHash: 'new', keepSessionId: 's1' });
    changed.then([
      { type: 'user/password-changed', data: { passwordHash: 'new' } },
      { type: 'user/sessions-revoked', data: { keptSessionId: 's1' } },
    ]);
    const after = given([created, ...changed.events()]).state;
    expect(acceptsSession(after, { sessionId: 's1', userEpoch: 0 })).toBe(true);
    expect(acceptsSession(after, { sessionId: 's2', userEpoch: 0 })).toBe(false);
    expect(acceptsSession(after, { sessionId: 's3', userEpoch: 1 })).toBe(true);
  });

  it('given a reset request, when the password is reset, then every session ends', () => {
    const requested = given([created]).when({ type: 'request-password-reset', token: { hash: 'th', nonce: 'n' }, email: 'jane@example.com', now }).events();
    const reset = given([created, ...requested]).when({ type: 'reset-password', tokenHash: 'th', passwordHash: 'new', now });
    expect(reset.events().map((e) => e.type)).toEqual(['user/password-changed', 'user/sessions-revoked']);
    expect(acceptsSession(given([created, ...requested, ...reset.events()]).state, { sessionId: 's1', userEpoch: 0 })).toBe(false);
  });
});
