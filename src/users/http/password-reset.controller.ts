import { Controller, Inject } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { Api, ApiRequest, commandContextOf } from '../../http/api-request';
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
  ) {}

  @ApiCommand('request', ANY_MARKETPLACE_TOKEN)
  async request(@Api() api: ApiRequest) {
    validateParams(NoParams, api.query, 'query');
    const body = validateParams(PasswordResetRequestBody, api.body, 'body');
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
