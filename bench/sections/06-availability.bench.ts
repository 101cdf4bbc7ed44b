import { anonymousToken, BenchContext, BenchResult, call, integrationToken, JSON_TYPE, load, LoadResult, TRANSIT } from '../bench-kit';
import { seedAvailability } from '../availability/seed-availability';
import { random } from '../listings/marketplace-generator';

const DAY = 86_400_000;
const HOUR = 3_600_000;

const wanted = (name: string, fallback: number): number => {
  const n = Number(process.env[name]);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

const figures = (r: LoadResult) => ({ value: r.requestsPerSecond, p50Ms: r.p50Ms, p99Ms: r.p99Ms });
const midnight = (t: number) => Math.floor(t / DAY) * DAY;

/**
 * Availability, time slots and stock over BENCH_AVAILABILITY_LISTINGS (default 100,000) listings: a third with time
 * plans (80 distinct plans in four zones), a third with day plans, a third with stock, and
 * BENCH_AVAILABILITY_EXCEPTIONS (default 10,000) exceptions, all seeded through the write path. Measured one
 * request at a time (service time): listings/query as the Web Template's date search sends it
 * (time-partial, minDuration, the window widened by −14 h/+12 h), timeslots/query for a month as the template's
 * listing page asks for it, then availability_exceptions/create against a bare Fastify POST.
 */
export const run = async (ctx: BenchContext): Promise<BenchResult[]> => {
  const count = wanted('BENCH_AVAILABILITY_LISTINGS', 100_000);
  const exceptions = wanted('BENCH_AVAILABILITY_EXCEPTIONS', 10_000);
  const first = await ctx.startServer();
  await first.stop();
  ctx.log(`seeding ${count} listings and ${exceptions} exceptions`);
  const seeded = await seedAvailability(ctx, first.dataDir, first.credentials.marketplaceId, first.credentials.integrationApi.clientId, count, exceptions);
  ctx.log(`seeded in ${seeded.seconds.toFixed(1)} s`);
  const server = await ctx.startServer({ dataDir: first.dataDir });
  const token = await anonymousToken(server.baseUrl, server.credentials.marketplaceApi.clientId);
  const headers = { accept: TRANSIT, authorization: `Bearer ${token}` };
  const next = random(6);
  const today = midnight(Date.now());

  const search = () => {
    const nights = 1 + Math.floor(next() * 3);
    const from = today + (1 + Math.floor(next() * 60)) * DAY;
    const start = new Date(from - 14 * HOUR).toISOString();
    const end = new Date(from + nights * DAY + 12 * HOUR).toISOString();
    const minDuration = next() < 0.5 ? 60 : nights * 1440 - 60;
    return { path: `/v1/api/listings/query?perPage=24&include=author,images&limit.images=1&start=${start}&end=${end}&availability=time-partial&minDuration=${minDuration}` };
  };
  const probe = JSON.parse((await call(server.baseUrl, search().path, { token, accept: JSON_TYPE })).body) as { meta: { paginationUnsupported?: boolean }; data: unknown[] };
  if (!probe.meta.paginationUnsupported) throw new Error('a time-partial query should answer paginationUnsupported');
  ctx.log('load: listings/query with dates, time-partial, minDuration');
  const query = await load(server.baseUrl, { connections: 1, headers, vary: search });

  const monthStart = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 1, 1));
  const monthEnd = new Date(Date.UTC(monthStart.getUTCFullYear(), monthStart.getUTCMonth() + 1, 1));
  const slots = () => {
    const listingId = seeded.timeListingIds[Math.floor(next() * seeded.timeListingIds.length)];
    const params = `listingId=${listingId}&start=${monthStart.toISOString()}&end=${monthEnd.toISOString()}&intervalDuration=P1D&maxPerInterval=1&minDurationStartingInInterval=60&intervalAlign=${monthStart.toISOString()}&perPage=31&page=1`;
    return { path: `/v1/api/timeslots/query?${params}` };
  };
  ctx.log('load: timeslots/query, one month, the Web Template parameters');
  const timeslots = await load(server.baseUrl, { connections: 1, headers, vary: slots });

  const integ = await integrationToken(server.baseUrl, server.credentials.integrationApi.clientId, server.credentials.integrationApi.clientSecret);
  const ids = seeded.dayListingIds;
  // Each request a new hour on one of the day-plan listings: never an overlap.
  const exceptionBody = (seq: number) => {
    const start = today + 2 * DAY + Math.floor(seq / ids.length) * HOUR;
    return JSON.stringify({ listingId: ids[seq % ids.length], start: new Date(start).toISOString(), end: new Date(start + HOUR).toISOString(), seats: 0 });
  };
  const path = '/v1/integration_api/availability_exceptions/create';
  const postHeaders = { 'content-type': JSON_TYPE, accept: JSON_TYPE, authorization: `Bearer ${integ}` };
  let seq = 1_000_000;
  const answer = await call(server.baseUrl, path, { method: 'POST', token: integ, contentType: JSON_TYPE, body: exceptionBody(seq++) });
  const baseline = await ctx.startBaseline([{ method: 'POST', path: '/create', body: answer.body, contentType: answer.contentType }]);
  ctx.log('load: availability_exceptions/create');
  const creates = await load(server.baseUrl, { method: 'POST', path, headers: postHeaders, vary: () => ({ body: exceptionBody(seq++) }) });
  ctx.log('load: bare Fastify POST');
  const bare = await load(baseline.baseUrl, { method: 'POST', path: '/create', headers: postHeaders, vary: () => ({ body: exceptionBody(seq++) }) });
  await baseline.stop();

  const size = `${Math.round(count / 1000)}k listings, ${Math.round(exceptions / 1000)}k exceptions`;
  return [
    {
      name: `listings/query dates+time-partial+minDuration (${size})`,
      unit: 'req/s',
      ours: figures(query),
      extras: { connections: 1, target: `${query.p50Ms <= 50 && query.p99Ms <= 150 ? 'met' : 'MISSED'} (p50 ≤ 50, p99 ≤ 150 ms)`, 'seed s': Math.round(seeded.seconds) },
    },
    {
      name: `timeslots/query one month, Web Template parameters (${size})`,
      unit: 'req/s',
      ours: figures(timeslots),
      extras: { connections: 1, target: `${timeslots.p50Ms <= 10 ? 'met' : 'MISSED'} (p50 ≤ 10 ms)` },
    },
    { name: 'Integration API availability_exceptions/create', unit: 'commands/s', ours: figures(creates), baseline: { name: 'bare Fastify', ...figures(bare) }, extras: { connections: ctx.connections } },
  ];
};
