import type { DomainEvent } from '../../shared/decider';

export type ReservationState = 'pending' | 'proposed' | 'accepted' | 'declined' | 'cancelled';

export interface AdjustmentData {
  id: string;
  listingId: string;
  /** ISO timestamp: when it takes effect. */
  at: string;
  quantity: number;
  /** The listing's total stock after it. */
  total: number;
  reservationId: string | null;
}

export interface ReservationData {
  id: string;
  listingId: string;
  transactionId: string | null;
  quantity: number;
  state: ReservationState;
}

/** Events of a listing's stock stream; all public (events/query shows stock adjustments and reservations). */
export type StockEvent =
  | DomainEvent<'stockAdjustment/created', AdjustmentData>
  | DomainEvent<'stockReservation/created', ReservationData>
  | DomainEvent<'stockReservation/updated', { id: string; state: ReservationState }>;
