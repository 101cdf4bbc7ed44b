import { IANAZone } from 'luxon';
import type { AvailabilityPlan } from '../../listings/domain/listing.events';

export type { AvailabilityPlan };

export const DAYS_OF_WEEK = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type DayOfWeek = (typeof DAYS_OF_WEEK)[number];

/** `hh:mm` in 5-minute steps (document 1). */
const TIME = /^([01]\d|2[0-3]):[0-5][05]$/;
/** An absurdly long plan is refused rather than evaluated on every search. */
const MAX_ENTRIES = 500;

export const DAY_MS = 86_400_000;
export const MINUTE_MS = 60_000;

/** Minutes since local midnight; an `endTime` of `00:00` is the end of the day (1440). */
export const minutesOf = (time: string, isEnd = false): number => {
  const minutes = Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
  return isEnd && minutes === 0 ? 1440 : minutes;
};

/** Rule 3 of document 1: a listing without a plan is bookable every day with one seat. */
export const DEFAULT_PLAN: AvailabilityPlan = {
  type: 'availability-plan/day',
  entries: DAYS_OF_WEEK.map((dayOfWeek) => ({ dayOfWeek, seats: 1 })),
};

export const effectivePlan = (plan: AvailabilityPlan | null | undefined): AvailabilityPlan => plan ?? DEFAULT_PLAN;
export const isTimePlan = (plan: AvailabilityPlan | null | undefined): boolean => plan?.type === 'availability-plan/time';

export interface PlanProblem {
  /** Below the plan's own key (`['entries', '2', 'endTime']`). */
  path: string[];
  details: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * What is wrong with a plan, each problem at its path: unknown type or day, a bad or missing time zone, seats that
 * are not a non-negative integer, times off the 5-minute grid, an entry that ends before it starts, entries of one
 * day that overlap, keys a plan of its type does not have. An empty list means the plan is valid.
 */
export const planProblems = (value: unknown): PlanProblem[] => {
  if (!isObject(value)) return [{ path: [], details: 'must be an availability plan object (type, entries).' }];
  const problems: PlanProblem[] = [];
  const time = value.type === 'availability-plan/time';
  if (!time && value.type !== 'availability-plan/day') problems.push({ path: ['type'], details: 'must be availability-plan/day or availability-plan/time.' });
  for (const key of Object.keys(value)) if (!['type', 'timezone', 'entries'].includes(key)) problems.push({ path: [key], details: 'is not a key of an availability plan.' });
  if (time && (typeof value.timezone !== 'string' || !IANAZone.isValidZone(value.timezone)))
    problems.push({ path: ['timezone'], details: 'must be a time zone name of the TZ database (Area/City).' });
  if (!time && value.timezone !== undefined && value.timezone !== null) problems.push({ path: ['timezone'], details: 'is only for availability-plan/time.' });
  if (!Array.isArray(value.entries)) return [...problems, { path: ['entries'], details: 'must be a list of entries.' }];
  if (value.entries.length > MAX_ENTRIES) problems.push({ path: ['entries'], details: `must have at most ${MAX_ENTRIES} entries.` });
  const taken = new Map<string, Array<{ start: number; end: number; index: number }>>();
  value.entries.forEach((entry: unknown, i: number) => {
    const at = (key: string) => ['entries', String(i), ...(key ? [key] : [])];
    if (!isObject(entry)) return problems.push({ path: at(''), details: 'must be an entry object.' });
    const day = entry.dayOfWeek as string;
    if (!(DAYS_OF_WEEK as readonly string[]).includes(day)) problems.push({ path: at('dayOfWeek'), details: `must be one of ${DAYS_OF_WEEK.join(', ')}.` });
    if (!Number.isSafeInteger(entry.seats) || (entry.seats as number) < 0) problems.push({ path: at('seats'), details: 'must be a non-negative integer.' });
    for (const key of Object.keys(entry))
      if (!['dayOfWeek', 'seats', ...(time ? ['startTime', 'endTime'] : [])].includes(key)) problems.push({ path: at(key), details: `is not a key of a ${time ? 'time' : 'day'} plan entry.` });
    if (!time) {
      if (taken.has(day)) problems.push({ path: at('dayOfWeek'), details: `${day} has another entry: a day plan has one entry per day.` });
      taken.set(day, []);
      return;
    }
    const validTimes = ['startTime', 'endTime'].filter((key) => {
      const ok = typeof entry[key] === 'string' && TIME.test(entry[key] as string);
      if (!ok) problems.push({ path: at(key), details: 'must be hh:mm with minutes a multiple of 5.' });
      return ok;
    });
    if (validTimes.length < 2) return;
    const start = minutesOf(entry.startTime as string);
    const end = minutesOf(entry.endTime as string, true);
    if (end <= start) return problems.push({ path: at('endTime'), details: 'must be after startTime (00:00 is the end of the day).' });
    const sameDay = taken.get(day) ?? [];
    const clash = sameDay.find((other) => start < other.end && other.start < end);
    if (clash) problems.push({ path: at('startTime'), details: `overlaps entry ${clash.index} of the same day.` });
    taken.set(day, [...sameDay, { start, end, index: i }]);
  });
  return problems;
};

/** The plan as listing events keep it: only the keys document 1 defines, entries in the given order. */
export const normalizedPlan = (plan: AvailabilityPlan): AvailabilityPlan => ({
  type: plan.type,
  ...(plan.type === 'availability-plan/time' ? { timezone: plan.timezone } : {}),
  entries: plan.entries.map((e) =>
    plan.type === 'availability-plan/time'
      ? { dayOfWeek: e.dayOfWeek, seats: e.seats, startTime: e.startTime, endTime: e.endTime }
      : { dayOfWeek: e.dayOfWeek, seats: e.seats },
  ),
});

/**
 * A plan as one canonical string (its search key): equal plans give equal keys whatever the order of their
 * entries, and the key holds the whole plan, so a search evaluates each distinct plan once and needs no other store.
 * `d|mon 1;tue 1` or `t|Europe/Helsinki|mon 09:00-17:00 1;…`.
 */
export const planKey = (plan: AvailabilityPlan | null | undefined): string => {
  const p = effectivePlan(plan);
  const order = (d: string) => DAYS_OF_WEEK.indexOf(d as DayOfWeek);
  if (p.type === 'availability-plan/day') {
    const entries = [...p.entries].sort((a, b) => order(a.dayOfWeek) - order(b.dayOfWeek)).map((e) => `${e.dayOfWeek} ${e.seats}`);
    return `d|${entries.join(';')}`;
  }
  const entries = [...p.entries]
    .sort((a, b) => order(a.dayOfWeek) - order(b.dayOfWeek) || minutesOf(a.startTime!) - minutesOf(b.startTime!))
    .map((e) => `${e.dayOfWeek} ${e.startTime}-${e.endTime} ${e.seats}`);
  return `t|${p.timezone}|${entries.join(';')}`;
};

/** The plan a key stands for (the inverse of planKey). */
export const planOfKey = (key: string): AvailabilityPlan => {
  const [kind, ...rest] = key.split('|');
  const list = (text: string) => (text === '' ? [] : text.split(';'));
  if (kind === 'd')
    return {
      type: 'availability-plan/day',
      entries: list(rest.join('|')).map((e) => {
        const [dayOfWeek, seats] = e.split(' ');
        return { dayOfWeek, seats: Number(seats) };
      }),
    };
  const [timezone, entries] = rest;
  return {
    type: 'availability-plan/time',
    timezone,
    entries: list(entries).map((e) => {
      const [dayOfWeek, times, seats] = e.split(' ');
      const [startTime, endTime] = times.split('-');
      return { dayOfWeek, startTime, endTime, seats: Number(seats) };
    }),
  };
};
