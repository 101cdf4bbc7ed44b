import { Controller, Inject, Ip } from '@nestjs/common';
import { CURRENT_USER_SCHEMA } from './user.schemas';
import { CommandBus } from '@nestjs/cqrs';
import { Api, ApiRequest, commandContextOf } from '../../http/api-request';
import { bodyOf } from '../../http/endpoint-params';
import { AuthAttemptLimits } from '../../http/auth-limits';
import { ApiCommand, USER_TOKEN } from '../../http/endpoint.decorators';
import { Responder } from '../../http/responder';
import { NoParams } from '../../http/validation';
import { ApiError } from '../../shared/api-error';
import { CLOCK, type Clock } from '../../shared/clock';
import { ChangeEmailCommand, SendVerificationEmailCommand, VerifyEmailCommand } from '../commands/account.handlers';
import { ChangePasswordCommand, DeleteUserCommand } from '../commands/password.handlers';
import { UserResources } from '../user-resources';
import { ChangeEmailBody, ChangePasswordBody, DeleteAccountBody, VerifyEmailBody } from './user.dto';

/** Marketplace API: the account's email, password, verification and deletion. Each answers with currentUser. */
@Controller('v1/api/current_user')
export class CurrentUserAccountController {
  constructor(
    private readonly commands: CommandBus,
    private readonly users: UserResources,
    private readonly respond: Responder,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly limits: AuthAttemptLimits,
  ) {}

  @ApiCommand('change_email', USER_TOKEN, { body: ChangeEmailBody, returns: CURRENT_USER_SCHEMA })
  async changeEmail(@Api() api: ApiRequest, @Ip() ip: string) {
    const body = bodyOf(api, ChangeEmailBody);
    await this.checkingPassword(api, ip, () => this.commands.execute(new ChangeEmailCommand(commandContextOf(api, this.clock), api.auth.userId!, body.currentPassword, body.email.trim())));
    return this.answer(api);
  }

  @ApiCommand('change_password', USER_TOKEN, { body: ChangePasswordBody, returns: CURRENT_USER_SCHEMA })
  async changePassword(@Api() api: ApiRequest, @Ip() ip: string) {
    const body = bodyOf(api, ChangePasswordBody);
    await this.checkingPassword(api, ip, () => this.commands.execute(new ChangePasswordCommand(commandContextOf(api, this.clock), api.auth.userId!, body.currentPassword, body.newPassword, api.auth.sessionId)));
    return this.answer(api);
  }

  @ApiCommand('verify_email', USER_TOKEN, { body: VerifyEmailBody, returns: CURRENT_USER_SCHEMA })
  async verifyEmail(@Api() api: ApiRequest) {
    const body = bodyOf(api, VerifyEmailBody);
    await this.commands.execute(new VerifyEmailCommand(commandContextOf(api, this.clock), api.auth.userId!, { token: body.verificationToken }));
    return this.answer(api);
  }

  @ApiCommand('send_verification_email', USER_TOKEN, { body: NoParams, returns: CURRENT_USER_SCHEMA })
  async sendVerificationEmail(@Api() api: ApiRequest, @Ip() ip: string) {
    this.limits.mailRequested({ account: `${api.auth.marketplaceId}:user:${api.auth.userId}`, address: ip });
    await this.commands.execute(new SendVerificationEmailCommand(commandContextOf(api, this.clock), api.auth.userId!));
    return this.answer(api);
  }

  @ApiCommand('delete', USER_TOKEN, { body: DeleteAccountBody, returns: CURRENT_USER_SCHEMA })
  async delete(@Api() api: ApiRequest, @Ip() ip: string) {
    const body = bodyOf(api, DeleteAccountBody);
    await this.checkingPassword(api, ip, () => this.commands.execute(new DeleteUserCommand(commandContextOf(api, this.clock), api.auth.userId!, body.currentPassword ?? null)));
    return this.answer(api);
  }

  /** A stolen access token must not be a way to guess the password: wrong current passwords count as failed logins. */
  private checkingPassword(api: ApiRequest, ip: string, run: () => Promise<unknown>) {
    const keys = { account: `${api.auth.marketplaceId}:user:${api.auth.userId}`, address: ip };
    return this.limits.passwordAttempt(keys, run, (error) => error instanceof ApiError && error.status === 403 && error.items[0].source?.path[0] === 'currentPassword');
  }


  private async answer(api: ApiRequest) {
    return this.respond.command(api, await this.users.currentUser(api.auth.marketplaceId, api.auth.userId!));
  }
}
