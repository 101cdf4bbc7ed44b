import { BenchContext, BenchResult, BenchStore, perStore } from '../bench-kit';
import { measureListingCreate, measureListingQueries, memoryOf } from '../listings/listing-loads';
import { seedListings } from '../listings/seed-listings';
import { serverSettled, seedUserEvents } from '../foundation/events-query';

/** The log the memory figure is taken over: the listings' events plus user events up to this many in all. */
const logEventsWanted = (): number => {
  const n = Number(process.env.BENCH_LOG_EVENTS);
  return Number.isInteger(n) && n >= 0 ? n : 1_000_000;
};

const listingsWanted = (): number => {
  const n = Number(process.env.BENCH_LISTINGS);
  return Number.isInteger(n) && n > 0 ? n : 100_000;
};

/**
 * Listings and listing search over a generated marketplace (bench/listings/marketplace-generator.ts): the server
 * bootstraps its dev marketplace and stops; 100,000 listings are seeded through the real write path, then user
 * events until the log holds BENCH_LOG_EVENTS (default 1,000,000); the server starts again over them for the
 * queries, the memory figure (issue target: ≤ 500 MB with 1M events and 100k listings) and listings/create. Once
 * per store of BENCH_STORES.
 */
export const run = (ctx: BenchContext): Promise<BenchResult[]> => perStore(ctx, (store) => onStore(ctx, store));

const onStore = async (ctx: BenchContext, store: BenchStore): Promise<BenchResult[]> => {
  const count = listingsWanted();
  const first = await ctx.startServer({ store });
  await first.stop();
  ctx.log(`seeding ${count} listings`);
  const seeded = await seedListings(ctx, first, first.credentials.marketplaceId, first.credentials.integrationApi.clientId, count);
  ctx.log(`seeded in ${seeded.seconds.toFixed(1)} s`);
  const extra = Math.max(0, logEventsWanted() - seeded.listings);
  const users = extra > 0 ? await seedUserEvents(ctx, first, first.credentials, extra) : null;
  ctx.log('starting the server over them');
  const server = await ctx.startServer({ dataDir: first.dataDir, databaseUrl: first.databaseUrl });
  await serverSettled(ctx, server.baseUrl);
  const queries = await measureListingQueries(ctx, server, count);
  const memory = memoryOf(server.child.process.pid!);
  const create = await measureListingCreate(ctx, server, seeded.authorIds, count);
  const after = memoryOf(server.child.process.pid!);
  await server.stop();
  return [
    ...queries,
    create,
    {
      name: `server memory at ${Math.round(count / 1000)}k listings, ${Math.round((seeded.listings + (users?.events ?? 0)) / 1000)}k events`,
      unit: 'MB RSS',
      ours: { value: memory.rssMb },
      extras: {
        'peak RSS MB': Math.round(Math.max(memory.peakMb, after.peakMb)),
        'RSS after creates MB': Math.round(after.rssMb),
        target: memory.peakMb <= 500 ? 'met (≤ 500 MB)' : 'MISSED (≤ 500 MB)',
        'seed s': Math.round(seeded.seconds),
        'seeded listings/s': Math.round(count / seeded.seconds),
      },
    },
  ];
};
