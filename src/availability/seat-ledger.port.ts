import type { CommandContext } from '../shared/command-context';

/** Seats a booking takes on a listing for a time range (end exclusive). */
export interface SeatBooking {
  bookingId: string;
  listingId: string;
  start: Date;
  end: Date;
  seats: number;
}

/**
 * The seat ledger: the transaction engine's only way to take and give back a listing's seats.
 *
 * Contract:
 * - Free seats at an instant are the seats of the availability exception covering it, else the plan's, minus the
 *   seats of the bookings the ledger holds (pending and accepted ones: the engine releases the others). Day plans
 *   (and listings without a plan) count whole UTC days: a range that touches a date takes that whole date.
 * - `reserve` takes the seats only if they are free at every instant of the range, in one atomic decision on the
 *   listing's availability stream (expected revision): of concurrent reservations for the last seat exactly one
 *   succeeds, the others get 409 `transaction-booking-time-not-available`. Reserving a booking the ledger already
 *   holds changes nothing (a retried transition is harmless). A missing or deleted listing is 409
 *   `transaction-listing-not-found`.
 * - `release` gives a booking's seats back; releasing a booking the ledger does not hold changes nothing.
 * - `check` answers whether `reserve` would succeed now, without taking anything.
 * - Each call answers once its events are durable and visible to reads (time slots, listing search).
 *
 * A transition that must take seats together with other changes (stock, the transaction itself) composes
 * `seatDecision` (seat-ledger.ts) into its own multi-stream command instead, so that all of it is one append.
 */
export interface SeatLedger {
  check(ctx: CommandContext, booking: SeatBooking): Promise<boolean>;
  reserve(ctx: CommandContext, booking: SeatBooking): Promise<void>;
  release(ctx: CommandContext, booking: Pick<SeatBooking, 'bookingId' | 'listingId'>): Promise<void>;
}

export const SEAT_LEDGER = 'SeatLedger';
