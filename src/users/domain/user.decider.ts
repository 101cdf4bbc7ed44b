import { conflict } from '../../shared/api-error';
import type { Decider } from '../../shared/decider';
import { deepEqual, mergeExtendedData } from '../../shared/resource-diff';
import type { Profile, UserChanges, UserEvent, UserStatus } from './user.events';
import { DEFAULT_PERMISSIONS, initialUserState, UserState } from './user.state';

type ExtendedData = Record<string, unknown>;

export interface ProfileUpdate {
  firstName?: string;
  lastName?: string;
  /** null: back to the default display name. */
  displayName?: string | null;
  bio?: string | null;
  publicData?: ExtendedData;
  protectedData?: ExtendedData;
  privateData?: ExtendedData;
  metadata?: ExtendedData;
  profileImageId?: string | null;
}

export type UserCommand =
  | {
      type: 'create';
      userId: string;
      marketplaceId: string;
      email: string;
      passwordHash: string | null;
      firstName: string;
      lastName: string;
      displayName?: string | null;
      bio?: string | null;
      publicData?: ExtendedData;
      protectedData?: ExtendedData;
      privateData?: ExtendedData;
      metadata?: ExtendedData;
      /** pendingApproval when the marketplace requires approval to join. */
      initialState: UserStatus;
      now: Date;
    }
  | { type: 'update-profile'; update: ProfileUpdate };

const EXTENDED_KEYS = ['publicData', 'protectedData', 'privateData', 'metadata'] as const;

const mustBeLive = (state: UserState): void => {
  if (!state.exists || state.deleted) throw conflict('user-not-found', 'The user does not exist.');
};

export const userDecider: Decider<UserCommand, UserState, UserEvent> = {
  initialState: initialUserState,

  evolve: (state, event) => {
    switch (event.type) {
      case 'user/created': {
        const d = event.data;
        return {
          ...state,
          exists: true,
          id: d.userId,
          marketplaceId: d.marketplaceId,
          email: d.email,
          passwordHash: d.passwordHash,
          profile: d.profile,
          state: d.state,
          emailVerified: d.emailVerified,
          identityProviders: d.identityProviders,
          permissions: d.permissions,
          createdAt: d.createdAt,
        };
      }
      case 'user/updated': {
        const { profile, permissions, ...rest } = event.data;
        return {
          ...state,
          ...rest,
          profile: profile ? { ...state.profile, ...profile } : state.profile,
          permissions: permissions ? { ...state.permissions, ...permissions } : state.permissions,
        };
      }
      case 'user/deleted':
        return { ...state, deleted: true };
      case 'user/password-changed':
        return { ...state, passwordHash: event.data.passwordHash };
    }
  },

  decide: (command, state) => {
    switch (command.type) {
      case 'create': {
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
              emailVerified: false,
              identityProviders: [],
              permissions: DEFAULT_PERMISSIONS,
              createdAt: command.now.toISOString(),
            },
          },
        ];
      }
      case 'update-profile': {
        mustBeLive(state);
        const changes = profileChanges(state, command.update);
        return Object.keys(changes).length === 0 ? [] : [{ type: 'user/updated', data: changes }];
      }
    }
  },
};

/** On create, a null extended-data key means "no value": it is simply not stored. */
const stripNulls = (data: ExtendedData | undefined): ExtendedData => mergeExtendedData({}, data ?? {});

/** Only what actually changes, so a no-op update appends nothing and previousValues stay exact. */
const profileChanges = (state: UserState, update: ProfileUpdate): UserChanges => {
  const profile: Partial<Profile> = {};
  const current = state.profile;
  if (update.firstName !== undefined && update.firstName !== current.firstName) profile.firstName = update.firstName;
  if (update.lastName !== undefined && update.lastName !== current.lastName) profile.lastName = update.lastName;
  if (update.displayName !== undefined && update.displayName !== current.displayName) profile.displayName = update.displayName;
  if (update.bio !== undefined) {
    const bio = update.bio === '' ? null : update.bio;
    if (bio !== current.bio) profile.bio = bio;
  }
  for (const key of EXTENDED_KEYS) {
    const given = update[key];
    if (given === undefined) continue;
    const merged = mergeExtendedData(current[key], given);
    if (!deepEqual(merged, current[key])) profile[key] = merged;
  }
  const changes: UserChanges = {};
  if (Object.keys(profile).length > 0) changes.profile = profile;
  if (update.profileImageId !== undefined && update.profileImageId !== state.profileImageId)
    changes.profileImageId = update.profileImageId;
  return changes;
};
