import { streams } from '../event-store/stream-names';
import { modelOf, StreamRef } from '../event-sourcing/stream-model';
import { auditDataOf } from '../shared/command-context';
import type { EventSource, NewEvent } from '../shared/log-events';
import { stockDecider, stockSnapshotForm, StockState } from './domain/stock.decider';
import type { StockEvent } from './domain/stock.events';
import { storedAdjustment, storedReservation } from './domain/stock.views';

export const stockModel = modelOf('stock', stockDecider, { snapshotVersion: 2, snapshotForm: stockSnapshotForm });

/**
 * A listing's stock stream: each event names its own resource (an adjustment or a reservation), related to the
 * listing. A transition that moves stock gives `source/transaction` (events.md §2.3).
 */
export const stockStream = (marketplaceId: string, listingId: string, source?: EventSource): StreamRef<StockState, StockEvent> => ({
  streamId: streams.stock(marketplaceId, listingId),
  model: stockModel,
  publish: (ctx, before, events) => {
    let state = before;
    return events.map((event): NewEvent => {
      const previous = state;
      state = stockModel.evolve(state, event);
      const id = event.data.id;
      const [resourceType, resource, previousValues] =
        event.type === 'stockAdjustment/created'
          ? ['stockAdjustment', storedAdjustment(event.data), {}]
          : event.type === 'stockReservation/created'
            ? ['stockReservation', storedReservation(state.reservations.get(id)!), {}]
            : ['stockReservation', storedReservation(state.reservations.get(id)!), { attributes: { state: previous.reservations.get(id)!.state } }];
      return {
        type: event.type,
        data: event.data,
        metadata: {
          marketplaceId: ctx.marketplaceId,
          createdAt: ctx.now.toISOString(),
          public: true,
          resourceType,
          resourceId: id,
          relatedIds: [listingId],
          resource,
          previousValues,
          auditData: auditDataOf(ctx),
          source: source ?? ctx.source,
        },
      };
    });
  },
});
