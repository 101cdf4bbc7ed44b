import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { ApiRequest } from '../../http/api-request';
import { paginationMeta } from '../../http/common-params';
import { invalidValue } from '../../shared/api-error';
import { SearchSchemas } from '../../search-schemas/search-schemas';
import type { StoredListing } from '../domain/listing.views';
import { ListingQueryScope, parseAvailabilityFilter, parseListingQuery } from './listing-query.params';
import { AvailabilityRestrictionQuery } from '../../availability/queries/availability-restriction.query';
import type { AvailabilityRestriction } from '../../search/listing-search.port';
import { CLOCK, type Clock, withinClientNow } from '../../shared/clock';
import { Inject } from '@nestjs/common';
import { ListingPage, SearchListingsQuery } from '../queries/listing.queries';
import { ListingLookup } from '../listing-lookup';

/** Past this many matches only the first pages are served (meta.paginationLimit). */
export const PAGINATION_WINDOW = 10_000;

/**
 * What the listing controllers read: one listing, or a page of a listing query with its meta. A page's listings
 * are remembered for the request (ListingLookup), so `include` resolves their author and images without reads.
 */
@Injectable()
export class ListingReads {
  constructor(
    private readonly queries: QueryBus,
    private readonly schemas: SearchSchemas,
    private readonly lookup: ListingLookup,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  find(marketplaceId: string, listingId: string, request?: object): Promise<StoredListing | null> {
    return this.lookup.find(marketplaceId, listingId, request);
  }

  async query(api: ApiRequest, scope: ListingQueryScope, ownerId?: string): Promise<{ listings: StoredListing[]; meta: Record<string, unknown> }> {
    const schemas = await this.schemas.list(api.auth.marketplaceId, 'listing');
    const query = parseListingQuery(api, scope, schemas, ownerId);
    const availability = withinClientNow(this.clock, (now) => parseAvailabilityFilter(api.query, now));
    if (availability?.planType === 'time') query.withoutTotal = true;
    if (availability) query.availability = await this.queries.execute<AvailabilityRestrictionQuery, AvailabilityRestriction>(new AvailabilityRestrictionQuery(api.auth.marketplaceId, availability));
    const page = await this.queries.execute<SearchListingsQuery, ListingPage>(new SearchListingsQuery(query));
    this.lookup.remember(api.auth, page.listings);
    const limit = page.total > PAGINATION_WINDOW ? Math.floor(PAGINATION_WINDOW / api.common.perPage) : undefined;
    if (limit !== undefined && api.common.page > limit)
      throw invalidValue(['page'], 'query', `More than ${PAGINATION_WINDOW} listings match: pages up to ${limit} can be read; narrow the query (createdAtStart, createdAtEnd).`);
    // Time-based availability queries are not paginated (the platform's rule): one page, no totals.
    if (availability?.planType === 'time') return { listings: page.listings, meta: { paginationUnsupported: true, page: api.common.page, perPage: api.common.perPage } };
    return { listings: page.listings, meta: paginationMeta(page.total, api.common, limit) };
  }
}
