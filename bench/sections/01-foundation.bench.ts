import { BenchContext, BenchResult, BenchStore, perStore } from '../bench-kit';
import { measureAppendRates } from '../foundation/append-rate';
import { measureEventsQuery, seedUserEvents } from '../foundation/events-query';
import { measureHttpFoundation } from '../foundation/http-foundation';

/**
 * The foundation: the HTTP layer on a read and on a command against bare Fastify, the event store's append rate
 * against raw SQLite, and events/query over a log of 1,000,000 events (BENCH_EVENTS=100000 for a quicker run).
 *
 * Order: the in-process appends first (embedded), while no server runs; then, for each store of BENCH_STORES, one
 * server for the HTTP figures; then that server is stopped, its stores seeded through the real write path, and it
 * is started again over them.
 */
export const run = async (ctx: BenchContext): Promise<BenchResult[]> => [...(await measureAppendRates(ctx)), ...(await perStore(ctx, (store) => onStore(ctx, store)))];

const onStore = async (ctx: BenchContext, store: BenchStore): Promise<BenchResult[]> => {
  const results: BenchResult[] = [];
  ctx.log('starting the server');
  const server = await ctx.startServer({ store });
  const http = await measureHttpFoundation(ctx, server);
  results.push(...http.results);
  await server.stop();

  ctx.log('seeding the log');
  const seeded = await seedUserEvents(ctx, server, server.credentials);
  // Every update_profile answered 2xx changed a value, so it must have appended one event.
  if (seeded.updatesBefore < http.measuredUpdates)
    throw new Error(`update_profile answered ${http.measuredUpdates} commands but only ${seeded.updatesBefore} user/updated events are in the log`);
  const update = http.results.find((r) => r.name === 'current_user/update_profile');
  if (update?.extras) update.extras['events/user at end'] = Math.round(seeded.updatesBefore / ctx.connections);
  ctx.log(`seeded ${seeded.events} events in ${seeded.seconds.toFixed(1)} s; restarting the server`);

  const restarted = await ctx.startServer({ dataDir: server.dataDir, databaseUrl: server.databaseUrl });
  results.push(await measureEventsQuery(ctx, restarted, seeded));
  await restarted.stop();
  return results;
};
