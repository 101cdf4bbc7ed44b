import type { RecordedEvent } from '../event-store/event-store.port';
import type { DocumentProjection } from '../event-sourcing/projection';
import type { ReadModelOp } from '../read-models/document-store.port';
import type { AdjustmentData } from './domain/stock.events';
import { storedStock } from './domain/stock.views';

export const STOCKS = 'stock';
export const STOCK_ADJUSTMENTS = 'stockAdjustment';
export const STOCK_RESERVATIONS = 'stockReservation';

/**
 * The stock read models: each listing's `stock` (by listing id), adjustments (by listing, `createdAt` = `at`, so
 * the indexed time answers stock_adjustments/query) and reservations. Built from the events' resources alone.
 */
export const stockProjection: DocumentProjection = {
  name: 'stock',
  eventTypes: ['stockAdjustment/created', 'stockReservation/created', 'stockReservation/updated'],
  project: (event: RecordedEvent): ReadModelOp[] => {
    const mp = event.metadata.marketplaceId;
    const resource = event.metadata.resource;
    if (event.type === 'stockAdjustment/created') {
      const a = event.data as AdjustmentData;
      return [
        { op: 'put', collection: STOCK_ADJUSTMENTS, document: { id: a.id, marketplaceId: mp, createdAt: a.at, body: resource, fields: { listingId: a.listingId, reservationId: a.reservationId } } },
        { op: 'put', collection: STOCKS, document: { id: a.listingId, marketplaceId: mp, createdAt: a.at, body: storedStock(a.listingId, a.total) } },
      ];
    }
    const r = resource as { id: { uuid: string }; relationships: { listing: { data: { id: { uuid: string } } } } };
    return [
      {
        op: 'put',
        collection: STOCK_RESERVATIONS,
        document: { id: r.id.uuid, marketplaceId: mp, createdAt: event.metadata.createdAt, body: resource, fields: { listingId: r.relationships.listing.data.id.uuid } },
      },
    ];
  },
};
