import { CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { CommandContext } from '../../shared/command-context';
import { hashSecret } from '../../shared/secrets';
import { AccountTokens } from '../account-tokens';
import { UserCredentials } from '../user-credentials';
import { UserCommandMessage, UserCommandResult } from './user-command.handler';

/** `current_user/change_email`: the new address is pending until verified through the link mailed to it. */
export class ChangeEmailCommand {
  constructor(
    readonly ctx: CommandContext,
    readonly userId: string,
    readonly currentPassword: string,
    readonly email: string,
  ) {}
}

@CommandHandler(ChangeEmailCommand)
export class ChangeEmailHandler implements ICommandHandler<ChangeEmailCommand> {
  constructor(
    private readonly commands: CommandBus,
    private readonly credentials: UserCredentials,
    private readonly tokens: AccountTokens,
  ) {}

  async execute({ ctx, userId, currentPassword, email }: ChangeEmailCommand): Promise<void> {
    await this.credentials.requirePassword(ctx.marketplaceId, userId, currentPassword);
    const { after } = await this.commands.execute<UserCommandMessage, UserCommandResult>(new UserCommandMessage(ctx, userId, { type: 'change-email', email }));
    if (after.pendingEmail) await requestVerification(ctx, userId, this.commands, this.tokens);
  }
}

/** Requests a verification link for the user's pending (else current) address; the mail reactor sends it. */
export const requestVerification = async (ctx: CommandContext, userId: string, commands: CommandBus, tokens: AccountTokens): Promise<void> => {
  await commands.execute(new UserCommandMessage(ctx, userId, { type: 'request-email-verification', token: tokens.issue(), now: ctx.now }));
};

/** `current_user/send_verification_email`. */
export class SendVerificationEmailCommand {
  constructor(
    readonly ctx: CommandContext,
    readonly userId: string,
  ) {}
}

@CommandHandler(SendVerificationEmailCommand)
export class SendVerificationEmailHandler implements ICommandHandler<SendVerificationEmailCommand> {
  constructor(
    private readonly commands: CommandBus,
    private readonly tokens: AccountTokens,
  ) {}

  execute({ ctx, userId }: SendVerificationEmailCommand): Promise<void> {
    return requestVerification(ctx, userId, this.commands, this.tokens);
  }
}

/** `current_user/verify_email` (by the mailed token) and Integration API `users/verify_email` (by address). */
export class VerifyEmailCommand {
  constructor(
    readonly ctx: CommandContext,
    readonly userId: string,
    readonly by: { token: string } | { email: string },
  ) {}
}

@CommandHandler(VerifyEmailCommand)
export class VerifyEmailHandler implements ICommandHandler<VerifyEmailCommand> {
  constructor(private readonly commands: CommandBus) {}

  async execute({ ctx, userId, by }: VerifyEmailCommand): Promise<void> {
    await this.commands.execute(
      new UserCommandMessage(ctx, userId, { type: 'verify-email', by: 'token' in by ? { tokenHash: hashSecret(by.token) } : by, now: ctx.now }),
    );
  }
}
