import fc from 'fast-check';
import { Map as PersistentMap } from 'immutable';
import type { AvailabilityPlan } from './availability-plan';
import { AvailabilityState, seatsFreeFor, seatSourcesOf } from './availability.decider';
import { seatsFreeThroughout } from './seat-timeline';

const HOUR = 3600 * 1000;
const START = Date.UTC(2026, 0, 5);
const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
const PLANS: Array<AvailabilityPlan | null> = [
  null,
  { type: 'availability-plan/day', timezone: 'Etc/UTC', entries: DAYS.map((dayOfWeek) => ({ dayOfWeek, seats: 3 })) },
  { type: 'availability-plan/time', timezone: 'Europe/Helsinki', entries: DAYS.map((dayOfWeek) => ({ dayOfWeek, startTime: '08:00', endTime: '20:00', seats: 3 })) },
] as Array<AvailabilityPlan | null>;

/** A range of whole hours within three weeks. */
const range = fc.tuple(fc.integer({ min: 0, max: 21 * 24 }), fc.integer({ min: 1, max: 72 })).map(([from, hours]) => ({ start: START + from * HOUR, end: START + (from + hours) * HOUR }));
const iso = (ms: number) => new Date(ms).toISOString();

describe('seatsFreeFor: only what touches the range is read', () => {
  it('answers as a reading of the whole stream does, for any reservations, exceptions, range and plan (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(range, fc.integer({ min: 1, max: 3 })), { maxLength: 30 }),
        fc.array(fc.tuple(range, fc.integer({ min: 0, max: 4 })), { maxLength: 4 }),
        range,
        fc.integer({ min: 1, max: 3 }),
        fc.constantFrom(...PLANS),
        (reservations, exceptions, asked, seats, plan) => {
          const state: AvailabilityState = {
            reservations: PersistentMap(reservations.map(([r, n], i) => [`b${i}`, { bookingId: `b${i}`, listingId: 'l', start: iso(r.start), end: iso(r.end), seats: n }])),
            exceptions: Object.fromEntries(exceptions.map(([r, n], i) => [`e${i}`, { id: `e${i}`, listingId: 'l', start: iso(r.start), end: iso(r.end), seats: n }])),
          };
          const whole = seatsFreeThroughout(seatSourcesOf(state, plan), asked, seats);
          expect(seatsFreeFor(state, plan, { start: new Date(asked.start), end: new Date(asked.end) }, seats)).toBe(whole);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('keeps a reservation whose times are not in toISOString form (it cannot be compared as text)', () => {
    const plan = PLANS[1];
    const asked = { start: new Date(START + 10 * HOUR), end: new Date(START + 11 * HOUR) };
    const held = (start: string, end: string): AvailabilityState => ({ exceptions: {}, reservations: PersistentMap({ b: { bookingId: 'b', listingId: 'l', start, end, seats: 3 } }) });
    // 09:00–12:00 UTC written with an offset: as text its end sorts before the day's start.
    expect(seatsFreeFor(held('2026-01-04T21:00:00-12:00', '2026-01-05T00:00:00-12:00'), plan, asked, 1)).toBe(false);
    expect(seatsFreeFor(held(iso(START + 9 * HOUR), iso(START + 12 * HOUR)), plan, asked, 1)).toBe(false);
  });
});
