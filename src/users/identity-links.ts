import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { EventLog } from '../event-store/event-log';
import type { RecordedEvent, StreamAppend } from '../event-store/event-store.port';
import { streams } from '../event-store/stream-names';
import type { IdpIdentity } from '../marketplaces/identity-providers';
import { conflict } from '../shared/api-error';
import type { CommandContext } from '../shared/command-context';
import { internalEvents } from '../shared/event-publishing';
import { emailGuardStream, emailHolder } from './domain/email-guard';
import { userDecider } from './domain/user.decider';
import type { IdentityProviderLink } from './domain/user.events';
import { normalizeEmail } from './domain/user.state';
import { loadUser, userLogEvents } from './user-stream';

/** One guard stream per provider account: an account links to at most one user of the marketplace. */
const linkStream = (marketplaceId: string, link: IdentityProviderLink) =>
  streams.userIdentity(marketplaceId, createHash('sha256').update(`${link.idpId}\n${link.userId}`).digest('hex').slice(0, 40));

const linkHolder = (events: readonly RecordedEvent[]): string | null => {
  const last = events.at(-1);
  return last?.type === 'user-idp/linked' ? (last.data as { userId: string }).userId : null;
};

/** The guard append that links a provider account to a user; 409 when it is linked to another user. */
export const claimLink = async (log: EventLog, ctx: CommandContext, userId: string, link: IdentityProviderLink): Promise<StreamAppend[]> => {
  const streamId = linkStream(ctx.marketplaceId, link);
  const { events, expectedRevision } = await log.load(streamId);
  const holder = linkHolder(events);
  if (holder === userId) return [];
  if (holder) throw conflict('identity-provider-account-taken', 'This identity provider account is linked to another user.');
  return [{ streamId, expectedRevision, events: internalEvents(ctx, [{ type: 'user-idp/linked', data: { userId } }]) }];
};

/**
 * Login with an identity provider: the user its account is linked to, or else the user whose verified email
 * equals the token's verified email (then the account is linked to that user for next time).
 */
@Injectable()
export class IdentityLinks {
  constructor(private readonly log: EventLog) {}

  async userFor(ctx: CommandContext, identity: IdpIdentity): Promise<string | null> {
    const link = { idpId: identity.idpId, userId: identity.subject };
    const linked = linkHolder(await this.log.store.readStream(linkStream(ctx.marketplaceId, link)));
    if (linked) return linked;
    if (!identity.email || !identity.emailVerified) return null;
    const userId = emailHolder(await this.log.store.readStream(emailGuardStream(ctx.marketplaceId, identity.email)));
    if (!userId) return null;
    return this.log.retrying(async () => {
      const user = await loadUser(this.log, ctx.marketplaceId, userId);
      if (!user.state.emailVerified || normalizeEmail(user.state.email!) !== normalizeEmail(identity.email!)) return null;
      const events = userDecider.decide({ type: 'link-identity-provider', link, emailVerified: true }, user.state);
      await this.log.append([
        { streamId: user.streamId, expectedRevision: user.expectedRevision, events: userLogEvents(ctx, userId, user.state, events) },
        ...(await claimLink(this.log, ctx, userId, link)),
      ]);
      return userId;
    });
  }
}
