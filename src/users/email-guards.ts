import type { EventLog } from '../event-store/event-log';
import type { StreamAppend } from '../event-store/event-store.port';
import { conflict } from '../shared/api-error';
import type { CommandContext } from '../shared/command-context';
import { internalEvents } from '../shared/event-publishing';
import { emailGuardStream, emailHolder } from './domain/email-guard';
import { normalizeEmail, UserState } from './domain/user.state';

/** The addresses a user holds: the email and a pending new one (nobody else may take either). */
const heldAddresses = (s: UserState): Map<string, string> => {
  const held = new Map<string, string>();
  if (s.exists && !s.deleted) {
    for (const email of [s.email, s.pendingEmail]) if (email) held.set(normalizeEmail(email), email);
  }
  return held;
};

export const emailTaken = () => conflict('email-taken', 'The email address is already in use in this marketplace.');

/**
 * Guard-stream appends for a change from `before` to `after`: claims for newly held addresses (failing with
 * email-taken when another user holds one), releases for addresses no longer held. Appended atomically with the
 * user's own events, so two users can never hold one address.
 */
export const emailGuardAppends = async (
  log: EventLog,
  ctx: CommandContext,
  userId: string,
  before: UserState,
  after: UserState,
): Promise<StreamAppend[]> => {
  const was = heldAddresses(before);
  const is = heldAddresses(after);
  const appends: StreamAppend[] = [];
  for (const [key, email] of is) {
    if (was.has(key)) continue;
    const streamId = emailGuardStream(ctx.marketplaceId, email);
    const { events, expectedRevision } = await log.load(streamId);
    const holder = emailHolder(events);
    if (holder === userId) continue;
    if (holder) throw emailTaken();
    appends.push({ streamId, expectedRevision, events: internalEvents(ctx, [{ type: 'user-email/claimed', data: { userId } }]) });
  }
  for (const [key, email] of was) {
    if (is.has(key)) continue;
    appends.push({
      streamId: emailGuardStream(ctx.marketplaceId, email),
      expectedRevision: 'any',
      events: internalEvents(ctx, [{ type: 'user-email/released', data: { userId } }]),
    });
  }
  return appends;
};

export const isGuardStream = (streamId: string): boolean => streamId.includes(':user-email-');
