import type { RecordedEvent } from '../event-store/event-store.port';
import type { ReadModelOp } from '../read-models/document-store.port';
import type { Projection } from '../event-sourcing/projection';
import type { SearchSchema } from './domain/search-schema';

export const SEARCH_SCHEMAS = 'search-schemas';

/** One document per marketplace (id = marketplace id): every schema after the change, carried as the event's resource. */
export const searchSchemasProjection: Projection = {
  name: 'search-schemas',
  eventTypes: ['searchSchema/set', 'searchSchema/unset'],
  project: (event: RecordedEvent): ReadModelOp[] => {
    const m = event.metadata;
    return [
      {
        op: 'put',
        collection: SEARCH_SCHEMAS,
        document: { id: m.marketplaceId, marketplaceId: m.marketplaceId, createdAt: m.createdAt, body: m.resource as SearchSchema[] },
      },
    ];
  },
};
