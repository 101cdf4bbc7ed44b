import { CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandRunner } from '../../event-sourcing/command-runner';
import { DeleteAuthorListingsCommand } from '../../listings/commands/delete-author-listings.handler';
import type { CommandContext } from '../../shared/command-context';
import type { UserCommand } from '../domain/user.decider';
import { userCommand, UserChange } from '../user-decisions';

export class UserCommandMessage {
  constructor(
    readonly ctx: CommandContext,
    readonly userId: string,
    readonly command: UserCommand,
  ) {}
}

export type UserCommandResult = UserChange;

/** Every command on an existing user: one decision over the user and the email guards it touches. */
@CommandHandler(UserCommandMessage)
export class UserCommandHandler implements ICommandHandler<UserCommandMessage, UserCommandResult> {
  constructor(
    private readonly runner: CommandRunner,
    private readonly commands: CommandBus,
  ) {}

  async execute({ ctx, userId, command }: UserCommandMessage): Promise<UserCommandResult> {
    const { result } = await this.runner.run(userCommand(ctx, userId, command));
    // A deleted or banned user's listings go with the account.
    const { before, after } = result!;
    const removed = (after.deleted && !before.deleted) || (after.state === 'banned' && before.state !== 'banned');
    if (removed) await this.commands.execute(new DeleteAuthorListingsCommand(ctx, userId));
    return result!;
  }
}
