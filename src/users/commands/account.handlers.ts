import { CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { CommandContext } from '../../shared/command-context';
import { hashSecret } from '../../shared/secrets';
import { AccountMails } from '../account-mails';
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
    private readonly mails: AccountMails,
  ) {}

  async execute({ ctx, userId, currentPassword, email }: ChangeEmailCommand): Promise<void> {
    await this.credentials.requirePassword(ctx.marketplaceId, userId, currentPassword);
    const { after } = await this.commands.execute<UserCommandMessage, UserCommandResult>(new UserCommandMessage(ctx, userId, { type: 'change-email', email }));
    if (after.pendingEmail) await sendVerification(ctx, userId, this.commands, this.tokens, this.mails);
  }
}

/** Requests a verification token for the user's pending (else current) address and mails the link there. */
export const sendVerification = async (ctx: CommandContext, userId: string, commands: CommandBus, tokens: AccountTokens, mails: AccountMails): Promise<void> => {
  const token = tokens.issue();
  const { after } = await commands.execute<UserCommandMessage, UserCommandResult>(
    new UserCommandMessage(ctx, userId, { type: 'request-email-verification', token, now: ctx.now }),
  );
  const to = after.verificationRequests.at(-1)!.email;
  await mails.verification(ctx.marketplaceId, to, tokens.tokenFor(token.nonce), after.pendingEmail !== null);
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
    private readonly mails: AccountMails,
  ) {}

  execute({ ctx, userId }: SendVerificationEmailCommand): Promise<void> {
    return sendVerification(ctx, userId, this.commands, this.tokens, this.mails);
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
  constructor(
    private readonly commands: CommandBus,
    private readonly mails: AccountMails,
  ) {}

  async execute({ ctx, userId, by }: VerifyEmailCommand): Promise<void> {
    const { before, after } = await this.commands.execute<UserCommandMessage, UserCommandResult>(
      new UserCommandMessage(ctx, userId, { type: 'verify-email', by: 'token' in by ? { tokenHash: hashSecret(by.token) } : by, now: ctx.now }),
    );
    if (before.email !== after.email) await this.mails.notice(ctx.marketplaceId, after.email!, 'email-changed');
    else if (!before.emailVerified) await this.mails.notice(ctx.marketplaceId, after.email!, 'user-joined');
  }
}
