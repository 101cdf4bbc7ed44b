import { ApiError } from '../../shared/api-error';
import { processContentOf } from '../process-files';
import { transactionDecider, TransitionCall } from './transaction.decider';
import type { TransactionEvent } from './transaction.events';

const PROCESS = `{:format :v3
 :transitions
 [{:name :transition/request :actor :actor.role/customer :to :state/requested :actions [{:name :action/create-pending-booking :config {:type :time}}]}
  {:name :transition/request-day :actor :actor.role/customer :to :state/requested :actions [{:name :action/create-pending-booking}]}
  {:name :transition/propose :actor :actor.role/customer :to :state/proposed :actions [{:name :action/create-proposed-booking :config {:type :time}}]}
  {:name :transition/accept :actor :actor.role/provider :from :state/requested :to :state/accepted :actions [{:name :action/accept-booking}]}
  {:name :transition/accept-proposed :actor :actor.role/provider :from :state/proposed :to :state/accepted :actions [{:name :action/accept-booking}]}
  {:name :transition/decline :actor :actor.role/provider :from :state/requested :to :state/declined :actions [{:name :action/decline-booking}]}
  {:name :transition/cancel :actor :actor.role/operator :from :state/accepted :to :state/cancelled :actions [{:name :action/cancel-booking}]}
  {:name :transition/cancel-early :actor :actor.role/operator :from :state/requested :to :state/cancelled :actions [{:name :action/cancel-booking}]}]}`;

const process = processContentOf(PROCESS, {}).definition;
const now = new Date('2026-03-01T10:00:00.000Z');
let ids = 0;
const call = (transition: string, by: TransitionCall['by'], params: Record<string, unknown> = {}): TransitionCall => ({
  transition,
  by,
  params,
  trusted: false,
  now,
  protectedDataOf: { customer: {}, provider: {} },
  newId: () => `00000000-0000-4000-8000-${String(++ids).padStart(12, '0')}`,
});
const tx = { transactionId: 't1', processName: 'p', processVersion: 1, listingId: 'l1', customerId: 'c1', providerId: 'p1' };
const fold = (events: TransactionEvent[]) => events.reduce(transactionDecider.evolve, transactionDecider.initialState());
const initiate = (transition: string, params: Record<string, unknown>) => transactionDecider.decideWithLedger({ type: 'initiate', process, ...tx, ...call(transition, 'customer', params) }, fold([]));
const transition = (events: TransactionEvent[], name: string, by: TransitionCall['by']) => transactionDecider.decideWithLedger({ type: 'transition', process, ...call(name, by) }, fold(events));
const errorOf = (f: () => unknown): { code: string; path?: unknown } => {
  try {
    f();
  } catch (e) {
    return { code: (e as ApiError).code, path: (e as ApiError).items[0].source?.path };
  }
  return { code: 'no error' };
};
const range = { bookingStart: new Date('2026-04-01T09:00:00Z'), bookingEnd: new Date('2026-04-01T11:00:00Z') };

describe('booking actions', () => {
  it('create-pending-booking (time): booking/created before the transaction event, seats reserved, display defaults to the range', () => {
    const d = initiate('transition/request', { ...range, seats: 2 });
    expect(d.events.map((e) => e.type)).toEqual(['booking/created', 'transaction/initiated']);
    const booking = fold(d.events).booking!;
    expect(booking).toMatchObject({ start: '2026-04-01T09:00:00.000Z', end: '2026-04-01T11:00:00.000Z', displayStart: '2026-04-01T09:00:00.000Z', displayEnd: '2026-04-01T11:00:00.000Z', seats: 2, state: 'pending' });
    expect(d.ledger).toEqual([{ type: 'reserve-seats', claim: { bookingId: booking.bookingId, start: booking.start, end: booking.end, seats: 2 } }]);
  });

  it('day bookings take whole UTC days; display times stay as given; ISO strings are accepted (plain JSON)', () => {
    const d = initiate('transition/request-day', { bookingStart: '2026-04-01T12:30:00+01:00', bookingEnd: '2026-04-02T10:25:00+01:00', bookingDisplayStart: '2026-04-01T15:00:00Z', bookingDisplayEnd: '2026-04-02T10:00:00Z' });
    expect(fold(d.events).booking).toMatchObject({ start: '2026-04-01T00:00:00.000Z', end: '2026-04-03T00:00:00.000Z', displayStart: '2026-04-01T15:00:00.000Z', displayEnd: '2026-04-02T10:00:00.000Z', seats: 1 });
  });

  it('refuses bad params with 400s at their paths', () => {
    expect(errorOf(() => initiate('transition/request', { bookingStart: range.bookingEnd, bookingEnd: range.bookingStart }))).toEqual({ code: 'validation-invalid-value', path: ['params', 'bookingEnd'] });
    expect(errorOf(() => initiate('transition/request', { bookingStart: 'tomorrow', bookingEnd: range.bookingEnd }))).toEqual({ code: 'validation-invalid-value', path: ['params', 'bookingStart'] });
    expect(errorOf(() => initiate('transition/request', { ...range, seats: 0 }))).toEqual({ code: 'validation-invalid-value', path: ['params', 'seats'] });
    expect(errorOf(() => initiate('transition/request', { ...range, seats: 1.5 }))).toEqual({ code: 'validation-invalid-value', path: ['params', 'seats'] });
    expect(errorOf(() => initiate('transition/request', { ...range, bookingDisplayStart: range.bookingStart }))).toEqual({ code: 'validation-missing-key', path: ['params', 'bookingDisplayEnd'] });
    expect(errorOf(() => initiate('transition/request', { bookingStart: range.bookingStart }))).toEqual({ code: 'validation-missing-key', path: ['params', 'bookingEnd'] });
  });

  it('accept keeps the seats, decline and cancel release them; wrong states are 409s', () => {
    const requested = initiate('transition/request', range).events;
    const bookingId = fold(requested).booking!.bookingId;
    const accepted = transition(requested, 'transition/accept', 'provider');
    expect(accepted.events.map((e) => e.type)).toEqual(['booking/updated', 'transaction/transitioned']);
    expect(accepted.ledger).toEqual([]);
    const declined = transition(requested, 'transition/decline', 'provider');
    expect(fold([...requested, ...declined.events]).booking!.state).toBe('declined');
    expect(declined.ledger).toEqual([{ type: 'release-seats', bookingId }]);
    const cancelled = transition([...requested, ...accepted.events], 'transition/cancel', 'operator');
    expect(fold([...requested, ...accepted.events, ...cancelled.events]).booking!.state).toBe('cancelled');
    expect(cancelled.ledger).toEqual([{ type: 'release-seats', bookingId }]);
    expect(errorOf(() => transition(requested, 'transition/cancel-early', 'operator')).code).toBe('transaction-booking-state-not-accepted');
  });

  it('a proposed booking reserves nothing but is checked; accepting it reserves', () => {
    const proposed = initiate('transition/propose', range);
    expect(proposed.ledger.map((c) => c.type)).toEqual(['check-seats']);
    expect(transition(proposed.events, 'transition/accept-proposed', 'provider').ledger.map((c) => c.type)).toEqual(['reserve-seats']);
  });
});
