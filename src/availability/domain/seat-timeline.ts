import { DateTime } from 'luxon';
import { AvailabilityPlan, DAY_MS, DAYS_OF_WEEK, effectivePlan, minutesOf } from './availability-plan';

/**
 * Free seats over time: the plan (day plans in UTC, time plans in wall-clock time of their zone), overridden by
 * availability exceptions, minus the seats of bookings. Pure; times are ms since the epoch, ranges end-exclusive.
 */

export interface TimeRange {
  start: number;
  end: number;
}

/** A stretch of time with a constant number of seats. */
export interface Segment extends TimeRange {
  seats: number;
}

export interface SeatSources {
  plan: AvailabilityPlan | null;
  /** Availability exceptions: their seats replace the plan's for their range (they never overlap each other). */
  exceptions: readonly Segment[];
  /** Pending and accepted bookings: each takes its seats for its range. */
  bookings: readonly Segment[];
}

const floorDay = (t: number): number => Math.floor(t / DAY_MS) * DAY_MS;
const ceilDay = (t: number): number => Math.ceil(t / DAY_MS) * DAY_MS;

/** The whole UTC days a range touches: how day plans read every range (a partly covered date counts whole). */
export const wholeDays = (r: TimeRange): TimeRange => ({ start: floorDay(r.start), end: Math.max(ceilDay(r.end), floorDay(r.start) + DAY_MS) });

const dayOfWeekOf = (utcMidnight: number): string => DAYS_OF_WEEK[(new Date(utcMidnight).getUTCDay() + 6) % 7];

/** Wall-clock times resolved to instants, by zone, date and minute: plans share zones and times, DST rules are slow. */
const resolved = new Map<string, number | null>();
const RESOLVED_MAX = 200_000;

/**
 * The instant of a local date and time in a zone, or null when that wall-clock time does not exist there (a
 * daylight-saving gap): document 1 rule 5 omits such an entry for that date. Minute 1440 is the next midnight.
 */
export const localInstant = (zone: string, year: number, month: number, day: number, minute: number): number | null => {
  const key = `${zone}|${year}-${month}-${day}|${minute}`;
  const cached = resolved.get(key);
  if (cached !== undefined) return cached;
  let instant: number | null;
  if (minute === 1440) {
    const next = new Date(Date.UTC(year, month - 1, day + 1));
    instant = localInstant(zone, next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), 0);
  } else {
    const hour = Math.floor(minute / 60);
    const dt = DateTime.fromObject({ year, month, day, hour, minute: minute % 60 }, { zone });
    instant = dt.isValid && dt.day === day && dt.hour === hour && dt.minute === minute % 60 ? dt.toMillis() : null;
  }
  if (resolved.size >= RESOLVED_MAX) resolved.clear();
  resolved.set(key, instant);
  return instant;
};

/** Local dates by zone and window: a search evaluates many plans over one window, and luxon's zone math is slow. */
const datesOf = new Map<string, [number, number]>();

/** The local dates (as UTC midnights) from the day before the window's start (its entries may run into it) to its end. */
const localDates = (zone: string, window: TimeRange): [number, number] => {
  const key = `${zone}|${window.start}|${window.end}`;
  let dates = datesOf.get(key);
  if (!dates) {
    const first = DateTime.fromMillis(window.start, { zone }).minus({ days: 1 });
    const last = DateTime.fromMillis(window.end, { zone });
    dates = [Date.UTC(first.year, first.month - 1, first.day), Date.UTC(last.year, last.month - 1, last.day)];
    if (datesOf.size >= 10_000) datesOf.clear();
    datesOf.set(key, dates);
  }
  return dates;
};

/** The plan's seats as segments covering `window` (day plans: its whole UTC days). Gaps have no segment (0 seats). */
export const planSegments = (planOrNull: AvailabilityPlan | null, window: TimeRange): Segment[] => {
  const plan = effectivePlan(planOrNull);
  const seatsByDay = new Map<string, AvailabilityPlan['entries']>();
  for (const e of plan.entries) seatsByDay.set(e.dayOfWeek, [...(seatsByDay.get(e.dayOfWeek) ?? []), e]);
  const out: Segment[] = [];
  if (plan.type === 'availability-plan/day') {
    const days = wholeDays(window);
    for (let day = days.start; day < days.end; day += DAY_MS) {
      const seats = seatsByDay.get(dayOfWeekOf(day))?.[0]?.seats ?? 0;
      if (seats > 0) out.push({ start: day, end: day + DAY_MS, seats });
    }
    return out;
  }
  const zone = plan.timezone!;
  const [firstDate, lastDate] = localDates(zone, window);
  for (let date = firstDate; date <= lastDate; date += DAY_MS) {
    const entries = seatsByDay.get(dayOfWeekOf(date));
    if (!entries) continue;
    const d = new Date(date);
    const [y, m, dd] = [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()];
    const day: Segment[] = [];
    for (const e of entries) {
      if (e.seats <= 0) continue;
      const start = localInstant(zone, y, m, dd, minutesOf(e.startTime!));
      const end = localInstant(zone, y, m, dd, minutesOf(e.endTime!, true));
      if (start === null || end === null || end <= start) continue;
      if (end <= window.start || start >= window.end) continue;
      day.push({ start: Math.max(start, window.start), end: Math.min(end, window.end), seats: e.seats });
    }
    out.push(...day.sort((a, b) => a.start - b.start));
  }
  return out;
};

/** Adjacent segments with equal seats become one. */
export const merged = (segments: readonly Segment[]): Segment[] => {
  const out: Segment[] = [];
  for (const s of segments) {
    const last = out.at(-1);
    if (last && last.end === s.start && last.seats === s.seats) last.end = s.end;
    else out.push({ ...s });
  }
  return out;
};

const overlaps = (a: TimeRange, b: TimeRange): boolean => a.start < b.end && b.start < a.end;

/** Free seats by UTC day: the day's exception seats (the least of several) or plan seats, minus the bookings touching it. */
const daySeats = (sources: SeatSources, window: TimeRange): Segment[] => {
  const days = wholeDays(window);
  const plan = new Map(planSegments(sources.plan, days).map((s) => [s.start, s.seats]));
  const out: Segment[] = [];
  for (let day = days.start; day < days.end; day += DAY_MS) {
    const range = { start: day, end: day + DAY_MS };
    const exceptions = sources.exceptions.filter((e) => overlaps(e, range));
    const offered = exceptions.length > 0 ? Math.min(...exceptions.map((e) => e.seats)) : (plan.get(day) ?? 0);
    const booked = sources.bookings.filter((b) => overlaps(b, range)).reduce((sum, b) => sum + b.seats, 0);
    out.push({ ...range, seats: Math.max(0, offered - booked) });
  }
  return merged(out);
};

/** Free seats by instant (time plans): exception seats where one covers, else plan seats, minus covering bookings. */
const timeSeats = (sources: SeatSources, window: TimeRange): Segment[] => {
  const plan = planSegments(sources.plan, window);
  const exceptions = sources.exceptions.filter((e) => overlaps(e, window));
  const bookings = sources.bookings.filter((b) => overlaps(b, window));
  const cuts = new Set<number>([window.start, window.end]);
  for (const r of [...plan, ...exceptions, ...bookings]) {
    if (r.start > window.start && r.start < window.end) cuts.add(r.start);
    if (r.end > window.start && r.end < window.end) cuts.add(r.end);
  }
  const points = [...cuts].sort((a, b) => a - b);
  const out: Segment[] = [];
  let p = 0;
  for (let i = 0; i + 1 < points.length; i += 1) {
    const [start, end] = [points[i], points[i + 1]];
    while (p < plan.length && plan[p].end <= start) p += 1;
    const exception = exceptions.find((e) => e.start <= start && e.end >= end);
    const offered = exception ? exception.seats : p < plan.length && plan[p].start <= start ? plan[p].seats : 0;
    const booked = bookings.reduce((sum, b) => (b.start <= start && b.end >= end ? sum + b.seats : sum), 0);
    out.push({ start, end, seats: Math.max(0, offered - booked) });
  }
  return merged(out);
};

/**
 * Free seats over a window, as consecutive segments covering it (0 seats included). Day plans (and listings
 * without a plan) count in whole UTC days, so the segments cover the window's whole days.
 */
export const freeSeats = (sources: SeatSources, window: TimeRange): Segment[] =>
  effectivePlan(sources.plan).type === 'availability-plan/day' ? daySeats(sources, window) : timeSeats(sources, window);

/** Whether `seats` seats are free at every instant of `range` (the booking rule). */
export const seatsFreeThroughout = (sources: SeatSources, range: TimeRange, seats: number): boolean =>
  range.end > range.start && freeSeats(sources, range).every((s) => s.seats >= seats);
