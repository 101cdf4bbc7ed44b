import { CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { apiError, conflict } from '../../shared/api-error';
import type { CommandContext } from '../../shared/command-context';
import { hashSecret } from '../../shared/secrets';
import { AccountTokens } from '../account-tokens';
import { Passwords } from '../passwords';
import { UserCredentials } from '../user-credentials';
import { UserCommandMessage } from './user-command.handler';

/** `current_user/change_password`: the current password must match (403 otherwise). */
export class ChangePasswordCommand {
  constructor(
    readonly ctx: CommandContext,
    readonly userId: string,
    readonly currentPassword: string,
    readonly newPassword: string,
    /** The session of the token that asks: it stays signed in, the user's other sessions end. */
    readonly sessionId: string | null,
  ) {}
}

@CommandHandler(ChangePasswordCommand)
export class ChangePasswordHandler implements ICommandHandler<ChangePasswordCommand> {
  constructor(
    private readonly commands: CommandBus,
    private readonly credentials: UserCredentials,
    private readonly passwords: Passwords,
  ) {}

  async execute({ ctx, userId, currentPassword, newPassword, sessionId }: ChangePasswordCommand): Promise<void> {
    await this.credentials.requirePassword(ctx.marketplaceId, userId, currentPassword);
    const passwordHash = await this.passwords.hash(newPassword);
    await this.commands.execute(new UserCommandMessage(ctx, userId, { type: 'change-password', passwordHash, keepSessionId: sessionId }));
  }
}

/** `password_reset/request`: a one-hour token mailed to the address; 409 email-not-found for unknown addresses. */
export class RequestPasswordResetCommand {
  constructor(
    readonly ctx: CommandContext,
    readonly email: string,
  ) {}
}

@CommandHandler(RequestPasswordResetCommand)
export class RequestPasswordResetHandler implements ICommandHandler<RequestPasswordResetCommand> {
  constructor(
    private readonly credentials: UserCredentials,
    private readonly commands: CommandBus,
    private readonly tokens: AccountTokens,
  ) {}

  async execute({ ctx, email }: RequestPasswordResetCommand): Promise<void> {
    const userId = await this.credentials.holderOf(ctx.marketplaceId, email);
    if (!userId) throw conflict('email-not-found', 'No user has that email address in this marketplace.');
    await this.commands.execute(new UserCommandMessage(ctx, userId, { type: 'request-password-reset', token: this.tokens.issue(), email: email.trim(), now: ctx.now }));
  }
}

/** `password_reset/reset`: 403 forbidden when the token is invalid, expired or for another address. */
export class ResetPasswordCommand {
  constructor(
    readonly ctx: CommandContext,
    readonly email: string,
    readonly token: string,
    readonly newPassword: string,
  ) {}
}

@CommandHandler(ResetPasswordCommand)
export class ResetPasswordHandler implements ICommandHandler<ResetPasswordCommand> {
  constructor(
    private readonly credentials: UserCredentials,
    private readonly commands: CommandBus,
    private readonly passwords: Passwords,
  ) {}

  async execute({ ctx, email, token, newPassword }: ResetPasswordCommand): Promise<void> {
    const userId = await this.credentials.holderOf(ctx.marketplaceId, email);
    if (!userId) throw apiError(403, 'forbidden', 'The password reset token is invalid, expired or for another email.');
    const passwordHash = await this.passwords.hash(newPassword);
    await this.commands.execute(new UserCommandMessage(ctx, userId, { type: 'reset-password', tokenHash: hashSecret(token), passwordHash, now: ctx.now }));
  }
}

/** `current_user/delete`: irreversible; the current password must match. */
export class DeleteUserCommand {
  constructor(
    readonly ctx: CommandContext,
    readonly userId: string,
    readonly currentPassword: string | null,
  ) {}
}

@CommandHandler(DeleteUserCommand)
export class DeleteUserHandler implements ICommandHandler<DeleteUserCommand> {
  constructor(
    private readonly commands: CommandBus,
    private readonly credentials: UserCredentials,
  ) {}

  async execute({ ctx, userId, currentPassword }: DeleteUserCommand): Promise<void> {
    // Users who signed up through an identity provider have no password to give.
    if (currentPassword !== null || (await this.credentials.hasPassword(ctx.marketplaceId, userId)))
      await this.credentials.requirePassword(ctx.marketplaceId, userId, currentPassword ?? '');
    await this.commands.execute(new UserCommandMessage(ctx, userId, { type: 'delete', now: ctx.now }));
  }
}
