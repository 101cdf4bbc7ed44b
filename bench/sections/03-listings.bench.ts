import type { BenchContext, BenchResult } from '../bench-kit';
import { measureListingCreate, measureListingQueries, memoryOf } from '../listings/listing-loads';
import { seedListings } from '../listings/seed-listings';

const listingsWanted = (): number => {
  const n = Number(process.env.BENCH_LISTINGS);
  return Number.isInteger(n) && n > 0 ? n : 100_000;
};

/**
 * Listings and listing search over a generated marketplace (bench/listings/marketplace-generator.ts): the server
 * bootstraps its dev marketplace and stops; 100,000 listings are seeded through the real write path; the
 * server starts again over them for the queries, the memory figure and listings/create.
 */
export const run = async (ctx: BenchContext): Promise<BenchResult[]> => {
  const count = listingsWanted();
  const first = await ctx.startServer();
  await first.stop();
  ctx.log(`seeding ${count} listings`);
  const seeded = await seedListings(ctx, first.dataDir, first.credentials.marketplaceId, first.credentials.integrationApi.clientId, count);
  ctx.log(`seeded in ${seeded.seconds.toFixed(1)} s; starting the server over them`);
  const server = await ctx.startServer({ dataDir: first.dataDir });
  const queries = await measureListingQueries(ctx, server, count);
  const memory = memoryOf(server.child.process.pid!);
  const create = await measureListingCreate(ctx, server, seeded.authorIds, count);
  const after = memoryOf(server.child.process.pid!);
  return [
    ...queries,
    create,
    {
      name: `server memory at ${Math.round(count / 1000)}k listings`,
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
