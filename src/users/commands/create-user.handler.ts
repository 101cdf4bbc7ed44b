import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandRunner, Streams } from '../../event-sourcing/command-runner';
import { IDS, type IdGenerator } from '../../shared/ids';
import type { MarketplaceState } from '../../marketplaces/domain/marketplace.decider';
import type { MarketplaceSettings } from '../../marketplaces/domain/marketplace.events';
import { marketplaceStream } from '../../marketplaces/marketplace-streams';
import type { CommandContext } from '../../shared/command-context';
import { AccountTokens } from '../account-tokens';
import { userDecider, UserCommand } from '../domain/user.decider';
import type { IdentityProviderLink, Permissions } from '../domain/user.events';
import type { UserState } from '../domain/user.state';
import { emailGuardEvents, emailGuardStreams, heldAddresses } from '../email-guards';
import { identityLinkStream, linkEvents } from '../identity-links';
import { Passwords } from '../passwords';
import type { GuardState } from '../domain/email-guard';
import { userStream } from '../user-streams';

export interface SignUpParams {
  email: string;
  /** Absent for a user created through an identity provider. */
  password?: string;
  firstName: string;
  lastName: string;
  displayName?: string | null;
  bio?: string | null;
  publicData?: Record<string, unknown>;
  protectedData?: Record<string, unknown>;
  privateData?: Record<string, unknown>;
  /** Identity-provider sign-up: the linked account, and whether the provider vouches for the email. */
  identityProvider?: IdentityProviderLink;
  emailVerified?: boolean;
}

export class CreateUserCommand {
  constructor(
    readonly ctx: CommandContext,
    readonly params: SignUpParams,
  ) {}
}

/** The stored rights of a new user: denied where the marketplace restricts them, until an operator grants them. */
export const initialPermissions = (s: MarketplaceSettings): Permissions => ({
  postListings: s.requirePermissionToPostListings ? 'permission/deny' : 'permission/allow',
  initiateTransactions: s.requirePermissionToInitiateTransactions ? 'permission/deny' : 'permission/allow',
  read: s.private && s.requirePermissionToRead ? 'permission/deny' : 'permission/allow',
});

/**
 * Sign-up: one decision over the user's new stream, the marketplace (its settings say whether the user waits for
 * approval and which rights it starts with), the guard of the email and, for an identity-provider sign-up, the
 * guard of the provider account, so an address or an account is never taken twice. Unless the email is already
 * verified, a verification link is requested (the mail reactor sends it).
 */
@CommandHandler(CreateUserCommand)
export class CreateUserHandler implements ICommandHandler<CreateUserCommand, string> {
  constructor(
    private readonly runner: CommandRunner,
    private readonly passwords: Passwords,
    private readonly tokens: AccountTokens,
    @Inject(IDS) private readonly ids: IdGenerator,
  ) {}

  async execute({ ctx, params }: CreateUserCommand): Promise<string> {
    const passwordHash = params.password === undefined ? null : await this.passwords.hash(params.password);
    const userId = this.ids.next();
    const token = this.tokens.issue();
    const email = params.email.trim();
    const link = params.identityProvider;
    const named: Streams = {
      user: userStream(ctx.marketplaceId, userId),
      marketplace: marketplaceStream(ctx.marketplaceId),
      ...emailGuardStreams(ctx.marketplaceId, new Map(), heldAddresses({ exists: true, deleted: false, email, pendingEmail: null })),
      ...(link ? { link: identityLinkStream(ctx.marketplaceId, link) } : {}),
    };
    await this.runner.run({
      ctx,
      streams: named,
      decide: (s) => {
        const user = s.user as UserState;
        const { settings } = s.marketplace as MarketplaceState;
        const events = userDecider.decide(signUp(ctx, userId, email, passwordHash, params, settings), user);
        const created = events.reduce(userDecider.evolve, user);
        if (!created.emailVerified) events.push(...userDecider.decide({ type: 'request-email-verification', token, now: ctx.now }, created));
        return {
          events: {
            user: events,
            ...emailGuardEvents(userId, new Map(), heldAddresses(created), s),
            ...(link ? { link: linkEvents(userId, s.link as GuardState) } : {}),
          },
        };
      },
    });
    return userId;
  }
}

const signUp = (ctx: CommandContext, userId: string, email: string, passwordHash: string | null, params: SignUpParams, settings: MarketplaceSettings): UserCommand => ({
  type: 'create',
  userId,
  marketplaceId: ctx.marketplaceId,
  email,
  passwordHash,
  firstName: params.firstName,
  lastName: params.lastName,
  displayName: params.displayName,
  bio: params.bio,
  publicData: params.publicData,
  protectedData: params.protectedData,
  privateData: params.privateData,
  initialState: settings.requireUserApproval ? 'pendingApproval' : 'active',
  permissions: initialPermissions(settings),
  emailVerified: params.emailVerified ?? false,
  identityProviders: params.identityProvider ? [params.identityProvider] : [],
  now: ctx.now,
});
