import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventLog } from '../../event-store/event-log';
import { streams } from '../../event-store/stream-names';
import { IDS } from '../../infrastructure/tokens';
import { MarketplaceDirectory } from '../../marketplaces/marketplace-directory';
import type { MarketplaceSettings } from '../../marketplaces/domain/marketplace.events';
import { conflict } from '../../shared/api-error';
import type { CommandContext } from '../../shared/command-context';
import type { IdGenerator } from '../../shared/ids';
import { hashSecret, randomSecret } from '../../shared/secrets';
import { AccountMails } from '../account-mails';
import { userDecider, UserCommand } from '../domain/user.decider';
import type { IdentityProviderLink, Permissions } from '../domain/user.events';
import { emailGuardAppends, emailTaken, isGuardStream } from '../email-guards';
import { claimLink } from '../identity-links';
import { Passwords } from '../passwords';
import { userLogEvents } from '../user-stream';

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
 * Sign-up: the user's events and the claim of its email guard are appended together, so an address is never
 * taken twice. Unless the email is already verified, a verification link is requested and mailed.
 */
@CommandHandler(CreateUserCommand)
export class CreateUserHandler implements ICommandHandler<CreateUserCommand, string> {
  constructor(
    private readonly log: EventLog,
    private readonly passwords: Passwords,
    private readonly marketplaces: MarketplaceDirectory,
    private readonly mails: AccountMails,
    @Inject(IDS) private readonly ids: IdGenerator,
  ) {}

  async execute({ ctx, params }: CreateUserCommand): Promise<string> {
    const [passwordHash, marketplace] = await Promise.all([
      params.password === undefined ? Promise.resolve(null) : this.passwords.hash(params.password),
      this.marketplaces.state(ctx.marketplaceId),
    ]);
    const userId = this.ids.next();
    const token = randomSecret();
    const create: UserCommand = {
      type: 'create',
      userId,
      marketplaceId: ctx.marketplaceId,
      email: params.email.trim(),
      passwordHash,
      firstName: params.firstName,
      lastName: params.lastName,
      displayName: params.displayName,
      bio: params.bio,
      publicData: params.publicData,
      protectedData: params.protectedData,
      privateData: params.privateData,
      initialState: marketplace.settings.requireUserApproval ? 'pendingApproval' : 'active',
      permissions: initialPermissions(marketplace.settings),
      emailVerified: params.emailVerified ?? false,
      identityProviders: params.identityProvider ? [params.identityProvider] : [],
      now: ctx.now,
    };
    const initial = userDecider.initialState();
    const events = userDecider.decide(create, initial);
    const created = events.reduce(userDecider.evolve, initial);
    if (!created.emailVerified) events.push(...userDecider.decide({ type: 'request-email-verification', tokenHash: hashSecret(token), now: ctx.now }, created));
    await this.log.retrying(
      async () => {
        const guards = [
          ...(await emailGuardAppends(this.log, ctx, userId, initial, created)),
          ...(params.identityProvider ? await claimLink(this.log, ctx, userId, params.identityProvider) : []),
        ];
        await this.log.append([{ streamId: streams.user(ctx.marketplaceId, userId), expectedRevision: 'no_stream', events: userLogEvents(ctx, userId, initial, events) }, ...guards]);
      },
      (error) =>
        isGuardStream(error.streamId)
          ? emailTaken()
          : error.streamId.includes(':user-idp-')
            ? conflict('identity-provider-account-taken', 'This identity provider account is linked to another user.')
            : undefined,
    );
    if (!created.emailVerified) await this.mails.verification(ctx.marketplaceId, created.email!, token, false);
    return userId;
  }
}
