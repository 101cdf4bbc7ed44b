import { Controller } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Requires } from '../../http/access';
import { Api, ApiRequest } from '../../http/api-request';
import { ANY_MARKETPLACE_TOKEN, ApiQuery } from '../../http/endpoint.decorators';
import { Responder } from '../../http/responder';
import { uuid } from '../../shared/values';
import { SitemapListingIdsQuery } from '../queries/listing.queries';

/**
 * Marketplace API `sitemap_data/query_listings` (`sdk.sitemapData.queryListings`, the Web Template's sitemap): the
 * 10,000 most recent published listings as `listing` resources with no attributes (the template reads only the
 * id), newest first; no parameters; on a private marketplace only signed-in users may read it (403 otherwise).
 * The platform caches the answer for a day; this server answers from the search read model, always current.
 */
@Controller('v1/api/sitemap_data')
export class SitemapListingsController {
  constructor(
    private readonly queries: QueryBus,
    private readonly respond: Responder,
  ) {}

  @ApiQuery('query_listings', ANY_MARKETPLACE_TOKEN, { list: true })
  @Requires('read')
  async queryListings(@Api() api: ApiRequest) {
    const ids = await this.queries.execute<SitemapListingIdsQuery, string[]>(new SitemapListingIdsQuery(api.auth.marketplaceId));
    return this.respond.many(api, ids.map((id) => ({ id: uuid(id) as unknown as string, type: 'listing', attributes: {} })), {});
  }
}
