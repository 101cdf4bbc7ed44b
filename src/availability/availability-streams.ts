import { streams } from '../event-store/stream-names';
import { modelOf, StreamRef } from '../event-sourcing/stream-model';
import { auditDataOf } from '../shared/command-context';
import { internalEvents } from '../shared/event-publishing';
import type { NewEvent } from '../shared/log-events';
import { availabilityDecider, availabilitySnapshotForm, AvailabilityState } from './domain/availability.decider';
import { AvailabilityEvent, PUBLIC_AVAILABILITY_EVENTS } from './domain/availability.events';
import { storedException } from './domain/availability.views';

export const availabilityModel = modelOf('availability', availabilityDecider, { snapshotVersion: 2, snapshotForm: availabilitySnapshotForm });

/**
 * A listing's availability stream. It holds many resources (each exception is one), so each exception event names
 * its own exception as the resource; seat reservations are internal events (the transaction's booking is public).
 */
export const availabilityStream = (marketplaceId: string, listingId: string): StreamRef<AvailabilityState, AvailabilityEvent> => ({
  streamId: streams.availability(marketplaceId, listingId),
  model: availabilityModel,
  publish: (ctx, before, events) => {
    let state = before;
    return events.flatMap((event): NewEvent[] => {
      const previous = state;
      state = availabilityModel.evolve(state, event);
      if (!PUBLIC_AVAILABILITY_EVENTS.has(event.type)) return internalEvents(ctx, [event], { resourceType: 'listing', resourceId: listingId });
      const id = (event.data as { id: string }).id;
      const deleted = event.type === 'availabilityException/deleted';
      return [
        {
          type: event.type,
          data: event.data,
          metadata: {
            marketplaceId: ctx.marketplaceId,
            createdAt: ctx.now.toISOString(),
            public: true,
            resourceType: 'availabilityException',
            resourceId: id,
            relatedIds: [listingId],
            resource: deleted ? null : storedException(state.exceptions[id]),
            previousValues: deleted ? { attributes: storedException(previous.exceptions[id]).attributes } : {},
            auditData: auditDataOf(ctx),
            source: ctx.source,
          },
        },
      ];
    });
  },
});
