import { MARKETPLACES_STREAM, streams } from '../event-store/stream-names';
import { internalStream, modelOf, StreamModel, StreamRef } from '../event-sourcing/stream-model';
import type { DomainEvent } from '../shared/decider';
import { apiClientDecider, ApiClientState } from './domain/api-client.decider';
import { marketplaceDecider, MarketplaceState, marketplaceView } from './domain/marketplace.decider';
import type { ApiClientEvent, MarketplaceEvent } from './domain/marketplace.events';

export const marketplaceModel = modelOf('marketplace', marketplaceDecider);
export const apiClientModel = modelOf('api-client', apiClientDecider);

/** A marketplace's own stream: settings, name, identity providers; each event carries the marketplace view. */
export const marketplaceStream = (marketplaceId: string): StreamRef<MarketplaceState, MarketplaceEvent> =>
  internalStream(marketplaceModel, streams.marketplace(marketplaceId), { resource: marketplaceView });

export const apiClientStream = (clientId: string): StreamRef<ApiClientState, ApiClientEvent> => internalStream(apiClientModel, streams.apiClient(clientId));

export type MarketplaceRegistered = DomainEvent<'marketplace/registered', { marketplaceId: string }>;

/** The list of every marketplace (global stream), oldest first. */
export const marketplaceListModel: StreamModel<string[], MarketplaceRegistered> = {
  name: 'marketplace-list',
  initialState: () => [],
  evolve: (ids, event) => [...ids, event.data.marketplaceId],
};

export const marketplaceListStream = (): StreamRef<string[], MarketplaceRegistered> => internalStream(marketplaceListModel, MARKETPLACES_STREAM);
