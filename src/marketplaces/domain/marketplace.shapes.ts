import { ContextShapes, firstShape } from '../../shared/event-shapes';
import type { MarketplaceEvent, ApiClientEvent } from './marketplace.events';

/** `marketplace/registered` is the global marketplace list's event (src/marketplaces/marketplace-streams.ts). */
/** The marketplaces context's event types and their shape versions (src/shared/event-shapes.ts): none has changed yet. */
export const marketplaceShapes: ContextShapes<MarketplaceEvent['type'] | ApiClientEvent['type'] | 'marketplace/registered'> = {
  'marketplace/created': firstShape,
  'marketplace/updated': firstShape,
  'marketplace/identity-provider-configured': firstShape,
  'marketplace/identity-provider-removed': firstShape,
  'marketplace/registered': firstShape,
  'api-client/created': firstShape,
  'api-client/revoked': firstShape,
  'api-client/secret-rotated': firstShape,
};
