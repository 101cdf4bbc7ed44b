import { ContextShapes, firstShape } from '../../shared/event-shapes';
import type { StockEvent } from './stock.events';

/** The stock context's event types and their shape versions (src/shared/event-shapes.ts): none has changed yet. */
export const stockShapes: ContextShapes<StockEvent['type']> = {
  'stockAdjustment/created': firstShape,
  'stockReservation/created': firstShape,
  'stockReservation/updated': firstShape,
};
