import { deepEqual, mergeExtendedData } from '../../shared/resource-diff';
import type { Profile, UserChanges } from './user.events';
import type { UserState } from './user.state';

type ExtendedData = Record<string, unknown>;

/** The optional profile attributes, as both sign-up and profile updates take them. */
export interface ProfileFields {
  /** null: back to the default display name. */
  displayName?: string | null;
  bio?: string | null;
  publicData?: ExtendedData;
  protectedData?: ExtendedData;
  privateData?: ExtendedData;
  metadata?: ExtendedData;
}

export interface ProfileUpdate extends ProfileFields {
  /** The SDK writes undefined as null: a null name means "not given" (names cannot be removed). */
  firstName?: string | null;
  lastName?: string | null;
  profileImageId?: string | null;
}

const EXTENDED_KEYS = ['publicData', 'protectedData', 'privateData', 'metadata'] as const;

/** On create, a null extended-data key means "no value": it is simply not stored. */
export const stripNulls = (data: ExtendedData | undefined): ExtendedData => mergeExtendedData({}, data ?? {});

/** Only what actually changes, so a no-op update appends nothing and previousValues stay exact. */
export const profileChanges = (state: UserState, update: ProfileUpdate): UserChanges => {
  const profile: Partial<Profile> = {};
  const current = state.profile;
  if (update.firstName != null && update.firstName !== current.firstName) profile.firstName = update.firstName;
  if (update.lastName != null && update.lastName !== current.lastName) profile.lastName = update.lastName;
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
  if (update.profileImageId !== undefined && update.profileImageId !== state.profileImageId) changes.profileImageId = update.profileImageId;
  return changes;
};
