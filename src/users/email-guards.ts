import { conflict } from '../shared/api-error';
import type { StreamRef } from '../event-sourcing/stream-model';
import { normalizeEmail, UserState } from './domain/user.state';
import type { GuardEvent, GuardState } from './domain/email-guard';
import { emailGuard } from './user-streams';

/** The addresses a user holds: the email and a pending new one (nobody else may take either), by normalized form. */
export const heldAddresses = (s: Pick<UserState, 'exists' | 'deleted' | 'email' | 'pendingEmail'>): Map<string, string> => {
  const held = new Map<string, string>();
  if (s.exists && !s.deleted) {
    for (const email of [s.email, s.pendingEmail]) if (email) held.set(normalizeEmail(email), email);
  }
  return held;
};

export const emailTaken = () => conflict('email-taken', 'The email address is already in use in this marketplace.');

const guardKey = (normalized: string) => `email:${normalized}`;

/** The guard streams a change from `before` to `after` touches: addresses newly held or no longer held. */
export const emailGuardStreams = (marketplaceId: string, before: Map<string, string>, after: Map<string, string>): Record<string, StreamRef> => {
  const touched: Record<string, StreamRef> = {};
  for (const [key, email] of [...after, ...before]) {
    if (before.has(key) !== after.has(key)) touched[guardKey(key)] = emailGuard(marketplaceId, email);
  }
  return touched;
};

/**
 * The guard events of that change: a claim for each newly held address (email-taken when another user holds it),
 * a release for each address the user no longer holds. Decided together with the user's own events and appended
 * atomically at the guards' revisions, so two users never hold one address.
 */
export const emailGuardEvents = (
  userId: string,
  before: Map<string, string>,
  after: Map<string, string>,
  guards: Record<string, unknown>,
): Record<string, GuardEvent[]> => {
  const events: Record<string, GuardEvent[]> = {};
  for (const key of after.keys()) {
    if (before.has(key)) continue;
    const { holder } = guards[guardKey(key)] as GuardState;
    if (holder && holder !== userId) throw emailTaken();
    if (!holder) events[guardKey(key)] = [{ type: 'user-email/claimed', data: { userId } }];
  }
  for (const key of before.keys()) {
    if (after.has(key)) continue;
    const { holder } = guards[guardKey(key)] as GuardState;
    if (holder === userId) events[guardKey(key)] = [{ type: 'user-email/released', data: { userId } }];
  }
  return events;
};
