import { CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DeleteAuthorListingsCommand } from '../../listings/commands/delete-author-listings.handler';
import { EventLog } from '../../event-store/event-log';
import type { CommandContext } from '../../shared/command-context';
import { userDecider, UserCommand } from '../domain/user.decider';
import type { UserState } from '../domain/user.state';
import { emailGuardAppends, emailTaken, isGuardStream } from '../email-guards';
import { loadUser, userLogEvents } from '../user-stream';

export class UserCommandMessage {
  constructor(
    readonly ctx: CommandContext,
    readonly userId: string,
    readonly command: UserCommand,
  ) {}
}

export interface UserCommandResult {
  before: UserState;
  after: UserState;
}

/**
 * Every command on an existing user: load, decide, append the user's events together with the email guard
 * changes they imply, at the loaded revisions; on a concurrent change, load and decide again.
 */
@CommandHandler(UserCommandMessage)
export class UserCommandHandler implements ICommandHandler<UserCommandMessage, UserCommandResult> {
  constructor(
    private readonly log: EventLog,
    private readonly commands: CommandBus,
  ) {}

  async execute({ ctx, userId, command }: UserCommandMessage): Promise<UserCommandResult> {
    const result = await this.change(ctx, userId, command);
    // A deleted or banned user's listings go with the account.
    const removed = (result.after.deleted && !result.before.deleted) || (result.after.state === 'banned' && result.before.state !== 'banned');
    if (removed) await this.commands.execute(new DeleteAuthorListingsCommand(ctx, userId));
    return result;
  }

  private change(ctx: CommandContext, userId: string, command: UserCommand): Promise<UserCommandResult> {
    return this.log.retrying(
      async () => {
        const user = await loadUser(this.log, ctx.marketplaceId, userId);
        const events = userDecider.decide(command, user.state);
        const after = events.reduce(userDecider.evolve, user.state);
        if (events.length === 0) return { before: user.state, after };
        const guards = await emailGuardAppends(this.log, ctx, userId, user.state, after);
        await this.log.append([
          { streamId: user.streamId, expectedRevision: user.expectedRevision, events: userLogEvents(ctx, userId, user.state, events) },
          ...guards,
        ]);
        return { before: user.state, after };
      },
      // A guard taken meanwhile by another user is a lost race for the address; the user's own stream is retried.
      async (error) => (isGuardStream(error.streamId) ? await this.guardConflict(ctx, userId, command) : undefined),
    );
  }

  private async guardConflict(ctx: CommandContext, userId: string, command: UserCommand): Promise<Error | undefined> {
    // Decide again against the guards as they are now: if the address is held by someone else it is taken.
    const user = await loadUser(this.log, ctx.marketplaceId, userId);
    const after = userDecider.decide(command, user.state).reduce(userDecider.evolve, user.state);
    try {
      await emailGuardAppends(this.log, ctx, userId, user.state, after);
      return undefined;
    } catch {
      return emailTaken();
    }
  }
}
