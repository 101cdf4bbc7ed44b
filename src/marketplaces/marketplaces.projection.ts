import type { RecordedEvent } from '../event-store/event-store.port';
import type { ReadModelOp } from '../read-models/document-store.port';
import type { Projection } from '../event-sourcing/projection';

export const MARKETPLACES = 'marketplace';

/** The marketplace resource, for marketplace/show and the `marketplace` relationship. */
export const marketplacesProjection: Projection = {
  name: 'marketplaces',
  eventTypes: ['marketplace/created', 'marketplace/updated'],
  project: (event: RecordedEvent): ReadModelOp[] => [
    {
      op: 'put',
      collection: MARKETPLACES,
      document: {
        id: event.metadata.marketplaceId,
        marketplaceId: event.metadata.marketplaceId,
        createdAt: event.metadata.createdAt,
        body: event.metadata.resource,
      },
    },
  ],
};
