import { enumOf, integer, resourceSchema, timestamp } from '../../http/openapi/resource-schema';

/** The stock context's answer shapes (src/stock/domain/stock.views.ts). */
export const STOCK_SCHEMA = resourceSchema('stock', { quantity: integer });
export const STOCK_ADJUSTMENT_SCHEMA = resourceSchema('stockAdjustment', { at: timestamp, quantity: integer });
export const STOCK_RESERVATION_SCHEMA = resourceSchema('stockReservation', {
  quantity: integer,
  state: enumOf('pending', 'proposed', 'accepted', 'declined', 'cancelled'),
});
