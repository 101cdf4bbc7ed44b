import { readFileSync } from 'node:fs';
import type { BenchContext, BenchResult, LoadResult, ServerProcess } from '../bench-kit';
import { call, integrationToken, anonymousToken, JSON_TYPE, load, TRANSIT } from '../bench-kit';
import { CATEGORIES, CITIES, random, vocabulary, VOCABULARY_SIZE } from './marketplace-generator';

const figures = (r: LoadResult) => ({ value: r.requestsPerSecond, p50Ms: r.p50Ms, p99Ms: r.p99Ms });

/** What the Web Template's search page asks for, around the parameters under test. */
const TEMPLATE = 'perPage=24&include=author,images&limit.images=1&fields.listing=title,price,geolocation,publicData.category&fields.user=profile.displayName';

/** Resident and peak memory of a process (Linux /proc), in MB. */
export const memoryOf = (pid: number): { rssMb: number; peakMb: number } => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
};

/**
 * listings/query latencies over the seeded marketplace, one request at a time (one connection: the service time,
 * without queueing behind other requests), in Transit like the SDK:
 * keywords (Zipf-drawn) + price range + one pub_ filter + bounds around a city; the same for the most frequent
 * 1% of terms; the same without keywords; origin order over the whole marketplace.
 */
export const measureListingQueries = async (ctx: BenchContext, server: ServerProcess, listings: number): Promise<BenchResult[]> => {
  const token = await anonymousToken(server.baseUrl, server.credentials.marketplaceApi.clientId);
  const headers = { accept: TRANSIT, authorization: `Bearer ${token}` };
  const vocab = vocabulary();
  const top = Math.ceil(VOCABULARY_SIZE / 100);
  const next = random(2024);
  const filters = () => {
    const city = CITIES[Math.floor(next() * CITIES.length)];
    // A city-sized box (about 110 x 55 km) somewhere around the city centre.
    const lat = city.lat + (next() - 0.5) * 0.4;
    const lng = city.lng + (next() - 0.5) * 0.4;
    const from = Math.round(1000 * Math.pow(100, next() * 0.75));
    const category = CATEGORIES[Math.floor(next() * CATEGORIES.length)];
    return `price=${from},${from * 3 + 1}&pub_category=${category}&bounds=${(lat + 0.5).toFixed(4)},${(lng + 0.5).toFixed(4)},${(lat - 0.5).toFixed(4)},${(lng - 0.5).toFixed(4)}`;
  };
  const zipfWord = () => vocab.words[vocab.draw(next)];
  /** Zipf frequencies within the top 1%: draw until the word is one of them. */
  const frequentWord = () => {
    for (;;) {
      const i = vocab.draw(next);
      if (i < top) return vocab.words[i];
    }
  };
  const query = (params: string) => ({ path: `/v1/api/listings/query?${TEMPLATE}&${params}` });
  const probe = JSON.parse((await call(server.baseUrl, `/v1/api/listings/query?perPage=1`, { token, accept: JSON_TYPE })).body) as { meta: { totalItems: number } };
  if (probe.meta.totalItems !== listings) throw new Error(`listings/query counts ${probe.meta.totalItems} listings, expected ${listings}`);

  const measure = async (label: string, vary: () => { path: string }) => {
    ctx.log(`load: ${label}`);
    return load(server.baseUrl, { connections: 1, headers, vary });
  };
  const combined = await measure('keywords + price + pub_category + bounds', () => query(`keywords=${zipfWord()}&${filters()}`));
  const frequent = await measure('the same, keywords of the top 1% of terms', () => query(`keywords=${frequentWord()}&${filters()}`));
  const plain = await measure('price + pub_category + bounds', () => query(filters()));
  const origin = await measure('origin order', () => {
    const city = CITIES[Math.floor(next() * CITIES.length)];
    return query(`origin=${(city.lat + (next() - 0.5) * 0.5).toFixed(4)},${(city.lng + (next() - 0.5) * 0.5).toFixed(4)}`);
  });
  const size = `${Math.round(listings / 1000)}k listings`;
  const target = (r: LoadResult) => `${r.p50Ms <= 15 && r.p99Ms <= 50 ? 'met' : 'MISSED'} (p50 ≤ 15, p99 ≤ 50 ms)`;
  return [
    { name: `listings/query keywords+price+pub_+bounds (${size})`, unit: 'req/s', ours: figures(combined), extras: { connections: 1, target: target(combined), 'bytes/answer': Math.round(combined.bytesPerRequest) } },
    { name: `  … keywords from the top 1% of terms`, unit: 'req/s', ours: figures(frequent), extras: { connections: 1, target: target(frequent) } },
    { name: `listings/query price+pub_+bounds, no keywords (${size})`, unit: 'req/s', ours: figures(plain), extras: { connections: 1 } },
    { name: `listings/query origin order (${size})`, unit: 'req/s', ours: figures(origin), extras: { connections: 1 } },
  ];
};

/** Integration API listings/create (a new stream, both read models projected) vs a bare Fastify POST of the same JSON. */
export const measureListingCreate = async (ctx: BenchContext, server: ServerProcess, authorIds: string[], listings: number): Promise<BenchResult> => {
  const { baseUrl, credentials } = server;
  const token = await integrationToken(baseUrl, credentials.integrationApi.clientId, credentials.integrationApi.clientSecret);
  const vocab = vocabulary(11);
  const next = random(7);
  let n = 0;
  const body = () => {
    const words = (k: number) => Array.from({ length: k }, () => vocab.words[vocab.draw(next)]).join(' ');
    return JSON.stringify({
      title: words(5),
      description: words(30),
      authorId: authorIds[n++ % authorIds.length],
      state: 'published',
      price: { amount: 1000 + (n % 5000), currency: 'EUR' },
      geolocation: { lat: 60 + next(), lng: 24 + next() },
      publicData: { category: CATEGORIES[n % CATEGORIES.length], year: 2000 + (n % 25) },
    });
  };
  const path = '/v1/integration_api/listings/create';
  const headers = { 'content-type': JSON_TYPE, accept: JSON_TYPE, authorization: `Bearer ${token}` };
  const probe = await call(baseUrl, path, { method: 'POST', token, contentType: JSON_TYPE, body: body() });
  const baseline = await ctx.startBaseline([{ method: 'POST', path: '/create', body: probe.body, contentType: probe.contentType }]);
  ctx.log('load: Integration API listings/create');
  const ours = await load(baseUrl, { method: 'POST', path, headers, vary: () => ({ body: body() }) });
  ctx.log('load: bare Fastify POST');
  const base = await load(baseline.baseUrl, { method: 'POST', path: '/create', headers, vary: () => ({ body: body() }) });
  await baseline.stop();
  return {
    name: 'Integration API listings/create',
    unit: 'commands/s',
    ours: figures(ours),
    baseline: { name: 'bare Fastify', ...figures(base) },
    extras: { connections: ctx.connections, 'listings already': listings },
  };
};
