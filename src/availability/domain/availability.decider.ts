import { Map as PersistentMap } from 'immutable';
import { apiError, conflict, notFound } from '../../shared/api-error';
import type { Decider } from '../../shared/decider';
import type { AvailabilityPlan } from './availability-plan';
import type { AvailabilityEvent, ExceptionData, SeatReservationData } from './availability.events';
import { seatsFreeThroughout, Segment } from './seat-timeline';

/** A listing's availability stream: its exceptions and the seats bookings hold. */
export interface AvailabilityState {
  exceptions: Record<string, ExceptionData>;
  /**
   * Persistent (structural sharing): a hot listing holds thousands of bookings, and copying a record of all of them
   * for every booking folded made each fold O(n), the largest share of a booking's CPU (docs/performance.md).
   */
  reservations: PersistentMap<string, SeatReservationData>;
}

export interface SeatRequest {
  bookingId: string;
  listingId: string;
  start: Date;
  end: Date;
  seats: number;
}

export type AvailabilityCommand =
  | { type: 'create-exception'; exception: ExceptionData }
  | { type: 'delete-exception'; id: string }
  /** Takes the seats when they are free throughout the range under `plan`; again for a held booking is a no-op. */
  | { type: 'reserve-seats'; request: SeatRequest; plan: AvailabilityPlan | null }
  /** Gives the seats back (declined, cancelled, expired booking); nothing when the booking holds none. */
  | { type: 'release-seats'; bookingId: string; listingId: string };

export const initialAvailabilityState = (): AvailabilityState => ({ exceptions: {}, reservations: PersistentMap() });

/** The state as plain data (a snapshot's form, version 2) and back. */
export const availabilitySnapshotForm = {
  write: (state: AvailabilityState) => ({ exceptions: state.exceptions, reservations: state.reservations.toObject() }),
  read: (stored: { exceptions: Record<string, ExceptionData>; reservations: Record<string, SeatReservationData> }): AvailabilityState => ({
    exceptions: stored.exceptions,
    reservations: PersistentMap(stored.reservations),
  }),
};

const without = <T>(record: Record<string, T>, id: string): Record<string, T> => {
  const { [id]: _gone, ...rest } = record;
  return rest;
};

export const evolveAvailability = (state: AvailabilityState, event: AvailabilityEvent): AvailabilityState => {
  switch (event.type) {
    case 'availabilityException/created':
      return { ...state, exceptions: { ...state.exceptions, [event.data.id]: event.data } };
    case 'availabilityException/deleted':
      return { ...state, exceptions: without(state.exceptions, event.data.id) };
    case 'availability/seats-reserved':
      return { ...state, reservations: state.reservations.set(event.data.bookingId, event.data) };
    case 'availability/seats-released':
      return { ...state, reservations: state.reservations.delete(event.data.bookingId) };
  }
};

const ms = (iso: string) => new Date(iso).getTime();
/**
 * Each reservation's or exception's segment, parsed once: the stream's state keeps the same data objects from one
 * revision to the next (evolve copies the record, not its entries), and a hot listing's every booking parsed all of
 * them again.
 */
const segments = new WeakMap<object, Segment>();
const segment = (r: { start: string; end: string; seats: number }): Segment => {
  let parsed = segments.get(r);
  // Frozen: the timeline copies segments before it merges them; a change to a shared one would be a bug, loudly.
  if (!parsed) segments.set(r, (parsed = Object.freeze({ start: ms(r.start), end: ms(r.end), seats: r.seats })));
  return parsed;
};

type Held = { start: string; end: string };

/** What the seat timeline needs from the stream: exceptions and held seats as segments (those `keep` keeps). */
export const seatSourcesOf = (state: AvailabilityState, plan: AvailabilityPlan | null, keep: (held: Held) => boolean = () => true) => {
  const bookings: Segment[] = [];
  for (const held of state.reservations.values()) if (keep(held)) bookings.push(segment(held));
  return { plan, exceptions: Object.values(state.exceptions).filter(keep).map(segment), bookings };
};

const DAY_MS = 24 * 3600 * 1000;
/** `Date#toISOString`'s own form (years 0–9999), in which texts compare as their instants do. */
const canonical = (iso: string): boolean => iso.length === 24 && iso[10] === 'T' && iso[23] === 'Z';

/**
 * Whether `seats` seats are free throughout `range` (the booking rule), reading only the exceptions and held seats
 * that touch the range's UTC days: nothing outside them changes the answer (day plans count whole UTC days, time
 * plans the instants of the range). A listing's past bookings are most of its stream; they were parsed, all of them,
 * on every booking. They are passed over by comparing their ISO texts, and a text in any other form is kept.
 */
export const seatsFreeFor = (state: AvailabilityState, plan: AvailabilityPlan | null, range: { start: Date; end: Date }, seats: number): boolean => {
  const from = new Date(Math.floor(range.start.getTime() / DAY_MS) * DAY_MS).toISOString();
  const to = new Date(Math.ceil(range.end.getTime() / DAY_MS) * DAY_MS).toISOString();
  const touching = (r: Held) => !canonical(r.start) || !canonical(r.end) || (r.start < to && r.end > from);
  return seatsFreeThroughout(seatSourcesOf(state, plan, touching), { start: range.start.getTime(), end: range.end.getTime() }, seats);
};

export const bookingTimeNotAvailable = () => conflict('transaction-booking-time-not-available', 'The listing does not have the seats free for the whole booking time.');

export const availabilityDecider: Decider<AvailabilityCommand, AvailabilityState, AvailabilityEvent> = {
  initialState: initialAvailabilityState,
  evolve: evolveAvailability,
  decide: (command, state) => {
    switch (command.type) {
      case 'create-exception': {
        const e = command.exception;
        const clash = Object.values(state.exceptions).find((o) => ms(o.start) < ms(e.end) && ms(e.start) < ms(o.end));
        if (clash) throw conflict('availability-exception-overlap', `The range overlaps availability exception ${clash.id}.`);
        return [{ type: 'availabilityException/created', data: e }];
      }
      case 'delete-exception': {
        const e = state.exceptions[command.id];
        if (!e) throw notFound('No such availability exception.');
        return [{ type: 'availabilityException/deleted', data: { id: e.id, listingId: e.listingId } }];
      }
      case 'reserve-seats': {
        const r = command.request;
        if (!Number.isSafeInteger(r.seats) || r.seats < 1) throw apiError(400, 'validation-invalid-value', 'seats must be a positive integer.');
        if (state.reservations.has(r.bookingId)) return [];
        if (!seatsFreeFor(state, command.plan, r, r.seats)) throw bookingTimeNotAvailable();
        const data = { bookingId: r.bookingId, listingId: r.listingId, start: r.start.toISOString(), end: r.end.toISOString(), seats: r.seats };
        return [{ type: 'availability/seats-reserved', data }];
      }
      case 'release-seats':
        return state.reservations.has(command.bookingId) ? [{ type: 'availability/seats-released', data: { bookingId: command.bookingId, listingId: command.listingId } }] : [];
    }
  },
};
