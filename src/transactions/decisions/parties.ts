import type { UserState } from '../../users/domain/user.state';

/** A party that can still transact: exists, not deleted, not banned. */
export const liveUser = (u: UserState | undefined): boolean => !!u && u.exists && !u.deleted && u.state !== 'banned';

/** The parties' protected profile data, for the reveal-*-protected-data actions. */
export const protectedDataOf = (customer: UserState | undefined, provider: UserState | undefined) => ({
  customer: customer?.profile.protectedData ?? {},
  provider: provider?.profile.protectedData ?? {},
});
