import { randomUUID } from 'node:crypto';
import type { StreamAppend } from '../../src/event-store/event-store.port';
import { streams } from '../../src/event-store/stream-names';
import { openInfrastructure } from '../../src/infrastructure/composition-root';
import { listingDecider } from '../../src/listings/domain/listing.decider';
import { listingStream } from '../../src/listings/listing-streams';
import type { SearchSchema } from '../../src/search-schemas/domain/search-schema';
import { searchSchemaDecider } from '../../src/search-schemas/domain/search-schema.decider';
import type { CommandContext } from '../../src/shared/command-context';
import { internalEvents } from '../../src/shared/event-publishing';
import { BenchContext, StoreLocation, storeConfig } from '../bench-kit';
import { userStream } from '../fixtures/user-events';
import { generateListing, random, vocabulary } from './marketplace-generator';

export const LISTING_SCHEMAS: Array<Omit<SearchSchema, 'schemaFor'>> = [
  { scope: 'public', key: 'category', type: 'enum' },
  { scope: 'public', key: 'condition', type: 'enum' },
  { scope: 'public', key: 'color', type: 'enum' },
  { scope: 'public', key: 'year', type: 'long' },
];

const AUTHORS = 100;
const LISTINGS_PER_APPEND = 1000;

const contextOf = (marketplaceId: string, clientId: string, now: Date): CommandContext => ({
  marketplaceId,
  clientId,
  userId: null,
  adminId: null,
  requestId: randomUUID(),
  source: 'source/integration-api',
  now,
});

export interface SeededListings {
  listings: number;
  seconds: number;
  authorIds: string[];
}

/**
 * Seeds a stopped server's stores (its data folder, or its PostgreSQL database) through the real write path (openInfrastructure + EventLog.append, so the
 * inline projections build the listings and search read models): the listing search schemas, 100 authors and
 * `count` published listings made by the listing decider and published like the create handler does, 1,000
 * listing streams per append.
 */
export const seedListings = async (ctx: BenchContext, at: StoreLocation, marketplaceId: string, clientId: string, count: number): Promise<SeededListings> => {
  const started = Date.now();
  const infra = await openInfrastructure(storeConfig(at, { sqliteSynchronous: 'NORMAL' }));
  try {
    const start = new Date(Date.now() - 365 * 24 * 3600 * 1000);
    let schemas = searchSchemaDecider.initialState();
    const schemaEvents = LISTING_SCHEMAS.flatMap((schema) => {
      const decided = searchSchemaDecider.decide({ type: 'set', schema: { schemaFor: 'listing', ...schema } }, schemas);
      schemas = decided.reduce(searchSchemaDecider.evolve, schemas);
      return internalEvents(contextOf(marketplaceId, clientId, start), decided, { resource: schemas.schemas });
    });
    await infra.events.append([{ streamId: streams.searchSchemas(marketplaceId), expectedRevision: 'any', events: schemaEvents }]);

    const authorIds = Array.from({ length: AUTHORS }, () => randomUUID());
    await infra.events.append(authorIds.map((userId, index) => userStream({ marketplaceId, clientId, userId, updates: 0, start, index: 1_000_000 + index })));

    const vocab = vocabulary();
    const next = random(1);
    // Spread over the last year, one listing every few minutes.
    const step = Math.floor((365 * 24 * 3600 * 1000) / count);
    for (let first = 0; first < count; first += LISTINGS_PER_APPEND) {
      const batch: StreamAppend[] = [];
      for (let i = first; i < Math.min(count, first + LISTINGS_PER_APPEND); i += 1) {
        const g = generateListing(vocab, next);
        const listingId = randomUUID();
        const now = new Date(start.getTime() + i * step);
        const state = listingDecider.initialState();
        const events = listingDecider.decide(
          {
            type: 'create',
            listingId,
            marketplaceId,
            authorId: authorIds[i % AUTHORS],
            state: 'published',
            listing: {
              title: g.title,
              description: g.description,
              price: { amount: g.price, currency: 'EUR' },
              geolocation: { lat: g.lat, lng: g.lng },
              publicData: { category: g.category, condition: g.condition, color: g.color, year: g.year },
            },
            now,
          },
          state,
        );
        batch.push({ streamId: streams.listing(marketplaceId, listingId), expectedRevision: 'no_stream', events: listingStream(marketplaceId, listingId).publish(contextOf(marketplaceId, clientId, now), state, events) });
      }
      await infra.projections.waitFor((await infra.events.append(batch)).position);
      if ((first / LISTINGS_PER_APPEND) % 10 === 9) ctx.log(`seeded ${first + batch.length} listings`);
    }
    return { listings: count, seconds: (Date.now() - started) / 1000, authorIds };
  } finally {
    await infra.close();
  }
};
