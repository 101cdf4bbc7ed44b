import { Controller } from '@nestjs/common';
import { MARKETPLACE_SCHEMA } from './marketplace.schemas';
import { Api, ApiRequest } from '../../http/api-request';
import { ANY_MARKETPLACE_TOKEN, ApiQuery, INTEGRATION_TOKEN } from '../../http/endpoint.decorators';
import { Responder } from '../../http/responder';
import { NoParams } from '../../http/validation';
import { MarketplaceDirectory } from '../marketplace-directory';

/** marketplace/show in both data APIs: the marketplace the token's client belongs to. */
@Controller()
export class MarketplaceController {
  constructor(
    private readonly marketplaces: MarketplaceDirectory,
    private readonly respond: Responder,
  ) {}

  @ApiQuery('v1/api/marketplace/show', ANY_MARKETPLACE_TOKEN, { returns: MARKETPLACE_SCHEMA })
  showToMarketplaceApi(@Api() api: ApiRequest) {
    return this.show(api);
  }

  @ApiQuery('v1/integration_api/marketplace/show', INTEGRATION_TOKEN, { returns: MARKETPLACE_SCHEMA })
  showToIntegrationApi(@Api() api: ApiRequest) {
    return this.show(api);
  }

  private async show(api: ApiRequest) {
    return this.respond.one(api, await this.marketplaces.resource(api.auth.marketplaceId), 'marketplace');
  }
}
