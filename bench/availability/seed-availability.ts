import { randomUUID } from 'node:crypto';
import { availabilityStream } from '../../src/availability/availability-streams';
import { availabilityDecider } from '../../src/availability/domain/availability.decider';
import type { AvailabilityPlan } from '../../src/availability/domain/availability-plan';
import { loadConfig } from '../../src/config';
import type { StreamAppend } from '../../src/event-store/event-store.port';
import { openInfrastructure } from '../../src/infrastructure/composition-root';
import { listingDecider } from '../../src/listings/domain/listing.decider';
import { listingStream } from '../../src/listings/listing-streams';
import type { CommandContext } from '../../src/shared/command-context';
import { stockDecider } from '../../src/stock/domain/stock.decider';
import { stockStream } from '../../src/stock/stock-streams';
import type { BenchContext } from '../bench-kit';
import { generateListing, random, vocabulary } from '../listings/marketplace-generator';

const DAY = 86_400_000;
const PER_APPEND = 500;
const ALL = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const WEEKDAYS = ALL.slice(0, 5);

/** A pool of time plans like providers make them: zones, opening hours, days, seats (80 distinct plans). */
const timePlans = (): AvailabilityPlan[] => {
  const hours: Array<Array<[string, string]>> = [[['08:00', '16:00']], [['09:00', '17:00']], [['10:00', '18:00']], [['00:00', '00:00']], [['09:00', '12:00'], ['13:00', '17:00']]];
  const out: AvailabilityPlan[] = [];
  for (const timezone of ['Europe/Helsinki', 'America/New_York', 'Etc/UTC', 'Europe/Berlin'])
    for (const h of hours)
      for (const days of [WEEKDAYS, ALL])
        for (const seats of [1, 3])
          out.push({ type: 'availability-plan/time', timezone, entries: days.flatMap((dayOfWeek) => h.map(([startTime, endTime]) => ({ dayOfWeek, startTime, endTime, seats }))) });
  return out;
};

const dayPlans = (): AvailabilityPlan[] =>
  [WEEKDAYS, ALL, ['sat', 'sun']].flatMap((days) => [1, 2].map((seats): AvailabilityPlan => ({ type: 'availability-plan/day', entries: days.map((dayOfWeek) => ({ dayOfWeek, seats })) })));

export interface SeededAvailability {
  listings: number;
  seconds: number;
  timeListingIds: string[];
  dayListingIds: string[];
}

/**
 * Seeds a stopped server's data folder through the real write path (deciders, stream publication, inline
 * projections): `count` published listings, a third with time plans, a third with day plans, a third without a
 * plan but with stock; then `exceptions` availability exceptions on distinct time-plan listings within the year.
 */
export const seedAvailability = async (ctx: BenchContext, dataDir: string, marketplaceId: string, clientId: string, count: number, exceptions: number): Promise<SeededAvailability> => {
  const started = Date.now();
  const infra = await openInfrastructure(loadConfig({}, { dataDir, sqliteSynchronous: 'NORMAL' }));
  try {
    const now = new Date();
    const ctxOf = (at: Date): CommandContext => ({ marketplaceId, clientId, userId: null, adminId: null, requestId: randomUUID(), source: 'source/integration-api', now: at });
    const vocab = vocabulary(3);
    const next = random(99);
    const [times, days] = [timePlans(), dayPlans()];
    const authorId = randomUUID();
    const timeListingIds: string[] = [];
    const dayListingIds: string[] = [];
    for (let first = 0; first < count; first += PER_APPEND) {
      const batch: StreamAppend[] = [];
      for (let i = first; i < Math.min(count, first + PER_APPEND); i += 1) {
        const g = generateListing(vocab, next);
        const listingId = randomUUID();
        const at = new Date(now.getTime() - (count - i) * 1000);
        const kind = i % 3;
        const availabilityPlan = kind === 0 ? times[Math.floor(next() * times.length)] : kind === 1 ? days[Math.floor(next() * days.length)] : undefined;
        (kind === 0 ? timeListingIds : kind === 1 ? dayListingIds : []).push(listingId);
        const listing = listingStream(marketplaceId, listingId);
        const initial = listingDecider.initialState();
        const created = listingDecider.decide(
          { type: 'create', listingId, marketplaceId, authorId, state: 'published', listing: { title: g.title, description: g.description, price: { amount: g.price, currency: 'EUR' }, ...(availabilityPlan ? { availabilityPlan } : {}) }, now: at },
          initial,
        );
        batch.push({ streamId: listing.streamId, expectedRevision: 'no_stream', events: listing.publish(ctxOf(at), initial, created) });
        if (kind === 2) {
          // Stock like stock/compare_and_set makes it: the stock stream, then the listing's current total.
          const stock = stockStream(marketplaceId, listingId);
          const quantity = Math.floor(next() * 5);
          const adjusted = stockDecider.decide({ type: 'compare-and-set', listingId, adjustmentId: randomUUID(), at, oldTotal: null, newTotal: quantity }, stockDecider.initialState());
          batch.push({ streamId: stock.streamId, expectedRevision: 'no_stream', events: stock.publish(ctxOf(at), stockDecider.initialState(), adjusted) });
          const after = created.reduce(listingDecider.evolve, initial);
          batch.push({ streamId: listing.streamId, expectedRevision: 0, events: listing.publish(ctxOf(at), after, listingDecider.decide({ type: 'set-current-stock', quantity }, after)) });
        }
      }
      // A listing created and given stock in one append: merge its two appends into one stream append.
      const merged = new Map<string, StreamAppend>();
      for (const a of batch) {
        const known = merged.get(a.streamId);
        if (known) merged.set(a.streamId, { ...known, events: [...known.events, ...a.events] });
        else merged.set(a.streamId, a);
      }
      await infra.projections.waitFor((await infra.events.append([...merged.values()])).position);
      if ((first / PER_APPEND) % 40 === 39) ctx.log(`seeded ${first + PER_APPEND} listings`);
    }
    for (let first = 0; first < exceptions; first += PER_APPEND) {
      const batch: StreamAppend[] = [];
      for (let i = first; i < Math.min(exceptions, first + PER_APPEND, timeListingIds.length); i += 1) {
        const listingId = timeListingIds[i];
        const start = Math.floor((now.getTime() + next() * 360 * DAY) / 3_600_000) * 3_600_000;
        const exception = { id: randomUUID(), listingId, start: new Date(start).toISOString(), end: new Date(start + (1 + Math.floor(next() * 48)) * 3_600_000).toISOString(), seats: next() < 0.5 ? 0 : 2 };
        const stream = availabilityStream(marketplaceId, listingId);
        const events = availabilityDecider.decide({ type: 'create-exception', exception }, availabilityDecider.initialState());
        batch.push({ streamId: stream.streamId, expectedRevision: 'no_stream', events: stream.publish(ctxOf(now), availabilityDecider.initialState(), events) });
      }
      if (batch.length > 0) await infra.projections.waitFor((await infra.events.append(batch)).position);
    }
    return { listings: count, seconds: (Date.now() - started) / 1000, timeListingIds, dayListingIds };
  } finally {
    await infra.close();
  }
};
