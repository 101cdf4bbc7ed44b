import { BigDecimal, Money, Uuid } from '../../shared/values';
import type { LineItem } from './line-items';
import type { BookingData } from './transaction.events';
import type { MessageState, ReviewState, TransactionState } from './transaction.state';

type Ref = { data: { id: Uuid; type: string } | null };
type Refs = { data: Array<{ id: Uuid; type: string }> };
const attachmentRefs = (list: Array<{ attachmentId: string }>): Refs => ({ data: list.map((a) => ({ id: new Uuid(a.attachmentId), type: 'fileAttachment' })) });
const ref = (id: string | null, type: string): Ref => ({ data: id ? { id: new Uuid(id), type } : null });
const money = (m: { amount: number; currency: string } | null) => (m ? new Money(m.amount, m.currency) : null);
const decimal = (d: string | null) => (d === null ? undefined : new BigDecimal(d));

/** A line item on the wire: money as Money, decimals as BigDecimal, absent forms left out. */
export const lineItemView = (l: LineItem) => {
  const out: Record<string, unknown> = { code: l.code, unitPrice: money(l.unitPrice), lineTotal: money(l.lineTotal), includeFor: l.includeFor, reversal: l.reversal };
  if (l.quantity !== null) out.quantity = decimal(l.quantity);
  if (l.percentage !== null) out.percentage = decimal(l.percentage);
  if (l.seats !== null) out.seats = l.seats;
  if (l.units !== null) out.units = decimal(l.units);
  return out;
};

export interface StoredTransaction {
  id: Uuid;
  type: 'transaction';
  attributes: Record<string, unknown>;
  relationships: { listing: Ref; customer: Ref; provider: Ref; marketplace: Ref; booking?: Ref; stockReservation?: Ref; protectedFileAttachments?: Refs };
}

/** The Integration API transaction: what `transaction/*` events carry and the transactions read model keeps. */
export const storedTransaction = (s: TransactionState, marketplaceId: string): StoredTransaction => ({
  id: new Uuid(s.id!),
  type: 'transaction',
  attributes: {
    createdAt: new Date(s.createdAt!),
    processName: s.processName,
    processVersion: s.processVersion,
    // As the process names it (`state/offer-pending`): the spec's example is `state/pending`, and the Web Template
    // compares `attributes.state` with `state/<name>` (negotiation checkout, MakeOfferPage).
    state: s.state ?? null,
    lastTransition: s.lastTransition,
    lastTransitionedAt: s.lastTransitionedAt ? new Date(s.lastTransitionedAt) : null,
    transitions: s.transitions.map((t) => ({ transition: t.transition, createdAt: new Date(t.createdAt), by: t.by })),
    lineItems: s.lineItems.map(lineItemView),
    payinTotal: money(s.payinTotal),
    payoutTotal: money(s.payoutTotal),
    protectedData: s.protectedData,
    metadata: s.metadata,
  },
  relationships: {
    listing: ref(s.listingId, 'listing'),
    customer: ref(s.customerId, 'user'),
    provider: ref(s.providerId, 'user'),
    marketplace: ref(marketplaceId, 'marketplace'),
    ...(s.booking ? { booking: ref(s.booking.bookingId, 'booking') } : {}),
    ...(s.stockReservation ? { stockReservation: ref(s.stockReservation.reservationId, 'stockReservation') } : {}),
    ...(s.protectedFileAttachments?.length ? { protectedFileAttachments: attachmentRefs(s.protectedFileAttachments) } : {}),
  },
});

export interface StoredBooking {
  id: Uuid;
  type: 'booking';
  attributes: Record<string, unknown>;
  relationships: { transaction: Ref; listing: Ref };
}

/** A booking as both APIs show it (`seats` and `state` beside the ranges); its listing is kept for bookings/query. */
export const storedBooking = (b: BookingData, transactionId: string, listingId: string): StoredBooking => ({
  id: new Uuid(b.bookingId),
  type: 'booking',
  attributes: { seats: b.seats, start: new Date(b.start), end: new Date(b.end), displayStart: new Date(b.displayStart), displayEnd: new Date(b.displayEnd), state: b.state },
  relationships: { transaction: ref(transactionId, 'transaction'), listing: ref(listingId, 'listing') },
});

export interface StoredReview {
  id: Uuid;
  type: 'review';
  attributes: Record<string, unknown>;
  relationships: { author: Ref; subject: Ref; listing: Ref; transaction: Ref };
}

export const storedReview = (r: ReviewState, transactionId: string): StoredReview => ({
  id: new Uuid(r.reviewId),
  type: 'review',
  attributes: { type: r.type, state: r.state, rating: r.rating, content: r.content, createdAt: new Date(r.createdAt), deleted: false },
  relationships: {
    author: ref(r.authorId, 'user'),
    subject: ref(r.subjectId, 'user'),
    // Only a review of the provider is about the listing too.
    listing: ref(r.type === 'ofProvider' ? r.listingId : null, 'listing'),
    transaction: ref(transactionId, 'transaction'),
  },
});

export interface StoredMessage {
  id: Uuid;
  type: 'message';
  attributes: Record<string, unknown>;
  relationships: { sender: Ref; transaction: Ref; publicFileAttachments?: Refs };
}

export const storedMessage = (m: MessageState, transactionId: string): StoredMessage => ({
  id: new Uuid(m.messageId),
  type: 'message',
  attributes: { content: m.content, createdAt: new Date(m.createdAt) },
  relationships: {
    sender: ref(m.senderId, 'user'),
    transaction: ref(transactionId, 'transaction'),
    ...(m.publicFileAttachments?.length ? { publicFileAttachments: attachmentRefs(m.publicFileAttachments) } : {}),
  },
});

export const refId = (r: Ref): string | null => r.data?.id.uuid ?? null;

/** The customer and the provider: the only users who may read a transaction, whatever path reaches it. */
export const isParty = (tx: StoredTransaction, userId: string | null): boolean =>
  userId !== null && (refId(tx.relationships.customer) === userId || refId(tx.relationships.provider) === userId);
