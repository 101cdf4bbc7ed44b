import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { StoredListing } from './domain/listing.views';
import { FindListingQuery } from './queries/listing.queries';

/**
 * One listing by id, for this context's controllers and for other contexts' relationships (an availability
 * exception's or a stock adjustment's `listing`). Within one request (keyed by its auth context, which the
 * relationship loaders see too) a listing is read once: a page's listings are remembered when `include` resolves
 * their author and images.
 */
@Injectable()
export class ListingLookup {
  private readonly perRequest = new WeakMap<object, Map<string, Promise<StoredListing | null>>>();

  constructor(private readonly queries: QueryBus) {}

  find(marketplaceId: string, listingId: string, request?: object): Promise<StoredListing | null> {
    const cache = request ? this.cacheOf(request) : null;
    let found = cache?.get(listingId);
    if (!found) {
      found = this.queries.execute<FindListingQuery, StoredListing | null>(new FindListingQuery(marketplaceId, listingId));
      cache?.set(listingId, found);
    }
    return found;
  }

  /** Listings the request has read already (a query's page), so that its includes find them without a read. */
  remember(request: object, listings: readonly StoredListing[]): void {
    const cache = this.cacheOf(request);
    for (const listing of listings) cache.set(listing.id.uuid, Promise.resolve(listing));
  }

  private cacheOf(request: object): Map<string, Promise<StoredListing | null>> {
    let cache = this.perRequest.get(request);
    if (!cache) {
      cache = new Map();
      this.perRequest.set(request, cache);
    }
    return cache;
  }
}
