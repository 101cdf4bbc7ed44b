import { createHash } from 'node:crypto';
import { streams } from '../../event-store/stream-names';
import type { DomainEvent } from '../../shared/decider';
import { normalizeEmail } from './user.state';

/**
 * Email uniqueness within a marketplace: one guard stream per lower-cased address. Sign-up appends
 * `user-email/claimed` to it atomically with `user/created`, expecting the revision it read, so of concurrent
 * sign-ups with one email exactly one succeeds.
 */
export const emailGuardKey = (email: string): string => createHash('sha256').update(normalizeEmail(email)).digest('hex').slice(0, 40);

/** The guard stream of an address. Stream names are the event store's: this belongs beside the user streams. */
export const emailGuardStream = (marketplaceId: string, email: string): string => streams.userEmail(marketplaceId, emailGuardKey(email));

/** The user currently holding the address, if any. */
export const emailHolder = (guardEvents: readonly DomainEvent[]): string | null => {
  const last = guardEvents.at(-1);
  return last?.type === 'user-email/claimed' ? (last.data as { userId: string }).userId : null;
};

export const claimEmail = (userId: string) => ({ type: 'user-email/claimed', data: { userId } });
