import { DateTime, Duration } from 'luxon';
import { AvailabilityPlan, effectivePlan } from './availability-plan';
import { freeSeats, SeatSources, Segment, TimeRange } from './seat-timeline';

/** A `timeSlot` resource's attributes. */
export interface TimeSlot extends Segment {
  type: 'time-slot/day' | 'time-slot/time';
}

export interface IntervalOptions {
  /** ISO 8601 duration splitting the query range into sub-intervals, counted in the plan's zone (UTC for day plans). */
  intervalDuration?: Duration;
  /** Where the sub-intervals are anchored (default: the query's start). */
  intervalAlign?: number;
  /** At most this many slots per sub-interval. */
  maxPerInterval?: number;
  /** Minutes; given explicitly, slots are also expanded to the longest stretch per seat count. */
  minDurationStartingInInterval?: number;
}

/** Sub-intervals are walked one by one: an anchor this many steps away from the range is refused by validation. */
export const MAX_INTERVAL_STEPS = 20_000;

/**
 * Each seat count's longest stretches: where free seats stay at or above k, one slot with k seats. For 10–11 (3),
 * 11–12 (1), 12–13 (3) that is 10–13 (1), 10–11 (3), 12–13 (3): a customer wanting one seat sees the whole stretch.
 */
export const expandedBySeats = (slots: readonly Segment[]): Segment[] => {
  const counts = [...new Set(slots.map((s) => s.seats))];
  const out: Segment[] = [];
  for (const k of counts) {
    let run: Segment | null = null;
    for (const s of slots) {
      if (s.seats >= k && run && run.end === s.start) run.end = s.end;
      else if (s.seats >= k) {
        if (run) out.push(run);
        run = { start: s.start, end: s.end, seats: k };
      } else if (run) {
        out.push(run);
        run = null;
      }
    }
    if (run) out.push(run);
  }
  return out.sort((a, b) => a.start - b.start || b.end - a.end);
};

/** The sub-intervals of `range`: steps of `duration` from `align` (in `zone`), those that overlap the range. */
const subIntervals = (range: TimeRange, duration: Duration, align: number, zone: string): TimeRange[] => {
  let at = DateTime.fromMillis(align, { zone });
  for (let i = 0; at.toMillis() > range.start && i < MAX_INTERVAL_STEPS; i += 1) at = at.minus(duration);
  const out: TimeRange[] = [];
  for (let i = 0; at.toMillis() < range.end && i < MAX_INTERVAL_STEPS; i += 1) {
    const next = at.plus(duration);
    if (next.toMillis() > range.start) out.push({ start: at.toMillis(), end: next.toMillis() });
    at = next;
  }
  return out;
};

/**
 * A slot counts for a sub-interval when, cut at the sub-interval's start, it starts inside it and lasts at least the
 * minimum; each sub-interval keeps its first `maxPerInterval` such slots. A slot is answered once, as it is.
 */
const byIntervals = (slots: readonly Segment[], range: TimeRange, o: IntervalOptions, zone: string): Segment[] => {
  const minMs = (o.minDurationStartingInInterval ?? 0) * 60_000;
  const picked = new Set<Segment>();
  for (const sub of subIntervals(range, o.intervalDuration!, o.intervalAlign ?? range.start, zone)) {
    let taken = 0;
    for (const s of slots) {
      if (o.maxPerInterval !== undefined && taken >= o.maxPerInterval) break;
      const start = Math.max(s.start, sub.start);
      if (start >= sub.end || start >= s.end || s.end - start < Math.max(minMs, 1)) continue;
      picked.add(s);
      taken += 1;
    }
  }
  return slots.filter((s) => picked.has(s));
};

/**
 * The free time slots of a listing in `range`: stretches with the same free seats, at least one (time plans: cut
 * to the range; day plans: whole UTC days), then the interval options.
 */
export const timeSlots = (sources: SeatSources, range: TimeRange, o: IntervalOptions = {}): TimeSlot[] => {
  const plan: AvailabilityPlan = effectivePlan(sources.plan);
  const day = plan.type === 'availability-plan/day';
  let slots: Segment[] = freeSeats(sources, range).filter((s) => s.seats > 0);
  if (o.minDurationStartingInInterval !== undefined) slots = expandedBySeats(slots);
  if (o.intervalDuration) slots = byIntervals(slots, range, o, day ? 'UTC' : plan.timezone!);
  return slots.map((s) => ({ type: day ? 'time-slot/day' : 'time-slot/time', start: s.start, end: s.end, seats: s.seats }));
};
