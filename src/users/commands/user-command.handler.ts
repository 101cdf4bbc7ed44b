import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandRunner } from '../../event-sourcing/command-runner';
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

/**
 * Every command on an existing user: one decision over the user and the email guards it touches. What follows from
 * it elsewhere (mails, a deleted or banned user's listings) is done by reactors.
 */
@CommandHandler(UserCommandMessage)
export class UserCommandHandler implements ICommandHandler<UserCommandMessage, UserCommandResult> {
  constructor(private readonly runner: CommandRunner) {}

  async execute({ ctx, userId, command }: UserCommandMessage): Promise<UserCommandResult> {
    return (await this.runner.run(userCommand(ctx, userId, command))).result!;
  }
}
