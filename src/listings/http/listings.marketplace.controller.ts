import { Controller } from '@nestjs/common';
import { LISTING_SCHEMA } from './listing.schemas';
import { Requires } from '../../http/access';
import { Api, ApiRequest } from '../../http/api-request';
import { queryOf } from '../../http/endpoint-params';
import { ANY_MARKETPLACE_TOKEN, ApiQuery } from '../../http/endpoint.decorators';
import { Responder } from '../../http/responder';
import { isLive, publicListingView } from '../domain/listing.views';
import { ListingReads } from './listing-reads';
import { LISTING_FILTER_PREFIXES, LISTING_QUERY_PARAMS } from './listing-query.params';
import { ShowListingQuery } from './listing.dto';

/** Published listings are public; closed ones stay reachable by id. Drafts and pending listings are not found here. */
const VISIBLE = new Set(['published', 'closed']);

const PUBLIC_LISTING_QUERY = { paginated: true, returns: LISTING_SCHEMA, query: LISTING_QUERY_PARAMS.public, filterPrefixes: LISTING_FILTER_PREFIXES, ignoresUnknownQuery: true };

/** Marketplace API listings/*: what every visitor sees, as `listing` (no private data). */
@Controller('v1/api/listings')
export class ListingsMarketplaceController {
  constructor(
    private readonly reads: ListingReads,
    private readonly respond: Responder,
  ) {}

  @ApiQuery('show', ANY_MARKETPLACE_TOKEN, { query: ShowListingQuery, returns: LISTING_SCHEMA })
  @Requires('read')
  async show(@Api() api: ApiRequest) {
    const { id } = queryOf(api, ShowListingQuery);
    const listing = await this.reads.find(api.auth.marketplaceId, id);
    const visible = isLive(listing) && VISIBLE.has(listing.attributes.state as string);
    return this.respond.one(api, visible ? publicListingView(listing) : null, 'listing');
  }

  @ApiQuery('query', ANY_MARKETPLACE_TOKEN, PUBLIC_LISTING_QUERY)
  @Requires('read')
  async query(@Api() api: ApiRequest) {
    const { listings, meta } = await this.reads.query(api, 'public');
    return this.respond.many(api, listings.map(publicListingView), meta);
  }

  /** In the SDK's endpoint list since 2017, undocumented otherwise: the same as listings/query. */
  @ApiQuery('search', ANY_MARKETPLACE_TOKEN, PUBLIC_LISTING_QUERY)
  @Requires('read')
  search(@Api() api: ApiRequest) {
    return this.query(api);
  }
}
