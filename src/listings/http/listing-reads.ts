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
import { CLOCK, type Clock } from '../../shared/clock';
import { Inject } from '@nestjs/common';
import { FindListingQuery, ListingPage, SearchListingsQuery } from '../queries/listing.queries';

/** Past this many matches only the first pages are served (meta.paginationLimit). */
export const PAGINATION_WINDOW = 10_000;

/**
 * What the listing controllers read: one listing, or a page of a listing query with its meta. Within one request
 * (keyed by its auth context, which the relationship loaders see too) a listing is read once: the page's
 * listings are reused when `include` resolves their author and images.
 */
@Injectable()
export class ListingReads {
  private readonly perRequest = new WeakMap<object, Map<string, Promise<StoredListing | null>>>();

  constructor(
    private readonly queries: QueryBus,
    private readonly schemas: SearchSchemas,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  find(marketplaceId: string, listingId: string, request?: object): Promise<StoredListing | null> {
    const cache = request ? this.cacheOf(request) : null;
    let found = cache?.get(listingId);
    if (!found) {
      found = this.queries.execute<FindListingQuery, StoredListing | null>(new FindListingQuery(marketplaceId, listingId));
      cache?.set(listingId, found);
    }
    return found;
  }

  private cacheOf(request: object): Map<string, Promise<StoredListing | null>> {
    let cache = this.perRequest.get(request);
    if (!cache) {
      cache = new Map();
      this.perRequest.set(request, cache);
    }
    return cache;
  }

  async query(api: ApiRequest, scope: ListingQueryScope, ownerId?: string): Promise<{ listings: StoredListing[]; meta: Record<string, unknown> }> {
    const schemas = await this.schemas.list(api.auth.marketplaceId, 'listing');
    const query = parseListingQuery(api, scope, schemas, ownerId);
    const availability = parseAvailabilityFilter(api.query, this.clock.now());
    if (availability?.planType === 'time') query.withoutTotal = true;
    if (availability) query.availability = await this.queries.execute<AvailabilityRestrictionQuery, AvailabilityRestriction>(new AvailabilityRestrictionQuery(api.auth.marketplaceId, availability));
    const page = await this.queries.execute<SearchListingsQuery, ListingPage>(new SearchListingsQuery(query));
    const cache = this.cacheOf(api.auth);
    for (const listing of page.listings) cache.set(listing.id.uuid, Promise.resolve(listing));
    const limit = page.total > PAGINATION_WINDOW ? Math.floor(PAGINATION_WINDOW / api.common.perPage) : undefined;
    if (limit !== undefined && api.common.page > limit)
      throw invalidValue(['page'], 'query', `More than ${PAGINATION_WINDOW} listings match: pages up to ${limit} can be read; narrow the query (createdAtStart, createdAtEnd).`);
    // Time-based availability queries are not paginated (the platform's rule): one page, no totals.
    if (availability?.planType === 'time') return { listings: page.listings, meta: { paginationUnsupported: true, page: api.common.page, perPage: api.common.perPage } };
    return { listings: page.listings, meta: paginationMeta(page.total, api.common, limit) };
  }
}
