import { Controller, Inject, Ip } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { Api, ApiRequest, commandContextOf } from '../../http/api-request';
import { AuthAttemptLimits } from '../../http/auth-limits';
import { ANY_MARKETPLACE_TOKEN, ApiCommand } from '../../http/endpoint.decorators';
import { Responder } from '../../http/responder';
import { NoParams, validateParams } from '../../http/validation';
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

  @ApiCommand('request', ANY_MARKETPLACE_TOKEN)
  async request(@Api() api: ApiRequest, @Ip() ip: string) {
    validateParams(NoParams, api.query, 'query');
    const body = validateParams(PasswordResetRequestBody, api.body, 'body');
    // Mails to one address (and from one client) are limited: the endpoint must not be a mail cannon.
    this.limits.mailRequested({ account: `${api.auth.marketplaceId}:${body.email.trim().toLowerCase()}`, address: ip });
    await this.commands.execute(new RequestPasswordResetCommand(commandContextOf(api, this.clock), body.email));
    return this.respond.command(api, { id: randomUUID(), type: 'passwordReset', attributes: {} });
  }

  @ApiCommand('reset', ANY_MARKETPLACE_TOKEN)
  async reset(@Api() api: ApiRequest) {
    validateParams(NoParams, api.query, 'query');
    const body = validateParams(PasswordResetBody, api.body, 'body');
    await this.commands.execute(new ResetPasswordCommand(commandContextOf(api, this.clock), body.email, body.passwordResetToken, body.newPassword));
    return this.respond.command(api, { id: randomUUID(), type: 'passwordReset', attributes: {} });
  }
}
