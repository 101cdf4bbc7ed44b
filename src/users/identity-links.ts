import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { CommandRunner } from '../event-sourcing/command-runner';
import { internalStream, StreamRef } from '../event-sourcing/stream-model';
import { streams } from '../event-store/stream-names';
import type { IdpIdentity } from '../marketplaces/identity-providers';
import { conflict } from '../shared/api-error';
import type { CommandContext } from '../shared/command-context';
import { userDecider } from './domain/user.decider';
import type { IdentityProviderLink } from './domain/user.events';
import { normalizeEmail, UserState } from './domain/user.state';
import type { GuardEvent, GuardState } from './domain/email-guard';
import { emailGuard, guardModel, userStream } from './user-streams';

/** One guard stream per provider account: an account links to at most one user of the marketplace. */
export const identityLinkStream = (marketplaceId: string, link: IdentityProviderLink): StreamRef<GuardState, GuardEvent> =>
  internalStream(guardModel, streams.userIdentity(marketplaceId, createHash('sha256').update(`${link.idpId}\n${link.userId}`).digest('hex').slice(0, 40)));

/** The guard events that link a provider account to a user; 409 when it is linked to another user. */
export const linkEvents = (userId: string, guard: GuardState): GuardEvent[] => {
  if (guard.holder === userId) return [];
  if (guard.holder) throw conflict('identity-provider-account-taken', 'This identity provider account is linked to another user.');
  return [{ type: 'user-idp/linked', data: { userId } }];
};

/**
 * Login with an identity provider: the user its account is linked to, or else the user whose verified email
 * equals the token's verified email (then the account is linked to that user for next time).
 */
@Injectable()
export class IdentityLinks {
  constructor(private readonly runner: CommandRunner) {}

  async userFor(ctx: CommandContext, identity: IdpIdentity): Promise<string | null> {
    const link = { idpId: identity.idpId, userId: identity.subject };
    const linked = (await this.runner.state(identityLinkStream(ctx.marketplaceId, link))).holder;
    if (linked) return linked;
    if (!identity.email || !identity.emailVerified) return null;
    const userId = (await this.runner.state(emailGuard(ctx.marketplaceId, identity.email))).holder;
    if (!userId) return null;
    const { result } = await this.runner.run({
      ctx,
      streams: { user: userStream(ctx.marketplaceId, userId), link: identityLinkStream(ctx.marketplaceId, link) },
      decide: (s) => {
        const user = s.user as UserState;
        if (!user.emailVerified || normalizeEmail(user.email!) !== normalizeEmail(identity.email!)) return { events: {}, result: null };
        return {
          events: { user: userDecider.decide({ type: 'link-identity-provider', link, emailVerified: true }, user), link: linkEvents(userId, s.link) },
          result: userId,
        };
      },
    });
    return result ?? null;
  }
}
