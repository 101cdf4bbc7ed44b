import { Controller, Inject } from '@nestjs/common';
import { INTEGRATION_USER_SCHEMA } from './user.schemas';
import { CommandBus } from '@nestjs/cqrs';
import { Api, ApiRequest, commandContextOf } from '../../http/api-request';
import { bodyOf } from '../../http/endpoint-params';
import { ApiCommand, INTEGRATION_TOKEN } from '../../http/endpoint.decorators';
import { Responder } from '../../http/responder';
import { CLOCK, type Clock } from '../../shared/clock';
import { UserCommandMessage } from '../commands/user-command.handler';
import { UserResources } from '../user-resources';
import { UserIdBody } from './user.dto';

/**
 * What the platform's Console does with users that its Integration API does not: ban and unban (the CLI's
 * `user ban|unban`). An `x-` path, never one the platform uses; the operator console calls it with its
 * session's token, so the event names the operator (docs/console.md).
 */
@Controller('v1/integration_api/x-users')
export class UsersOperatorController {
  constructor(
    private readonly commands: CommandBus,
    private readonly users: UserResources,
    private readonly respond: Responder,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @ApiCommand('ban', INTEGRATION_TOKEN, { body: UserIdBody, returns: INTEGRATION_USER_SCHEMA })
  ban(@Api() api: ApiRequest) {
    return this.setBanned(api, true);
  }

  @ApiCommand('unban', INTEGRATION_TOKEN, { body: UserIdBody, returns: INTEGRATION_USER_SCHEMA })
  unban(@Api() api: ApiRequest) {
    return this.setBanned(api, false);
  }

  private async setBanned(api: ApiRequest, banned: boolean) {
    const { id } = bodyOf(api, UserIdBody);
    await this.users.integrationUser(api.auth.marketplaceId, { id });
    await this.commands.execute(new UserCommandMessage(commandContextOf(api, this.clock), id, { type: 'set-banned', banned }));
    return this.respond.command(api, await this.users.integrationUser(api.auth.marketplaceId, { id }));
  }
}
