import { ContextShapes, firstShape } from '../../shared/event-shapes';
import type { ListingEvent } from './listing.events';

/** The listings context's event types and their shape versions (src/shared/event-shapes.ts): none has changed yet. */
export const listingShapes: ContextShapes<ListingEvent['type']> = {
  'listing/created': firstShape,
  'listing/updated': firstShape,
  'listing/deleted': firstShape,
  'listing/current-stock-changed': firstShape,
};
