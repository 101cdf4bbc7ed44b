import type { RecordedEvent } from '../event-store/event-store.port';
import type { ReadModelOp } from '../read-models/document-store.port';
import type { DocumentProjection, UndecodedEvent } from '../event-sourcing/projection';
import { authorIdOf, deletedListing, StoredListing } from './domain/listing.views';

export const LISTINGS = 'listing';

/**
 * The listings read model: the Integration API view of every listing, by id. A deleted listing stays as a
 * tombstone (id and `deleted: true`), so resources that refer to it can still include it.
 */
export const listingsProjection: DocumentProjection = {
  name: 'listings',
  eventTypes: ['listing/created', 'listing/updated', 'listing/deleted', 'listing/current-stock-changed'],
  // Every listing event names its listing as the resource (the listing's id, or the deleted one's).
  documentOf: (event: UndecodedEvent) => {
    const marketplaceId = event.metadataString('marketplaceId');
    const id = event.metadataString('resourceId');
    return marketplaceId && id ? { collection: LISTINGS, marketplaceId, id } : undefined;
  },
  project: (event: RecordedEvent): ReadModelOp[] => {
    const m = event.metadata;
    const listing = (m.resource as StoredListing | null) ?? deletedListing(m.resourceId!, m.marketplaceId);
    const createdAt = listing.attributes.createdAt instanceof Date ? listing.attributes.createdAt.toISOString() : m.createdAt;
    return [
      {
        op: 'put',
        collection: LISTINGS,
        document: {
          id: listing.id.uuid,
          marketplaceId: m.marketplaceId,
          createdAt,
          body: listing,
          fields: { state: (listing.attributes.state as string | null) ?? 'deleted', authorId: authorIdOf(listing) },
        },
      },
    ];
  },
};
