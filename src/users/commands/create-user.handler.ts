import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventLog } from '../../event-store/event-log';
import { internalEvents } from '../../shared/event-publishing';
import { streams } from '../../event-store/stream-names';
import { IDS } from '../../infrastructure/tokens';
import { MarketplaceDirectory } from '../../marketplaces/marketplace-directory';
import { conflict } from '../../shared/api-error';
import type { CommandContext } from '../../shared/command-context';
import type { IdGenerator } from '../../shared/ids';
import { claimEmail, emailGuardStream, emailHolder } from '../domain/email-guard';
import { userDecider } from '../domain/user.decider';
import { Passwords } from '../passwords';
import { userLogEvents } from '../user-stream';

export interface SignUpParams {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  displayName?: string | null;
  bio?: string | null;
  publicData?: Record<string, unknown>;
  protectedData?: Record<string, unknown>;
  privateData?: Record<string, unknown>;
}

export class CreateUserCommand {
  constructor(
    readonly ctx: CommandContext,
    readonly params: SignUpParams,
  ) {}
}

const emailTaken = () => conflict('email-taken', 'The email address is already in use in this marketplace.');

/** Sign-up: the user stream and its email guard are appended together, so an email is never taken twice. */
@CommandHandler(CreateUserCommand)
export class CreateUserHandler implements ICommandHandler<CreateUserCommand, string> {
  constructor(
    private readonly log: EventLog,
    private readonly passwords: Passwords,
    private readonly marketplaces: MarketplaceDirectory,
    @Inject(IDS) private readonly ids: IdGenerator,
  ) {}

  async execute({ ctx, params }: CreateUserCommand): Promise<string> {
    const guard = emailGuardStream(ctx.marketplaceId, params.email);
    if (emailHolder(await this.log.store.readStream(guard))) throw emailTaken();
    const [passwordHash, marketplace] = await Promise.all([this.passwords.hash(params.password), this.marketplaces.state(ctx.marketplaceId)]);
    const userId = this.ids.next();
    await this.log.retrying(
      async () => {
        const guardEvents = await this.log.store.readStream(guard);
        if (emailHolder(guardEvents)) throw emailTaken();
        const events = userDecider.decide(
          {
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
            now: ctx.now,
          },
          userDecider.initialState(),
        );
        await this.log.append([
          {
            streamId: guard,
            expectedRevision: guardEvents.length === 0 ? 'no_stream' : guardEvents[guardEvents.length - 1].revision,
            events: internalEvents(ctx, [claimEmail(userId)]),
          },
          { streamId: streams.user(ctx.marketplaceId, userId), expectedRevision: 'no_stream', events: userLogEvents(ctx, userId, userDecider.initialState(), events) },
        ]);
      },
      (error) => (error.streamId === guard ? emailTaken() : undefined),
    );
    return userId;
  }
}
