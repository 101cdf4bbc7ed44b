import { Controller } from '@nestjs/common';
import { Requires } from '../../http/access';
import { Api, ApiRequest } from '../../http/api-request';
import { ANY_MARKETPLACE_TOKEN, ApiQuery } from '../../http/endpoint.decorators';
import { Responder } from '../../http/responder';
import { validateParams } from '../../http/validation';
import { UserResources } from '../user-resources';
import { ShowUserQuery } from './user.dto';

/** Marketplace API: other users, public attributes only. */
@Controller('v1/api/users')
export class UsersMarketplaceController {
  constructor(
    private readonly users: UserResources,
    private readonly respond: Responder,
  ) {}

  @ApiQuery('show', ANY_MARKETPLACE_TOKEN)
  @Requires('read')
  async show(@Api() api: ApiRequest) {
    const { id } = validateParams(ShowUserQuery, api.query, 'query');
    return this.respond.one(api, await this.users.publicUser(api.auth.marketplaceId, id), 'user');
  }
}
