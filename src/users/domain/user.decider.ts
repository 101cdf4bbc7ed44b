import { conflict } from '../../shared/api-error';
import type { Decider } from '../../shared/decider';
import {
  changeEmail,
  requestPasswordReset,
  requestVerification,
  resetPassword,
  verifyEmail,
} from './account.rules';
import { ProfileFields, ProfileUpdate, profileChanges, stripNulls } from './profile.rules';
import { evolveUser } from './user.evolve';
import type { IdentityProviderLink, MailedToken, Permissions, UserEvent, UserStatus } from './user.events';
import { DEFAULT_PERMISSIONS, initialUserState, UserState } from './user.state';

export type { ProfileUpdate } from './profile.rules';

export type UserCommand =
  | (ProfileFields & {
      type: 'create';
      userId: string;
      marketplaceId: string;
      email: string;
      /** null for a user created through an identity provider. */
      passwordHash: string | null;
      firstName: string;
      lastName: string;
      /** pendingApproval when the marketplace requires approval to join. */
      initialState: UserStatus;
      /** Stored permissions: deny where the marketplace restricts a right. */
      permissions?: Permissions;
      emailVerified?: boolean;
      identityProviders?: IdentityProviderLink[];
      now: Date;
    })
  | { type: 'update-profile'; update: ProfileUpdate }
  | { type: 'change-email'; email: string }
  | { type: 'request-email-verification'; token: MailedToken; now: Date }
  | { type: 'verify-email'; by: { tokenHash: string } | { email: string }; now: Date }
  /** `keepSessionId`: the session the change came from, which stays signed in; every other one ends. */
  | { type: 'change-password'; passwordHash: string; keepSessionId: string | null }
  | { type: 'request-password-reset'; token: MailedToken; email: string; now: Date }
  | { type: 'reset-password'; tokenHash: string; passwordHash: string; now: Date }
  | { type: 'link-identity-provider'; link: IdentityProviderLink; emailVerified: boolean }
  | { type: 'approve' }
  | { type: 'update-permissions'; permissions: Partial<Permissions> }
  | { type: 'set-banned'; banned: boolean }
  /** The payments context connected or removed the user's payment (payout) account: the `stripeConnected` flag. */
  | { type: 'set-pay-connected'; connected: boolean }
  | { type: 'delete'; now: Date };

const mustBeLive = (state: UserState): void => {
  if (!state.exists || state.deleted) throw conflict('user-not-found', 'The user does not exist.');
};

const updated = (data: Extract<UserEvent, { type: 'user/updated' }>['data']): UserEvent[] =>
  Object.keys(data).length === 0 ? [] : [{ type: 'user/updated', data }];

export const userDecider: Decider<UserCommand, UserState, UserEvent> = {
  initialState: initialUserState,
  evolve: evolveUser,

  decide: (command, state) => {
    if (command.type === 'create') {
      if (state.exists) throw conflict('user-exists', 'The user already exists.');
      return [
        {
          type: 'user/created',
          data: {
            userId: command.userId,
            marketplaceId: command.marketplaceId,
            email: command.email,
            passwordHash: command.passwordHash,
            profile: {
              firstName: command.firstName,
              lastName: command.lastName,
              displayName: command.displayName ?? null,
              bio: command.bio ?? null,
              publicData: stripNulls(command.publicData),
              protectedData: stripNulls(command.protectedData),
              privateData: stripNulls(command.privateData),
              metadata: stripNulls(command.metadata),
            },
            state: command.initialState,
            emailVerified: command.emailVerified ?? false,
            identityProviders: command.identityProviders ?? [],
            permissions: command.permissions ?? DEFAULT_PERMISSIONS,
            createdAt: command.now.toISOString(),
          },
        },
      ];
    }
    mustBeLive(state);
    switch (command.type) {
      case 'update-profile':
        return updated(profileChanges(state, command.update));
      case 'change-email':
        return changeEmail(state, command.email);
      case 'request-email-verification':
        return requestVerification(state, command.token, command.now);
      case 'verify-email':
        return verifyEmail(state, command.by, command.now);
      case 'change-password':
        return [
          { type: 'user/password-changed', data: { passwordHash: command.passwordHash } },
          { type: 'user/sessions-revoked', data: { keptSessionId: command.keepSessionId } },
        ];
      case 'request-password-reset':
        return requestPasswordReset(state, command.token, command.email, command.now);
      case 'reset-password':
        return resetPassword(state, command.tokenHash, command.passwordHash, command.now);
      case 'link-identity-provider': {
        const linked = state.identityProviders.some((l) => l.idpId === command.link.idpId && l.userId === command.link.userId);
        return updated({
          ...(linked ? {} : { identityProviders: [...state.identityProviders, command.link] }),
          ...(command.emailVerified && !state.emailVerified ? { emailVerified: true } : {}),
        });
      }
      case 'approve':
        if (state.state !== 'pendingApproval') throw conflict('user-not-pending-approval', 'Only a user pending approval can be approved.');
        return updated({ state: 'active' });
      case 'update-permissions': {
        const changed = Object.fromEntries(
          Object.entries(command.permissions).filter(([key, value]) => value !== undefined && state.permissions[key as keyof Permissions] !== value),
        );
        return updated(Object.keys(changed).length ? { permissions: changed } : {});
      }
      case 'set-banned':
        if (command.banned) return state.state === 'banned' ? [] : updated({ state: 'banned' });
        return state.state === 'banned' ? updated({ state: 'active' }) : [];
      case 'set-pay-connected':
        return state.stripeConnected === command.connected ? [] : updated({ stripeConnected: command.connected });
      case 'delete':
        return [{ type: 'user/deleted', data: { deletedAt: command.now.toISOString() } }];
    }
  },
};
