import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DOCUMENTS, type DocumentStore } from '../../read-models/document-store.port';
import { isUuid } from '../../shared/values';
import { LISTING_SEARCH, ListingSearch, ListingSearchQuery } from '../../search/listing-search.port';
import type { StoredListing } from '../domain/listing.views';
import { LISTINGS } from '../listings.projection';

export class FindListingQuery {
  constructor(
    readonly marketplaceId: string,
    readonly listingId: string,
  ) {}
}

/** One listing of the marketplace from the listings read model (a deleted one as its tombstone), or null. */
@QueryHandler(FindListingQuery)
export class FindListingHandler implements IQueryHandler<FindListingQuery, StoredListing | null> {
  constructor(@Inject(DOCUMENTS) private readonly documents: DocumentStore) {}

  execute({ marketplaceId, listingId }: FindListingQuery): Promise<StoredListing | null> {
    return isUuid(listingId) ? this.documents.get<StoredListing>(LISTINGS, marketplaceId, listingId) : Promise.resolve(null);
  }
}

export class SearchListingsQuery {
  constructor(readonly query: ListingSearchQuery) {}
}

export interface ListingPage {
  listings: StoredListing[];
  total: number;
}

/** Any listing query of either API: the search read model answers ids in order, the listings read model the listings. */
@QueryHandler(SearchListingsQuery)
export class SearchListingsHandler implements IQueryHandler<SearchListingsQuery, ListingPage> {
  constructor(
    @Inject(LISTING_SEARCH) private readonly search: ListingSearch,
    @Inject(DOCUMENTS) private readonly documents: DocumentStore,
  ) {}

  async execute({ query }: SearchListingsQuery): Promise<ListingPage> {
    const { ids, total } = await this.search.query(query);
    const listings = await Promise.all(ids.map((id) => this.documents.get<StoredListing>(LISTINGS, query.marketplaceId, id)));
    return { listings: listings.filter((l): l is StoredListing => l !== null), total };
  }
}

/** The Marketplace API's sitemap data: at most this many listings, the most recent (the platform's figure). */
export const SITEMAP_LISTINGS = 10_000;

export class SitemapListingIdsQuery {
  constructor(readonly marketplaceId: string) {}
}

/** The ids of the most recent published listings, newest first, from the search read model alone. */
@QueryHandler(SitemapListingIdsQuery)
export class SitemapListingIdsHandler implements IQueryHandler<SitemapListingIdsQuery, string[]> {
  constructor(@Inject(LISTING_SEARCH) private readonly search: ListingSearch) {}

  async execute({ marketplaceId }: SitemapListingIdsQuery): Promise<string[]> {
    const { ids } = await this.search.query({ marketplaceId, states: ['published'], offset: 0, limit: SITEMAP_LISTINGS, withoutTotal: true });
    return ids;
  }
}
