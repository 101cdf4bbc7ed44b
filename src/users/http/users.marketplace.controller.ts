import { Controller } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Api, ApiRequest } from '../../http/api-request';
import { ANY_MARKETPLACE_TOKEN, ApiQuery } from '../../http/endpoint.decorators';
import { Responder } from '../../http/responder';
import { validateParams } from '../../http/validation';
import { publicUserView, StoredUser } from '../domain/user.views';
import { FindUserQuery } from '../queries/find-user.query';
import { ShowUserQuery } from './user.dto';

/** Marketplace API: other users, public attributes only. */
@Controller('v1/api/users')
export class UsersMarketplaceController {
  constructor(
    private readonly queries: QueryBus,
    private readonly respond: Responder,
  ) {}

  @ApiQuery('show', ANY_MARKETPLACE_TOKEN)
  async show(@Api() api: ApiRequest) {
    const { id } = validateParams(ShowUserQuery, api.query, 'query');
    const user = await this.queries.execute<FindUserQuery, StoredUser | null>(new FindUserQuery(api.auth.marketplaceId, { id }));
    return this.respond.one(api, user ? publicUserView(user) : null, 'user');
  }
}
