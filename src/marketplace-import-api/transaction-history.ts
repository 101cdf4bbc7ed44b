import type { AvailabilityEvent } from '../availability/domain/availability.events';
import type { StockEvent } from '../stock/domain/stock.events';
import type { LineItem } from '../transactions/domain/line-items';
import type { ProcessDefinition, TransitionActor } from '../transactions/domain/process-definition';
import { transitionNamed } from '../transactions/domain/process-definition';
import type { BookingData, StockReservationRef, TransactionChanges, TransactionEvent } from '../transactions/domain/transaction.events';
import { includedOf, relatedId, relatedIds } from './included';
import type { ApiPage, ApiResource } from './source-api';

/** A source transaction's history as this server's events, or why it cannot be recreated. */
export interface TransactionHistory {
  tx: TransactionEvent[];
  /** Seats a pending or accepted booking holds on its listing (the seat ledger, internal). */
  seats: AvailabilityEvent[];
  /** The transaction's stock reservation as the stock ledger keeps it (no adjustment: the source's total is imported as it is). */
  stock: StockEvent[];
}

const iso = (value: string): string => new Date(value).toISOString();

/** Decimals as this server stores them, canonical strings, whether JSON gave them as strings or numbers. */
const decimal = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));

const lineItemOf = (l: Record<string, any>): LineItem => ({
  code: l.code,
  unitPrice: l.unitPrice,
  quantity: decimal(l.quantity),
  percentage: decimal(l.percentage),
  seats: l.seats ?? null,
  units: decimal(l.units),
  lineTotal: l.lineTotal,
  includeFor: l.includeFor,
  reversal: l.reversal === true,
});

const bookingOf = (b: ApiResource): BookingData => ({
  bookingId: b.id,
  start: iso(b.attributes.start),
  end: iso(b.attributes.end),
  displayStart: iso(b.attributes.displayStart ?? b.attributes.start),
  displayEnd: iso(b.attributes.displayEnd ?? b.attributes.end),
  seats: b.attributes.seats ?? 1,
  state: b.attributes.state,
});

/**
 * The events that give a transaction here the state it has at the source. The API shows the transitions (name,
 * time, actor) and the transaction after them, not what each transition changed: the initiation carries the final
 * line items, totals and extended data, each later transition its move alone (from → to, from the process
 * definition), and messages and reviews come in at their times. The payment provider is not called: what it holds
 * stays there (the protected data keeps the source's payment intent ids). The transaction runs on the process
 * version here that its transitions were checked against, so its next transitions run here.
 */
export const transactionHistory = (
  tx: ApiResource,
  page: ApiPage,
  messages: ApiResource[],
  process: { version: number; definition: ProcessDefinition },
): TransactionHistory | { unknownTransition: string } => {
  const { definition } = process;
  const a = tx.attributes;
  const included = includedOf(page);
  const transitions = a.transitions as Array<{ transition: string; createdAt: string; by: TransitionActor }>;
  const moves = [];
  for (const t of transitions) {
    const spec = transitionNamed(definition, t.transition);
    if (!spec) return { unknownTransition: t.transition };
    moves.push({ ...t, from: spec.from, to: spec.to });
  }
  const reservationId = relatedId(tx, 'stockReservation');
  const reservation = reservationId ? included.get(`stockReservation/${reservationId}`) : undefined;
  const stockReservation: StockReservationRef | undefined = reservation && { reservationId: reservation.id, quantity: reservation.attributes.quantity, state: reservation.attributes.state };
  const changes: TransactionChanges = {
    lineItems: (a.lineItems ?? []).map(lineItemOf),
    payinTotal: a.payinTotal ?? null,
    payoutTotal: a.payoutTotal ?? null,
    protectedData: a.protectedData ?? {},
    metadata: a.metadata ?? {},
    ...(stockReservation ? { stockReservation } : {}),
  };
  const [first, ...later] = moves;
  if (!first) return { unknownTransition: '(none: the source shows no transition)' };
  const listingId = relatedId(tx, 'listing')!;
  const events: Array<{ at: string; event: TransactionEvent }> = [
    ...later.map((m) => ({ at: iso(m.createdAt), event: { type: 'transaction/transitioned' as const, data: { transition: m.transition, from: m.from, to: m.to, by: m.by, at: iso(m.createdAt), changes: {} } } })),
    ...messages.map((m) => ({ at: iso(m.attributes.createdAt), event: { type: 'message/created' as const, data: { messageId: m.id, senderId: relatedId(m, 'sender')!, content: m.attributes.content, createdAt: iso(m.attributes.createdAt) } } })),
    ...relatedIds(tx, 'reviews')
      .map((id) => included.get(`review/${id}`))
      .filter((r): r is ApiResource => r !== undefined && r.attributes.deleted !== true)
      .flatMap((r) => {
        const created = { reviewId: r.id, type: r.attributes.type, rating: r.attributes.rating, content: r.attributes.content, authorId: relatedId(r, 'author')!, subjectId: relatedId(r, 'subject')!, listingId, createdAt: iso(r.attributes.createdAt) };
        return [
          { at: created.createdAt, event: { type: 'review/created' as const, data: created } },
          ...(r.attributes.state === 'public' ? [{ at: created.createdAt, event: { type: 'review/updated' as const, data: { reviewId: r.id, state: 'public' as const } } }] : []),
        ];
      }),
  ];
  // Stable: a review made by a transition comes after it, as the engine appends them.
  events.sort((x, y) => x.at.localeCompare(y.at));
  const bookingId = relatedId(tx, 'booking');
  const booking = bookingId ? included.get(`booking/${bookingId}`) : undefined;
  const bookingData = booking && bookingOf(booking);
  const initiated: TransactionEvent = {
    type: 'transaction/initiated',
    data: { transactionId: tx.id, processName: a.processName, processVersion: process.version, listingId, customerId: relatedId(tx, 'customer')!, providerId: relatedId(tx, 'provider')!, transition: first.transition, from: null, to: first.to, by: first.by, at: iso(first.createdAt), changes },
  };
  return {
    tx: [initiated, ...(bookingData ? [{ type: 'booking/created' as const, data: bookingData }] : []), ...events.map((e) => e.event)],
    seats:
      bookingData && (bookingData.state === 'pending' || bookingData.state === 'accepted')
        ? [{ type: 'availability/seats-reserved', data: { bookingId: bookingData.bookingId, listingId, start: bookingData.start, end: bookingData.end, seats: bookingData.seats } }]
        : [],
    stock: reservation ? [{ type: 'stockReservation/created', data: { id: reservation.id, listingId, transactionId: tx.id, quantity: reservation.attributes.quantity, state: reservation.attributes.state } }] : [],
  };
};
