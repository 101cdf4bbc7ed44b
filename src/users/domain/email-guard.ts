import { createHash } from 'node:crypto';
import type { DomainEvent } from '../../shared/decider';
import { normalizeEmail } from './user.state';

/**
 * Uniqueness guards: one guard stream per lower-cased email address (and per identity-provider account) within a
 * marketplace. A claim is appended atomically with the user's own events, at the revision the decision read, so
 * of concurrent sign-ups with one email exactly one succeeds.
 */
export const emailGuardKey = (email: string): string => createHash('sha256').update(normalizeEmail(email)).digest('hex').slice(0, 40);

/** Who holds a guarded address or account now. */
export interface GuardState {
  holder: string | null;
}

export type GuardEvent = DomainEvent<'user-email/claimed' | 'user-email/released' | 'user-idp/linked', { userId: string }>;

export const guardDecider = {
  initialState: (): GuardState => ({ holder: null }),
  evolve: (_state: GuardState, event: GuardEvent): GuardState => ({ holder: event.type === 'user-email/released' ? null : event.data.userId }),
};
