import { Controller } from '@nestjs/common';
import { USER_SCHEMA } from './user.schemas';
import { Requires } from '../../http/access';
import { Api, ApiRequest } from '../../http/api-request';
import { queryOf } from '../../http/endpoint-params';
import { ANY_MARKETPLACE_TOKEN, ApiQuery } from '../../http/endpoint.decorators';
import { Responder } from '../../http/responder';
import { UserResources } from '../user-resources';
import { ShowUserQuery } from './user.dto';

/** Marketplace API: other users, public attributes only. */
@Controller('v1/api/users')
export class UsersMarketplaceController {
  constructor(
    private readonly users: UserResources,
    private readonly respond: Responder,
  ) {}

  @ApiQuery('show', ANY_MARKETPLACE_TOKEN, { query: ShowUserQuery, returns: USER_SCHEMA })
  @Requires('read')
  async show(@Api() api: ApiRequest) {
    const { id } = queryOf(api, ShowUserQuery);
    return this.respond.one(api, await this.users.publicUser(api.auth.marketplaceId, id), 'user');
  }
}
