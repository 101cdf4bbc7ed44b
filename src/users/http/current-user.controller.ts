import { Controller, Inject } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { Api, ApiRequest, commandContextOf } from '../../http/api-request';
import { ANY_MARKETPLACE_TOKEN, ApiCommand, ApiQuery, USER_TOKEN } from '../../http/endpoint.decorators';
import { Responder } from '../../http/responder';
import { validateParams } from '../../http/validation';
import { CLOCK } from '../../infrastructure/tokens';
import type { Clock } from '../../shared/clock';
import { CreateUserCommand } from '../commands/create-user.handler';
import { UpdateProfileCommand } from '../commands/update-profile.handler';
import { currentUserView, StoredUser } from '../domain/user.views';
import { FindUserQuery } from '../queries/find-user.query';
import { NoParams, SignUpBody, UpdateOwnProfileBody } from './user.dto';

/** Marketplace API: the authenticated user's own account. */
@Controller('v1/api/current_user')
export class CurrentUserController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly respond: Responder,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @ApiQuery('show', USER_TOKEN)
  async show(@Api() api: ApiRequest) {
    validateParams(NoParams, api.query, 'query');
    return this.respond.one(api, await this.currentUser(api, api.auth.userId!), 'user');
  }

  /** Sign-up needs no user, only the marketplace's anonymous token. */
  @ApiCommand('create', ANY_MARKETPLACE_TOKEN)
  async create(@Api() api: ApiRequest) {
    validateParams(NoParams, api.query, 'query');
    const body = validateParams(SignUpBody, api.body, 'body');
    const userId = await this.commands.execute(
      new CreateUserCommand(commandContextOf(api, this.clock), { ...body, displayName: body.displayName ?? undefined, bio: body.bio ?? undefined }),
    );
    return this.respond.command(api, (await this.currentUser(api, userId))!);
  }

  @ApiCommand('update_profile', USER_TOKEN)
  async updateProfile(@Api() api: ApiRequest) {
    validateParams(NoParams, api.query, 'query');
    const body = validateParams(UpdateOwnProfileBody, api.body, 'body');
    const userId = api.auth.userId!;
    await this.commands.execute(
      new UpdateProfileCommand(commandContextOf(api, this.clock), userId, {
        ...body,
        // The SDK writes undefined as null: a null name means "not given"; a null displayName means "default".
        firstName: body.firstName ?? undefined,
        lastName: body.lastName ?? undefined,
      }),
    );
    return this.respond.command(api, (await this.currentUser(api, userId))!);
  }

  private async currentUser(api: ApiRequest, userId: string) {
    const user = await this.queries.execute<FindUserQuery, StoredUser | null>(new FindUserQuery(api.auth.marketplaceId, { id: userId }));
    return user && !user.attributes.deleted ? currentUserView(user) : null;
  }
}
