import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { RelationshipRegistry } from '../../http/envelope';
import { integrationListing, isLive, ownListingView, publicListingView } from '../../listings/domain/listing.views';
import { ListingLookup } from '../../listings/listing-lookup';
import { DOCUMENTS, type DocumentStore } from '../../read-models/document-store.port';
import { AVAILABILITY_EXCEPTIONS } from '../availability.projection';
import type { StoredException } from '../domain/availability.views';

/** `availabilityException.listing`: the author's `ownListing` on the Marketplace API, the `listing` on the Integration API. */
@Injectable()
export class AvailabilityRelationships implements OnModuleInit {
  constructor(
    private readonly registry: RelationshipRegistry,
    private readonly listings: ListingLookup,
    @Inject(DOCUMENTS) private readonly documents: DocumentStore,
  ) {}

  onModuleInit(): void {
    this.registry.register('availabilityException', 'listing', async (r, ctx) => {
      const exception = await this.documents.get<StoredException>(AVAILABILITY_EXCEPTIONS, ctx.auth.marketplaceId, r.id);
      if (!exception) return null;
      const listing = await this.listings.find(ctx.auth.marketplaceId, exception.relationships.listing.data.id.uuid, ctx.auth);
      if (!isLive(listing)) return null;
      if (ctx.auth.scope === 'integ') return integrationListing(listing);
      return listing.relationships.author.data?.id.uuid === ctx.auth.userId ? ownListingView(listing) : publicListingView(listing);
    });
  }
}
