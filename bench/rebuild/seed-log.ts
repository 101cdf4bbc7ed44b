import { openInfrastructure } from '../../src/infrastructure/composition-root';
import type { BenchContext } from '../bench-kit';
import { BenchStore, StoreLocation, storeConfig } from '../kit/stores';
import { marketplaceLog } from './marketplace-log';

export interface SeededLog {
  events: number;
  seconds: number;
  head: number;
}

/**
 * Seeds a stopped server's stores (its data folder, or its PostgreSQL database) through the real write path (openInfrastructure + EventStore.append, the
 * inline projections on, so the read models are the live ones a rebuild must reproduce), about 5,000 events per
 * append. `synchronous=OFF`: the seed's own durability is not what is measured.
 */
export const seedMarketplaceLog = async (
  at: StoreLocation,
  marketplaceId: string,
  clientId: string,
  events: number,
  log: (message: string) => void = () => undefined,
): Promise<SeededLog> => {
  const started = Date.now();
  const infra = await openInfrastructure(storeConfig(at, { sqliteSynchronous: 'OFF' }));
  try {
    let appended = 0;
    let reported = 0;
    for (const batch of marketplaceLog(marketplaceId, clientId, events)) {
      const result = await infra.events.append(batch);
      appended += result.events.length;
      if (appended - reported >= 100_000) {
        reported = appended;
        log(`seeded ${appended} events (${Math.round(appended / ((Date.now() - started) / 1000))}/s)`);
      }
      // The embedded append is synchronous: let the event loop turn, so Ctrl-C is handled during a long seed.
      await new Promise((resolve) => setImmediate(resolve));
    }
    return { events: appended, seconds: (Date.now() - started) / 1000, head: await infra.events.headPosition() };
  } finally {
    await infra.close();
  }
};

/** A whole number from the environment, or the default (BENCH_REBUILD_EVENTS, BENCH_ARCHIVE_EVENTS). */
export const eventCountFrom = (variable: string, fallback: number): number => {
  const n = Number(process.env[variable]);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

/**
 * A server's stores with its dev marketplace (the server started once, then stopped), seeded with `count` events of
 * that marketplace: what the rebuild and archive sections measure over.
 */
export const seededServerLog = async (ctx: BenchContext, store: BenchStore, count: number) => {
  const server = await ctx.startServer({ store });
  await server.stop();
  const { credentials } = server;
  ctx.log(`seeding ${count} events`);
  const seeded = await seedMarketplaceLog(server, credentials.marketplaceId, credentials.marketplaceApi.clientId, count, ctx.log);
  ctx.log(`seeded ${seeded.events} events in ${seeded.seconds.toFixed(1)} s`);
  return { server, credentials, seeded };
};
