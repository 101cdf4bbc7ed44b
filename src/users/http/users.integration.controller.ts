import { Controller, Inject } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { Api, ApiRequest, commandContextOf } from '../../http/api-request';
import { ApiCommand, ApiQuery, INTEGRATION_TOKEN } from '../../http/endpoint.decorators';
import { Responder } from '../../http/responder';
import { validateParams } from '../../http/validation';
import { CLOCK } from '../../infrastructure/tokens';
import { notFound } from '../../shared/api-error';
import type { Clock } from '../../shared/clock';
import { UpdateProfileCommand } from '../commands/update-profile.handler';
import { integrationUser, StoredUser } from '../domain/user.views';
import { FindUserQuery } from '../queries/find-user.query';
import { NoParams, ShowUserByIdOrEmailQuery, UpdateUserProfileBody } from './user.dto';

/** Integration API: every attribute of every user of the marketplace. */
@Controller('v1/integration_api/users')
export class UsersIntegrationController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly respond: Responder,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @ApiQuery('show', INTEGRATION_TOKEN)
  async show(@Api() api: ApiRequest) {
    const q = validateParams(ShowUserByIdOrEmailQuery, api.query, 'query');
    const user = await this.find(api, q.id !== undefined ? { id: q.id } : { email: q.email! });
    return this.respond.one(api, user ? integrationUser(user) : null, 'user');
  }

  @ApiCommand('update_profile', INTEGRATION_TOKEN)
  async updateProfile(@Api() api: ApiRequest) {
    validateParams(NoParams, api.query, 'query');
    const { id, ...update } = validateParams(UpdateUserProfileBody, api.body, 'body');
    if (!(await this.find(api, { id }))) throw notFound('No such user.');
    await this.commands.execute(
      new UpdateProfileCommand(commandContextOf(api, this.clock), id, {
        ...update,
        firstName: update.firstName ?? undefined,
        lastName: update.lastName ?? undefined,
      }),
    );
    return this.respond.command(api, integrationUser((await this.find(api, { id }))!));
  }

  private find(api: ApiRequest, by: { id: string } | { email: string }) {
    return this.queries.execute<FindUserQuery, StoredUser | null>(new FindUserQuery(api.auth.marketplaceId, by));
  }
}
