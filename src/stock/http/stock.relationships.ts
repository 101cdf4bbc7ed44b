import { Injectable, OnModuleInit } from '@nestjs/common';
import { LoadContext, RelationshipRegistry } from '../../http/envelope';
import { authorIdOf, integrationListing, isLive, ownListingView, publicListingView } from '../../listings/domain/listing.views';
import { ListingLookup } from '../../listings/listing-lookup';
import type { Resource } from '../../shared/resource';
import { resourceOf, StockReads } from '../queries/stock.reads';

/**
 * Stock relationships: a listing's `currentStock` (both APIs, own and public listings); an adjustment's listing
 * (`ownListing` on the Marketplace API, `listing` on the Integration API) and reservation; a reservation's listing
 * and adjustments.
 */
@Injectable()
export class StockRelationships implements OnModuleInit {
  constructor(
    private readonly registry: RelationshipRegistry,
    private readonly reads: StockReads,
    private readonly listings: ListingLookup,
  ) {}

  onModuleInit(): void {
    for (const type of ['listing', 'ownListing']) this.registry.register(type, 'currentStock', async (r, ctx) => this.currentStock(r.id, ctx));
    for (const relationship of ['listing', 'ownListing'])
      this.registry.register('stockAdjustment', relationship, async (r, ctx) => {
        const adjustment = await this.reads.adjustment(ctx.auth.marketplaceId, r.id);
        return adjustment?.relationships.listing.data ? this.listing(adjustment.relationships.listing.data.id.uuid, ctx) : null;
      });
    this.registry.register('stockAdjustment', 'stockReservation', async (r, ctx) => {
      const reservationId = (await this.reads.adjustment(ctx.auth.marketplaceId, r.id))?.relationships.stockReservation.data?.id.uuid;
      const reservation = reservationId ? await this.reads.reservation(ctx.auth.marketplaceId, reservationId) : null;
      return reservation ? resourceOf(reservation) : null;
    });
    this.registry.register('stockReservation', 'listing', async (r, ctx) => {
      const reservation = await this.reads.reservation(ctx.auth.marketplaceId, r.id);
      return reservation?.relationships.listing.data ? this.listing(reservation.relationships.listing.data.id.uuid, ctx) : null;
    });
    this.registry.register('stockReservation', 'stockAdjustments', async (r, ctx) => (await this.reads.reservationAdjustments(ctx.auth.marketplaceId, r.id)).items.map(resourceOf));
  }

  private async currentStock(listingId: string, ctx: LoadContext): Promise<Resource | null> {
    const stock = await this.reads.stock(ctx.auth.marketplaceId, listingId);
    return stock ? resourceOf(stock) : null;
  }

  private async listing(listingId: string, ctx: LoadContext): Promise<Resource | null> {
    const listing = await this.listings.find(ctx.auth.marketplaceId, listingId, ctx.auth);
    if (!isLive(listing)) return null;
    if (ctx.auth.scope === 'integ') return integrationListing(listing);
    return authorIdOf(listing) === ctx.auth.userId ? ownListingView(listing) : publicListingView(listing);
  }
}
