import type { CommandContext } from '../shared/command-context';

export interface StockReservationRequest {
  reservationId: string;
  listingId: string;
  transactionId: string | null;
  quantity: number;
  /** `pending` takes the stock now; `proposed` takes it only when accepted. Default pending. */
  state?: 'pending' | 'proposed';
}

export type ReservationRef = Pick<StockReservationRequest, 'reservationId' | 'listingId'>;

/**
 * The stock ledger: the transaction engine's only way to reserve and release a listing's stock.
 *
 * Contract (§7's adjustment table; each change that moves stock is a `stockAdjustment/created` linked to the
 * reservation, and the listing's `currentStock` follows in the same append):
 * - `reserve` pending: −quantity, only if the total is at least the quantity (else 409
 *   `transaction-listing-insufficient-stock`, also when the listing has no stock defined); proposed: no change.
 *   One atomic decision on the listing's stock stream (expected revision): of 100 concurrent reservations of the
 *   last item exactly one succeeds. Reserving a reservation id again changes nothing.
 * - `accept`: proposed → accepted −quantity (with the same check); pending → accepted no change.
 * - `decline`: pending → declined +quantity; proposed → declined no change.
 * - `cancel`: accepted (or pending) → cancelled +quantity.
 * - Repeating a move to the state the reservation is in changes nothing; any other move is 409
 *   `stock-reservation-invalid-state`; an unknown reservation 409 `stock-reservation-not-found`.
 * - A missing or deleted listing is 409 `transaction-listing-not-found`.
 * - Each call answers once its events are durable and visible to reads (listing search, `currentStock`).
 *
 * A transition composes `stockDecision` (stock-decision.ts) into its own multi-stream command instead.
 */
export interface StockLedger {
  reserve(ctx: CommandContext, request: StockReservationRequest): Promise<void>;
  accept(ctx: CommandContext, reservation: ReservationRef): Promise<void>;
  decline(ctx: CommandContext, reservation: ReservationRef): Promise<void>;
  cancel(ctx: CommandContext, reservation: ReservationRef): Promise<void>;
}

export const STOCK_LEDGER = 'StockLedger';
