import { AvailabilityPlan, effectivePlan } from './availability-plan';
import { Segment, TimeRange, wholeDays } from './seat-timeline';

/**
 * The listing-search availability filter over free-seat segments (seat-timeline.ts): `full` needs `seats` free
 * through the whole window, `partial` a continuous stretch of at least `minDurationMs` inside it (any stretch when
 * 0). Day plans read the window as its whole UTC days, and minDuration in days.
 */
export interface AvailabilityFilter extends TimeRange {
  /** Day plans or time plans (`availability=day-*` or `time-*`). */
  planType: 'day' | 'time';
  mode: 'full' | 'partial';
  seats: number;
  minDurationMs: number;
}

/** The window a filter evaluates free seats over. */
export const filterWindow = (f: AvailabilityFilter): TimeRange => (f.planType === 'day' ? wholeDays(f) : { start: f.start, end: f.end });

export const planTypeOf = (plan: AvailabilityPlan | null): 'day' | 'time' => (effectivePlan(plan).type === 'availability-plan/time' ? 'time' : 'day');

/** Whether free-seat segments over filterWindow(f) satisfy the filter. */
export const satisfies = (segments: readonly Segment[], f: AvailabilityFilter): boolean => {
  const window = filterWindow(f);
  const need = f.mode === 'full' ? window.end - window.start : Math.max(f.minDurationMs, 1);
  let stretchStart: number | null = null;
  let stretchEnd = 0;
  const long = () => stretchStart !== null && Math.min(stretchEnd, window.end) - Math.max(stretchStart, window.start) >= need;
  for (const s of segments) {
    if (s.seats >= f.seats && s.end > s.start) {
      if (stretchStart === null || s.start !== stretchEnd) {
        if (long()) return true;
        stretchStart = s.start;
      }
      stretchEnd = s.end;
    } else {
      if (long()) return true;
      stretchStart = null;
    }
  }
  return long();
};
