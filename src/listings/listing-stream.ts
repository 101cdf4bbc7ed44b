import type { EventLog, LoadedStream } from '../event-store/event-log';
import { streams } from '../event-store/stream-names';
import type { CommandContext } from '../shared/command-context';
import { fold } from '../shared/decider';
import { toLogEvents } from '../shared/event-publishing';
import { listingDecider } from './domain/listing.decider';
import { ListingEvent, PUBLIC_LISTING_EVENTS } from './domain/listing.events';
import type { ListingState } from './domain/listing.state';
import { storedListing } from './domain/listing.views';

export interface LoadedListing extends LoadedStream {
  state: ListingState;
  streamId: string;
}

/** Loads a listing's stream (`<marketplaceId>:listing-<id>`) and folds it into its state. */
export const loadListing = async (log: EventLog, marketplaceId: string, listingId: string): Promise<LoadedListing> => {
  const streamId = streams.listing(marketplaceId, listingId);
  const loaded = await log.load(streamId);
  const state = fold(listingDecider.evolve, listingDecider.initialState(), loaded.events as unknown as ListingEvent[]);
  return { ...loaded, state, streamId };
};

/** Log events for decided listing events: resource is the Integration API listing; the author is the related id. */
export const listingLogEvents = (ctx: CommandContext, listingId: string, before: ListingState, events: ListingEvent[]) =>
  toLogEvents(
    {
      ctx,
      resourceType: 'listing',
      resourceId: listingId,
      evolve: listingDecider.evolve,
      view: storedListing,
      publicTypes: PUBLIC_LISTING_EVENTS,
      relatedIds: (s) => (s.authorId ? [s.authorId] : []),
    },
    before,
    events,
  );
