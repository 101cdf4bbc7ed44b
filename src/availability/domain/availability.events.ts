import type { DomainEvent } from '../../shared/decider';

/** An availability exception as its events and the read model keep it (ISO timestamps). */
export interface ExceptionData {
  id: string;
  listingId: string;
  start: string;
  end: string;
  seats: number;
}

/** Seats a booking holds on the listing (pending or accepted), from the seat ledger. */
export interface SeatReservationData {
  bookingId: string;
  listingId: string;
  start: string;
  end: string;
  seats: number;
}

/**
 * Events of a listing's availability stream. Exceptions are public resources (events/query shows them); seat
 * reservations are the ledger's own bookkeeping, internal: the transaction engine's `booking/*` events are the
 * public face of a booking.
 */
export type AvailabilityEvent =
  | DomainEvent<'availabilityException/created', ExceptionData>
  | DomainEvent<'availabilityException/deleted', { id: string; listingId: string }>
  | DomainEvent<'availability/seats-reserved', SeatReservationData>
  | DomainEvent<'availability/seats-released', { bookingId: string; listingId: string }>;

export const PUBLIC_AVAILABILITY_EVENTS: ReadonlySet<string> = new Set(['availabilityException/created', 'availabilityException/deleted']);
