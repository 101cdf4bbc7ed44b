import { specFor } from '../../../test/support/given-when-then';
import { satisfies } from './availability-match';
import { planKey, planOfKey, planProblems, AvailabilityPlan } from './availability-plan';
import { availabilityDecider } from './availability.decider';
import type { AvailabilityEvent } from './availability.events';
import { freeSeats, planSegments, seatsFreeThroughout } from './seat-timeline';
import { timeSlots } from './time-slots';

const t = (iso: string) => new Date(iso).getTime();
const seg = (start: string, end: string, seats: number) => ({ start: t(start), end: t(end), seats });
const timePlan = (timezone: string, entries: Array<[string, string, string, number]>): AvailabilityPlan => ({
  type: 'availability-plan/time',
  timezone,
  entries: entries.map(([dayOfWeek, startTime, endTime, seats]) => ({ dayOfWeek, startTime, endTime, seats })),
});
const dayPlan = (entries: Array<[string, number]>): AvailabilityPlan => ({ type: 'availability-plan/day', entries: entries.map(([dayOfWeek, seats]) => ({ dayOfWeek, seats })) });

describe('plans in wall-clock time follow daylight saving (luxon)', () => {
  it('Europe/Helsinki: Sunday 09–17 is 07–15 UTC in winter time and 06–14 UTC from the change on 2026-03-29', () => {
    const plan = timePlan('Europe/Helsinki', [['sun', '09:00', '17:00', 1]]);
    expect(planSegments(plan, { start: t('2026-03-22T00:00:00Z'), end: t('2026-03-23T00:00:00Z') })).toEqual([seg('2026-03-22T07:00:00Z', '2026-03-22T15:00:00Z', 1)]);
    expect(planSegments(plan, { start: t('2026-03-29T00:00:00Z'), end: t('2026-03-30T00:00:00Z') })).toEqual([seg('2026-03-29T06:00:00Z', '2026-03-29T14:00:00Z', 1)]);
  });

  it('Europe/Helsinki: an entry starting in the skipped hour (03:00–04:00 on 2026-03-29) is omitted for that date only', () => {
    const plan = timePlan('Europe/Helsinki', [['sun', '03:00', '05:00', 1]]);
    expect(planSegments(plan, { start: t('2026-03-29T00:00:00Z'), end: t('2026-03-30T00:00:00Z') })).toEqual([]);
    expect(planSegments(plan, { start: t('2026-04-05T00:00:00Z'), end: t('2026-04-06T00:00:00Z') })).toEqual([seg('2026-04-05T00:00:00Z', '2026-04-05T02:00:00Z', 1)]);
  });

  it('America/New_York: a whole-day entry (00:00–00:00) lasts 23 hours on 2026-03-08 and 25 hours on 2026-11-01', () => {
    const plan = timePlan('America/New_York', [['sun', '00:00', '00:00', 2]]);
    expect(planSegments(plan, { start: t('2026-03-07T00:00:00Z'), end: t('2026-03-10T00:00:00Z') })).toEqual([seg('2026-03-08T05:00:00Z', '2026-03-09T04:00:00Z', 2)]);
    expect(planSegments(plan, { start: t('2026-10-31T00:00:00Z'), end: t('2026-11-03T00:00:00Z') })).toEqual([seg('2026-11-01T04:00:00Z', '2026-11-02T05:00:00Z', 2)]);
  });

  it('America/New_York: several entries a day, and a booking across the spring change counts exactly', () => {
    const plan = timePlan('America/New_York', [['sun', '00:00', '04:00', 1], ['sun', '06:00', '08:00', 1]]);
    const window = { start: t('2026-03-08T00:00:00Z'), end: t('2026-03-09T00:00:00Z') };
    // 00:00–02:00 EST is 05:00–07:00Z; 02:00–04:00 local runs into the gap: 04:00 EDT is 08:00Z.
    expect(freeSeats({ plan, exceptions: [], bookings: [] }, window).filter((s) => s.seats > 0)).toEqual([seg('2026-03-08T05:00:00Z', '2026-03-08T08:00:00Z', 1), seg('2026-03-08T10:00:00Z', '2026-03-08T12:00:00Z', 1)]);
    const booked = { plan, exceptions: [], bookings: [seg('2026-03-08T06:00:00Z', '2026-03-08T07:00:00Z', 1)] };
    expect(seatsFreeThroughout(booked, { start: t('2026-03-08T06:30:00Z'), end: t('2026-03-08T07:30:00Z') }, 1)).toBe(false);
    expect(seatsFreeThroughout(booked, { start: t('2026-03-08T07:00:00Z'), end: t('2026-03-08T08:00:00Z') }, 1)).toBe(true);
  });
});

describe('free seats', () => {
  it('exceptions override the plan and open time beyond it; bookings take their seats', () => {
    const plan = timePlan('Etc/UTC', [['mon', '07:00', '22:00', 1]]);
    const sources = { plan, exceptions: [seg('2026-03-02T22:00:00Z', '2026-03-02T23:00:00Z', 1)], bookings: [seg('2026-03-02T08:00:00Z', '2026-03-02T09:00:00Z', 1)] };
    const slots = timeSlots(sources, { start: t('2026-03-02T00:00:00Z'), end: t('2026-03-03T00:00:00Z') });
    expect(slots.map((s) => [new Date(s.start).toISOString(), new Date(s.end).toISOString()])).toEqual([
      ['2026-03-02T07:00:00.000Z', '2026-03-02T08:00:00.000Z'],
      ['2026-03-02T09:00:00.000Z', '2026-03-02T23:00:00.000Z'],
    ]);
  });

  it('day plans: a partly covered date counts whole; several partial exceptions give the least seats', () => {
    const plan = dayPlan([['mon', 3], ['tue', 3], ['wed', 3], ['thu', 3]]);
    const window = { start: t('2026-11-23T00:00:00Z'), end: t('2026-11-27T00:00:00Z') };
    const sources = {
      plan,
      exceptions: [seg('2026-11-23T10:00:00Z', '2026-11-23T11:00:00Z', 2), seg('2026-11-23T14:00:00Z', '2026-11-23T15:00:00Z', 1)],
      // 11-25T12:30+01…11-26T10:25+01 takes the 25th and the 26th.
      bookings: [seg('2026-11-25T11:30:00Z', '2026-11-26T09:25:00Z', 1)],
    };
    expect(freeSeats(sources, window)).toEqual([seg('2026-11-23T00:00:00Z', '2026-11-24T00:00:00Z', 1), seg('2026-11-24T00:00:00Z', '2026-11-25T00:00:00Z', 3), seg('2026-11-25T00:00:00Z', '2026-11-27T00:00:00Z', 2)]);
  });

  it('no plan is a day plan with one seat every day', () => {
    expect(freeSeats({ plan: null, exceptions: [], bookings: [] }, { start: t('2026-01-01T05:00:00Z'), end: t('2026-01-02T05:00:00Z') })).toEqual([seg('2026-01-01T00:00:00Z', '2026-01-03T00:00:00Z', 1)]);
  });
});

describe('search availability filter', () => {
  const segments = [seg('2026-03-02T09:00:00Z', '2026-03-02T11:00:00Z', 2), seg('2026-03-02T11:00:00Z', '2026-03-02T12:00:00Z', 1)];
  const filter = { planType: 'time' as const, start: t('2026-03-02T08:00:00Z'), end: t('2026-03-02T13:00:00Z'), seats: 1, mode: 'partial' as const, minDurationMs: 0 };
  it('partial: a continuous stretch of at least minDuration with the seats; full: the whole window', () => {
    expect(satisfies(segments, { ...filter, minDurationMs: 180 * 60_000 })).toBe(true);
    expect(satisfies(segments, { ...filter, minDurationMs: 181 * 60_000 })).toBe(false);
    expect(satisfies(segments, { ...filter, seats: 2, minDurationMs: 120 * 60_000 })).toBe(true);
    expect(satisfies(segments, { ...filter, seats: 2, minDurationMs: 121 * 60_000 })).toBe(false);
    expect(satisfies(segments, { ...filter, mode: 'full' })).toBe(false);
    expect(satisfies(segments, { ...filter, mode: 'full', start: t('2026-03-02T09:00:00Z'), end: t('2026-03-02T12:00:00Z') })).toBe(true);
  });
});

describe('plan validation and keys', () => {
  it('names each problem by path', () => {
    expect(planProblems({ type: 'availability-plan/time', timezone: 'Mars/Olympus', entries: [] }).map((p) => p.path)).toEqual([['timezone']]);
    const entries = [
      { dayOfWeek: 'mon', startTime: '10:00', endTime: '09:00', seats: 1 },
      { dayOfWeek: 'tue', startTime: '09:00', endTime: '12:00', seats: 1 },
      { dayOfWeek: 'tue', startTime: '11:00', endTime: '00:00', seats: 1 },
      { dayOfWeek: 'xyz', startTime: '09:00', endTime: '10:00', seats: -1 },
      { dayOfWeek: 'wed', startTime: '09:03', endTime: '10:00', seats: 1 },
    ];
    expect(planProblems({ type: 'availability-plan/time', timezone: 'Europe/Helsinki', entries }).map((p) => p.path.join('.'))).toEqual([
      'entries.0.endTime',
      'entries.2.startTime',
      'entries.3.dayOfWeek',
      'entries.3.seats',
      'entries.4.startTime',
    ]);
    expect(planProblems({ type: 'availability-plan/week', entries: [] }).map((p) => p.path)).toEqual([['type']]);
    expect(planProblems(timePlan('Europe/Helsinki', [['mon', '00:00', '00:00', 1]]))).toEqual([]);
  });

  it('a plan key holds the whole plan, whatever the order of entries', () => {
    const plan = timePlan('Europe/Helsinki', [['tue', '09:00', '17:00', 1], ['mon', '12:00', '00:00', 2], ['mon', '08:00', '10:00', 1]]);
    expect(planKey(plan)).toBe('t|Europe/Helsinki|mon 08:00-10:00 1;mon 12:00-00:00 2;tue 09:00-17:00 1');
    expect(planKey(planOfKey(planKey(plan)))).toBe(planKey(plan));
    expect(planKey(null)).toBe('d|mon 1;tue 1;wed 1;thu 1;fri 1;sat 1;sun 1');
  });
});

describe('availability stream decider', () => {
  const given = specFor(availabilityDecider);
  const listingId = '11111111-1111-4111-8111-111111111111';
  const exception = (id: string, start: string, end: string, seats = 0) => ({ id, listingId, start, end, seats });
  const created = (e: ReturnType<typeof exception>): AvailabilityEvent => ({ type: 'availabilityException/created', data: e });
  const first = exception('e1', '2026-03-02T10:00:00.000Z', '2026-03-02T12:00:00.000Z');
  const request = (bookingId: string, start: string, end: string) => ({ bookingId, listingId, start: new Date(start), end: new Date(end), seats: 1 });
  const reserved = (bookingId: string, start: string, end: string): AvailabilityEvent => ({ type: 'availability/seats-reserved', data: { bookingId, listingId, start, end, seats: 1 } });

  it('creates exceptions and refuses overlapping ones; back-to-back is fine', () => {
    given([]).when({ type: 'create-exception', exception: first }).then([created(first)]);
    given([created(first)]).when({ type: 'create-exception', exception: exception('e2', '2026-03-02T11:00:00.000Z', '2026-03-02T13:00:00.000Z') }).thenThrows('availability-exception-overlap');
    const next = exception('e2', '2026-03-02T12:00:00.000Z', '2026-03-02T13:00:00.000Z');
    given([created(first)]).when({ type: 'create-exception', exception: next }).then([created(next)]);
  });

  it('deletes an existing exception; an unknown one is not found', () => {
    given([created(first)]).when({ type: 'delete-exception', id: 'e1' }).then([{ type: 'availabilityException/deleted', data: { id: 'e1', listingId } }]);
    given([]).when({ type: 'delete-exception', id: 'e1' }).thenThrows('not-found');
  });

  it('reserves free seats once, refuses taken or blocked time, and releases', () => {
    const plan = dayPlan([['mon', 1], ['tue', 1]]);
    given([]).when({ type: 'reserve-seats', request: request('b1', '2026-03-02T00:00:00.000Z', '2026-03-03T00:00:00.000Z'), plan }).then([reserved('b1', '2026-03-02T00:00:00.000Z', '2026-03-03T00:00:00.000Z')]);
    const held = [reserved('b1', '2026-03-02T00:00:00.000Z', '2026-03-03T00:00:00.000Z')];
    given(held).when({ type: 'reserve-seats', request: request('b1', '2026-03-02T00:00:00.000Z', '2026-03-03T00:00:00.000Z'), plan }).thenNothing();
    given(held).when({ type: 'reserve-seats', request: request('b2', '2026-03-02T12:00:00.000Z', '2026-03-03T12:00:00.000Z'), plan }).thenThrows('transaction-booking-time-not-available');
    given([created(first)]).when({ type: 'reserve-seats', request: request('b2', '2026-03-02T00:00:00.000Z', '2026-03-03T00:00:00.000Z'), plan }).thenThrows('transaction-booking-time-not-available');
    given(held).when({ type: 'release-seats', bookingId: 'b1', listingId }).then([{ type: 'availability/seats-released', data: { bookingId: 'b1', listingId } }]);
    given([]).when({ type: 'release-seats', bookingId: 'b1', listingId }).thenNothing();
  });
});
