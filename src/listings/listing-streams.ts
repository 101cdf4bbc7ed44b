import { streams } from '../event-store/stream-names';
import { modelOf, resourceStream, StreamRef } from '../event-sourcing/stream-model';
import { listingDecider } from './domain/listing.decider';
import { ListingEvent, PUBLIC_LISTING_EVENTS } from './domain/listing.events';
import type { ListingState } from './domain/listing.state';
import { storedListing } from './domain/listing.views';

export const listingModel = modelOf('listing', listingDecider, { snapshotVersion: 3 });

/** A listing's stream: its events carry the Integration API listing as resource and the author as related id. */
export const listingStream = (marketplaceId: string, listingId: string): StreamRef<ListingState, ListingEvent> =>
  resourceStream(listingModel, streams.listing(marketplaceId, listingId), {
    resourceType: 'listing',
    resourceId: listingId,
    view: storedListing,
    publicTypes: PUBLIC_LISTING_EVENTS,
    relatedIds: (s) => (s.authorId ? [s.authorId] : []),
  });
