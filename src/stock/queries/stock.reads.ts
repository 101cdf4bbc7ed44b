import { Inject, Injectable } from '@nestjs/common';
import { DOCUMENTS, type DocumentStore } from '../../read-models/document-store.port';
import type { Resource } from '../../shared/resource';
import { isUuid, Uuid } from '../../shared/values';
import type { StoredAdjustment, StoredReservation, StoredStock } from '../domain/stock.views';
import { STOCK_ADJUSTMENTS, STOCK_RESERVATIONS, STOCKS } from '../stock.projection';

type Stored = StoredAdjustment | StoredReservation | StoredStock;

/** A stored stock resource as the APIs answer it (relationships are resolved by include loaders). */
export const resourceOf = (s: Stored): Resource => ({ id: (s.id as Uuid).uuid, type: s.type, attributes: { ...s.attributes } });

/** Reads of the stock read models. */
@Injectable()
export class StockReads {
  constructor(@Inject(DOCUMENTS) private readonly documents: DocumentStore) {}

  stock(marketplaceId: string, listingId: string): Promise<StoredStock | null> {
    return isUuid(listingId) ? this.documents.get<StoredStock>(STOCKS, marketplaceId, listingId) : Promise.resolve(null);
  }

  adjustment(marketplaceId: string, id: string): Promise<StoredAdjustment | null> {
    return this.documents.get<StoredAdjustment>(STOCK_ADJUSTMENTS, marketplaceId, id);
  }

  reservation(marketplaceId: string, id: string): Promise<StoredReservation | null> {
    return isUuid(id) ? this.documents.get<StoredReservation>(STOCK_RESERVATIONS, marketplaceId, id) : Promise.resolve(null);
  }

  adjustments(marketplaceId: string, listingId: string, window: { start: number; end: number }, page: { page: number; perPage: number }) {
    return this.documents.query<StoredAdjustment>(STOCK_ADJUSTMENTS, {
      marketplaceId,
      createdAtStart: new Date(window.start).toISOString(),
      createdAtEnd: new Date(window.end).toISOString(),
      where: [{ field: 'listingId', op: 'eq', value: listingId }],
      sort: [{ field: 'createdAt', direction: 'asc' }],
      offset: (page.page - 1) * page.perPage,
      limit: page.perPage,
    });
  }

  reservationAdjustments(marketplaceId: string, reservationId: string) {
    return this.documents.query<StoredAdjustment>(STOCK_ADJUSTMENTS, {
      marketplaceId,
      where: [{ field: 'reservationId', op: 'eq', value: reservationId }],
      sort: [{ field: 'createdAt', direction: 'asc' }],
      offset: 0,
      limit: 100,
    });
  }
}
