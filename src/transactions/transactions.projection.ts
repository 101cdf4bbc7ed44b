import type { RecordedEvent } from '../event-store/event-store.port';
import type { Projection } from '../event-sourcing/projection';
import type { ReadModelOp } from '../read-models/document-store.port';
import type { BookingData, StockReservationRef } from './domain/transaction.events';
import { refId, StoredBooking, StoredMessage, StoredReview, StoredTransaction } from './domain/transaction.views';

export const TRANSACTIONS = 'transaction';
export const MESSAGES = 'message';
export const REVIEWS = 'review';
export const PROCESSES = 'process';
export const BOOKINGS = 'booking';

const iso = (v: unknown): string | null => (v instanceof Date ? v.toISOString() : typeof v === 'string' ? v : null);

type ReadModelData = { lastMessageAt: string | null; booking?: BookingData | null; stockReservation?: StockReservationRef | null; transaction?: StoredTransaction };

// Events of logs written before the state kept its `state/` prefix reach projections prefixed: their upcaster
// (domain/transaction.shapes.ts) adds it.
const transactionDocument = (tx: StoredTransaction, marketplaceId: string, readModel: ReadModelData | undefined): ReadModelOp => {
  const lastMessageAt = readModel?.lastMessageAt ?? null;
  const booking = readModel?.booking ?? null;
  const reservation = readModel?.stockReservation ?? null;
  const a = tx.attributes;
  const customerId = refId(tx.relationships.customer);
  const providerId = refId(tx.relationships.provider);
  return {
    op: 'put',
    collection: TRANSACTIONS,
    document: {
      id: tx.id.uuid,
      marketplaceId,
      createdAt: iso(a.createdAt)!,
      body: tx,
      fields: {
        customerId,
        providerId,
        parties: [customerId, providerId].filter((id): id is string => id !== null),
        listingId: refId(tx.relationships.listing),
        processName: a.processName as string,
        processVersion: a.processVersion as number,
        state: a.state as string,
        lastTransition: a.lastTransition as string,
        lastTransitionedAt: iso(a.lastTransitionedAt),
        lastMessageAt,
        hasMessage: lastMessageAt !== null,
        hasPayin: a.payinTotal !== null,
        hasBooking: booking !== null,
        bookingState: booking?.state ?? null,
        bookingStart: booking?.start ?? null,
        bookingEnd: booking?.end ?? null,
        hasStockReservation: reservation !== null,
        stockReservationState: reservation?.state ?? null,
      },
    },
  };
};

/**
 * Transactions, their messages and their reviews, from the transaction streams' events: the Integration API view
 * of each, with the fields their queries filter and sort on. The processes read model lists each process's
 * versions and aliases (the operator CLI's `process list`).
 */
export const transactionsProjection: Projection = {
  name: 'transactions',
  // An inbox is one party's transactions newest first; a transaction's messages and reviews; a listing's bookings.
  indexes: [
    { collection: TRANSACTIONS, field: 'customerId' },
    { collection: TRANSACTIONS, field: 'providerId' },
    { collection: TRANSACTIONS, field: 'listingId' },
    { collection: MESSAGES, field: 'transactionId' },
    { collection: REVIEWS, field: 'transactionId' },
    { collection: BOOKINGS, field: 'listingId' },
  ],
  eventTypes: ['transaction/initiated', 'transaction/transitioned', 'transaction/updated', 'booking/created', 'booking/updated', 'review/created', 'review/updated', 'message/created', 'process/version-created', 'process/alias-created', 'process/alias-updated', 'process/alias-deleted'],
  project: (event: RecordedEvent): ReadModelOp[] => {
    const m = event.metadata;
    const readModel = (event.data as { readModel?: ReadModelData }).readModel;
    if (m.resourceType === 'transaction') return [transactionDocument(m.resource as StoredTransaction, m.marketplaceId, readModel)];
    if (m.resourceType === 'booking') {
      const booking = m.resource as StoredBooking;
      const a = booking.attributes;
      const fields = { transactionId: refId(booking.relationships.transaction), listingId: refId(booking.relationships.listing), state: a.state as string, start: iso(a.start), end: iso(a.end) };
      return [{ op: 'put', collection: BOOKINGS, document: { id: booking.id.uuid, marketplaceId: m.marketplaceId, createdAt: m.createdAt, body: booking, fields } }];
    }
    if (m.resourceType === 'review') {
      const review = m.resource as StoredReview;
      const a = review.attributes;
      const fields = {
        transactionId: refId(review.relationships.transaction),
        authorId: refId(review.relationships.author),
        subjectId: refId(review.relationships.subject),
        listingId: refId(review.relationships.listing),
        type: a.type as string,
        state: a.state as string,
      };
      return [{ op: 'put', collection: REVIEWS, document: { id: review.id.uuid, marketplaceId: m.marketplaceId, createdAt: iso(a.createdAt)!, body: review, fields } }];
    }
    if (m.resourceType === 'message') {
      const message = m.resource as StoredMessage;
      const fields = { transactionId: refId(message.relationships.transaction), senderId: refId(message.relationships.sender) };
      const ops: ReadModelOp[] = [{ op: 'put', collection: MESSAGES, document: { id: message.id.uuid, marketplaceId: m.marketplaceId, createdAt: iso(message.attributes.createdAt)!, body: message, fields } }];
      if (readModel?.transaction) ops.push(transactionDocument(readModel.transaction, m.marketplaceId, readModel));
      return ops;
    }
    if (m.resourceType === 'process') {
      const body = m.resource as { name: string };
      return [{ op: 'put', collection: PROCESSES, document: { id: body.name, marketplaceId: m.marketplaceId, createdAt: m.createdAt, body } }];
    }
    return [];
  },
};
