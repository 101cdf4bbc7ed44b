import { conflict, invalidValue, missingKey } from '../../shared/api-error';
import type { ActionInput, ActionResult, LedgerChange, TransactionAction } from './action';
import type { BookingData, BookingStateName } from './transaction.events';

const DAY = 24 * 3600 * 1000;
const BOOKING_PARAMS = ['bookingStart', 'bookingEnd', 'bookingDisplayStart', 'bookingDisplayEnd', 'seats'];

/** A timestamp param: a Date (Transit) or an ISO 8601 string (JSON). */
const instant = (params: Record<string, unknown>, key: string): Date | null => {
  const v = params[key];
  if (v === undefined || v === null) return null;
  const d = v instanceof Date ? v : typeof v === 'string' && /^\d{4}-\d\d-\d\dT/.test(v) ? new Date(v) : null;
  if (!d || Number.isNaN(d.getTime())) throw invalidValue(['params', key], 'body', `${key} must be a timestamp`);
  return d;
};

/**
 * `:type :day` (the default) books whole UTC days: the start goes back to its UTC midnight, the end forward to the
 * next one (a nightly booking from the 1st to the 3rd takes the 1st and the 2nd). `:type :time` books the exact range.
 */
const bookingType = (config: Record<string, unknown>): 'day' | 'time' => (config.type === 'time' || config.type === ':time' ? 'time' : 'day');
const normalise = (d: Date, type: 'day' | 'time', up: boolean): Date => {
  if (type === 'time') return d;
  const floor = Math.floor(d.getTime() / DAY) * DAY;
  return new Date(up && floor !== d.getTime() ? floor + DAY : floor);
};

const seatsOf = (params: Record<string, unknown>, fallback: number): number => {
  const seats = params.seats ?? fallback;
  if (!Number.isSafeInteger(seats) || (seats as number) < 1) throw invalidValue(['params', 'seats'], 'body', 'seats must be a positive integer');
  return seats as number;
};

/** The range a call gives (both ends or neither), checked: the end after the start. */
const rangeOf = (params: Record<string, unknown>, startKey: string, endKey: string): { start: Date; end: Date } | null => {
  const start = instant(params, startKey);
  const end = instant(params, endKey);
  if (!start && !end) return null;
  if (!start || !end) {
    const missing = start ? endKey : startKey;
    throw missingKey(['params', missing], 'body', `${missing} must be given together with ${start ? startKey : endKey}`);
  }
  if (end.getTime() <= start.getTime()) throw invalidValue(['params', endKey], 'body', `${endKey} must be after ${startKey}`);
  return { start, end };
};

const claimOf = (b: BookingData) => ({ bookingId: b.bookingId, start: b.start, end: b.end, seats: b.seats });

const create = (state: 'pending' | 'proposed'): TransactionAction => ({
  params: { required: ['bookingStart', 'bookingEnd'], optional: ['bookingDisplayStart', 'bookingDisplayEnd', 'seats'] },
  run: ({ tx, params, config, newId }: ActionInput): ActionResult => {
    if (tx.booking) throw conflict('transaction-invalid-action-sequence', 'The transaction already has a booking.');
    const range = rangeOf(params, 'bookingStart', 'bookingEnd')!;
    const display = rangeOf(params, 'bookingDisplayStart', 'bookingDisplayEnd') ?? range;
    const type = bookingType(config);
    const booking: BookingData = {
      bookingId: newId(),
      start: normalise(range.start, type, false).toISOString(),
      end: normalise(range.end, type, true).toISOString(),
      displayStart: display.start.toISOString(),
      displayEnd: display.end.toISOString(),
      seats: seatsOf(params, 1),
      state,
    };
    const ledger: LedgerChange[] = [{ type: state === 'pending' ? 'reserve-seats' : 'check-seats', claim: claimOf(booking) }];
    return { events: [{ type: 'booking/created', data: booking }], ledger };
  },
});

const bookingOf = (input: ActionInput): BookingData => {
  if (!input.tx.booking) throw conflict('transaction-invalid-action-sequence', 'The transaction has no booking.');
  return input.tx.booking;
};

/** A state move: from the listed states only (else 409 with the platform's code), with its seat-ledger effect. */
const move = (to: BookingStateName, from: Partial<Record<BookingStateName, 'reserve' | 'release' | 'none'>>, refusal: string): TransactionAction => ({
  params: { required: [], optional: [] },
  run: (input) => {
    const b = bookingOf(input);
    const effect = from[b.state];
    if (!effect) throw conflict(refusal, `The booking is ${b.state}; it cannot become ${to}.`);
    const ledger: LedgerChange[] =
      effect === 'reserve' ? [{ type: 'reserve-seats', claim: claimOf(b) }] : effect === 'release' ? [{ type: 'release-seats', bookingId: b.bookingId }] : [];
    return { events: [{ type: 'booking/updated', data: { ...b, state: to } }], ledger };
  },
});

/** update-booking: a new range (both ends together), display or seats, in the same state; the new range must be free. */
const update: TransactionAction = {
  params: { required: [], optional: BOOKING_PARAMS },
  run: (input) => {
    const b = bookingOf(input);
    const { params, config } = input;
    if (b.state === 'declined' || b.state === 'cancelled') throw conflict('transaction-booking-state-not-pending', `The booking is ${b.state}.`);
    const range = rangeOf(params, 'bookingStart', 'bookingEnd');
    const display = rangeOf(params, 'bookingDisplayStart', 'bookingDisplayEnd');
    const type = bookingType(config);
    const next: BookingData = {
      ...b,
      ...(range ? { start: normalise(range.start, type, false).toISOString(), end: normalise(range.end, type, true).toISOString() } : {}),
      ...(display ? { displayStart: display.start.toISOString(), displayEnd: display.end.toISOString() } : {}),
      seats: seatsOf(params, b.seats),
    };
    const holds = b.state === 'pending' || b.state === 'accepted';
    const ledger: LedgerChange[] = holds
      ? [{ type: 'release-seats', bookingId: b.bookingId }, { type: 'reserve-seats', claim: claimOf(next) }]
      : [{ type: 'check-seats', claim: claimOf(next) }];
    return { events: [{ type: 'booking/updated', data: next }], ledger };
  },
};

/** The booking actions of reference §2 over the seat ledger. */
export const BOOKING_ACTIONS: Record<string, TransactionAction> = {
  'action/create-pending-booking': create('pending'),
  'action/create-proposed-booking': create('proposed'),
  // Deprecated: a pending booking, availability always observed (no overbooking on this server).
  'action/create-booking': create('pending'),
  'action/update-booking': update,
  'action/accept-booking': move('accepted', { pending: 'none', proposed: 'reserve' }, 'transaction-booking-state-not-pending'),
  'action/decline-booking': move('declined', { pending: 'release', proposed: 'none' }, 'transaction-booking-state-not-pending'),
  'action/cancel-booking': move('cancelled', { accepted: 'release' }, 'transaction-booking-state-not-accepted'),
};
