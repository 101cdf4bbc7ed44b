import { internalStream, modelOf, StreamRef } from '../event-sourcing/stream-model';
import { auditDataOf, CommandContext } from '../shared/command-context';
import type { NewEvent } from '../shared/log-events';
import { previousValues } from '../shared/resource-diff';
import { processDecider, ProcessEvent, ProcessState } from './domain/process.decider';
import { PUBLIC_TRANSACTION_EVENTS, TransactionEvent, TRANSITION_EVENTS } from './domain/transaction.events';
import { transactionDecider } from './domain/transaction.decider';
import type { TransactionState } from './domain/transaction.state';
import { storedBooking, storedMessage, storedReview, storedTransaction } from './domain/transaction.views';

/** Stream names (tenant streams start with the marketplace id). */
export const processStreamId = (marketplaceId: string, name: string) => `${marketplaceId}:process-${name}`;
export const transactionStreamId = (marketplaceId: string, transactionId: string) => `${marketplaceId}:transaction-${transactionId}`;

export const processModel = modelOf('process', processDecider);
export const transactionModel = modelOf('transaction', transactionDecider, { snapshotVersion: 4 });

/** A process's stream: internal events (the platform shows no events for processes). */
export const processStream = (marketplaceId: string, name: string): StreamRef<ProcessState, ProcessEvent> =>
  internalStream(processModel, processStreamId(marketplaceId, name), {
    resourceType: 'process',
    resourceId: name,
    resource: (s) => ({ name: s.name, versions: s.versions.map((v) => ({ version: v.version, createdAt: v.createdAt })), aliases: s.aliases }),
  });

/**
 * A transaction's stream holds three kinds of resources: the transaction, its reviews and its messages. Each
 * event carries its own resource's Integration API view; transition events have `source/transaction`.
 * `previousValues` of a transaction event are the transaction before the whole transition, since actions change
 * the transaction only through its one event. Every event also carries what the read model needs beyond the
 * view (`readModel`: the last message time; for a message, the transaction after it).
 */
export const transactionStream = (marketplaceId: string, transactionId: string): StreamRef<TransactionState, TransactionEvent> => ({
  streamId: transactionStreamId(marketplaceId, transactionId),
  model: transactionModel,
  publish: (ctx: CommandContext, before: TransactionState, events: readonly TransactionEvent[]): NewEvent[] => {
    let state = before;
    // Resources created before the transaction's own event (a booking at initiation) take its parties and listing.
    const final = events.reduce(transactionModel.evolve, before);
    const related = [final.customerId, final.providerId, final.listingId].filter((id): id is string => id !== null);
    return events.map((event) => {
      const previous = state;
      state = transactionModel.evolve(state, event);
      const { resourceType, resourceId, resource, previous: prior } = resourceOf(event, previous, state, marketplaceId, transactionId, final.listingId);
      return {
        type: event.type,
        data: { ...event.data, readModel: { lastMessageAt: state.lastMessageAt, booking: state.booking, stockReservation: state.stockReservation, ...(event.type === 'message/created' ? { transaction: storedTransaction(state, marketplaceId) } : {}) } },
        metadata: {
          marketplaceId,
          createdAt: ctx.now.toISOString(),
          public: PUBLIC_TRANSACTION_EVENTS.has(event.type),
          resourceType,
          resourceId,
          relatedIds: resourceType === 'transaction' ? related : [transactionId, ...related],
          resource,
          previousValues: prior,
          auditData: auditDataOf(ctx),
          source: TRANSITION_EVENTS.has(event.type) ? 'source/transaction' : ctx.source,
        },
      };
    });
  },
});

const resourceOf = (event: TransactionEvent, before: TransactionState, after: TransactionState, marketplaceId: string, txId: string, listingId: string | null) => {
  switch (event.type) {
    // Internal, and possibly before the transaction exists (an initiate's claim): no view.
    case 'transaction/payment-claimed':
    case 'transaction/payment-claim-released':
      return { resourceType: 'transaction', resourceId: txId, resource: null, previous: {} };
    case 'review/created':
    case 'review/updated': {
      const id = event.data.reviewId;
      const view = storedReview(after.reviews.find((r) => r.reviewId === id)!, txId);
      const prior = before.reviews.find((r) => r.reviewId === id);
      return { resourceType: 'review', resourceId: id, resource: view, previous: prior ? previousValues(storedReview(prior, txId), view) : {} };
    }
    case 'booking/created':
    case 'booking/updated': {
      const view = storedBooking(event.data, txId, listingId!);
      const prior = before.booking ? previousValues(storedBooking(before.booking, txId, listingId!), view) : {};
      return { resourceType: 'booking', resourceId: event.data.bookingId, resource: view, previous: prior };
    }
    case 'message/created':
      return { resourceType: 'message', resourceId: event.data.messageId, resource: storedMessage(event.data, txId), previous: {} };
    default: {
      const view = storedTransaction(after, marketplaceId);
      return { resourceType: 'transaction', resourceId: txId, resource: view, previous: before.exists ? previousValues(storedTransaction(before, marketplaceId), view) : {} };
    }
  }
};
