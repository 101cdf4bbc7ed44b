import type { TimeExpression } from './process-definition';

/** ISO-8601 durations as processes write them: `P1D`, `PT15M`, `P1Y2M3W4DT5H6M7.5S` (no negative parts). */
const DURATION = /^P(?!$)(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?=\d)(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

export const isIsoDuration = (text: string): boolean => DURATION.test(text);

/**
 * Adds (sign 1) or subtracts (-1) a duration. Years and months move the UTC calendar (Jan 31 + P1M = Mar 3, as
 * JavaScript dates do); weeks, days and times are exact (a day is 24 hours, since instants are UTC).
 */
export const shift = (at: Date, duration: string, sign: 1 | -1): Date => {
  const m = DURATION.exec(duration);
  if (!m) throw new Error(`not an ISO-8601 duration: ${duration}`);
  const [years, months, weeks, days, hours, minutes] = m.slice(1, 7).map((v) => Number(v ?? 0));
  const seconds = Number(m[7] ?? 0);
  const d = new Date(at.getTime());
  if (years || months) d.setUTCMonth(d.getUTCMonth() + sign * (years * 12 + months));
  const ms = (((weeks * 7 + days) * 24 + hours) * 60 + minutes) * 60_000 + Math.round(seconds * 1000);
  return new Date(d.getTime() + sign * ms);
};

/** What a transaction knows of its own history, for timepoints. Times are ISO strings. */
export interface Timepoints {
  txInitiated: string | null;
  firstEnteredState: Record<string, string>;
  lastEnteredState: Record<string, string>;
  firstTransitioned: Record<string, string>;
  booking: { start: string; end: string; displayStart: string; displayEnd: string } | null;
}

const timepoint = (e: Extract<TimeExpression, { fn: 'timepoint' }>, t: Timepoints): string | null => {
  switch (e.timepoint) {
    case 'time/tx-initiated':
      return t.txInitiated;
    case 'time/first-entered-state':
      return t.firstEnteredState[e.arg!] ?? null;
    case 'time/last-entered-state':
      return t.lastEnteredState[e.arg!] ?? null;
    case 'time/first-transitioned':
      return t.firstTransitioned[e.arg!] ?? null;
    case 'time/booking-start':
      return t.booking?.start ?? null;
    case 'time/booking-end':
      return t.booking?.end ?? null;
    case 'time/booking-display-start':
      return t.booking?.displayStart ?? null;
    case 'time/booking-display-end':
      return t.booking?.displayEnd ?? null;
    default:
      return null;
  }
};

/**
 * The instant a time expression names, or null when it names none: a timepoint the transaction has not reached
 * (a booking time without a booking, a state never entered) makes the whole expression empty, except inside
 * `:fn/min`, which takes the earliest of the times it has; `:fn/ignore-if-past` is empty for a time before `now`.
 */
export const evaluateTime = (e: TimeExpression, t: Timepoints, now: Date): Date | null => {
  switch (e.fn) {
    case 'timepoint': {
      const at = timepoint(e, t);
      return at ? new Date(at) : null;
    }
    case 'period':
      return null;
    case 'plus':
    case 'minus': {
      const base = evaluateTime(e.base, t, now);
      if (!base) return null;
      return e.periods.reduce((at, p) => (p.fn === 'period' ? shift(at, p.period, e.fn === 'plus' ? 1 : -1) : at), base);
    }
    case 'min': {
      const times = e.args.map((a) => evaluateTime(a, t, now)).filter((d): d is Date => d !== null);
      return times.length === 0 ? null : new Date(Math.min(...times.map((d) => d.getTime())));
    }
    case 'ignore-if-past': {
      const at = evaluateTime(e.arg, t, now);
      return at && at.getTime() >= now.getTime() ? at : null;
    }
  }
};
