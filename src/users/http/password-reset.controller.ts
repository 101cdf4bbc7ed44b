import { Controller, Inject, Ip } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { Api, ApiRequest, commandContextOf } from '../../http/api-request';
import { bodyOf } from '../../http/endpoint-params';
import { AuthAttemptLimits } from '../../http/auth-limits';
import { ANY_MARKETPLACE_TOKEN, ApiCommand } from '../../http/endpoint.decorators';
import { Responder } from '../../http/responder';
import { CLOCK, type Clock } from '../../shared/clock';
import { RequestPasswordResetCommand, ResetPasswordCommand } from '../commands/password.handlers';
import { PasswordResetBody, PasswordResetRequestBody } from './user.dto';

/** Marketplace API: forgotten passwords, with the anonymous token. Answers are `passwordReset` references. */
@Controller('v1/api/password_reset')
export class PasswordResetController {
  constructor(
    private readonly commands: CommandBus,
    private readonly respond: Responder,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly limits: AuthAttemptLimits,
  ) {}

  @ApiCommand('request', ANY_MARKETPLACE_TOKEN, { body: PasswordResetRequestBody })
  async request(@Api() api: ApiRequest, @Ip() ip: string) {
    const body = bodyOf(api, PasswordResetRequestBody);
    // Mails to one address (and from one client) are limited: the endpoint must not be a mail cannon.
    this.limits.mailRequested({ account: `${api.auth.marketplaceId}:${body.email.trim().toLowerCase()}`, address: ip });
    await this.commands.execute(new RequestPasswordResetCommand(commandContextOf(api, this.clock), body.email));
    return this.respond.command(api, { id: randomUUID(), type: 'passwordReset', attributes: {} });
  }

  @ApiCommand('reset', ANY_MARKETPLACE_TOKEN, { body: PasswordResetBody })
  async reset(@Api() api: ApiRequest) {
    const body = bodyOf(api, PasswordResetBody);
    await this.commands.execute(new ResetPasswordCommand(commandContextOf(api, this.clock), body.email, body.passwordResetToken, body.newPassword));
    return this.respond.command(api, { id: randomUUID(), type: 'passwordReset', attributes: {} });
  }
}
