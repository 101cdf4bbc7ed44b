import { readFileSync } from 'node:fs';
import type { BenchContext, BenchResult, ServerProcess, StoreLocation } from '../bench-kit';
import { call, integrationToken, JSON_TYPE, load, storeConfig, TRANSIT } from '../bench-kit';
import type { DevCredentials } from '../../src/dev-marketplace';
import type { EventStore } from '../../src/event-store/event-store.port';
import { openInfrastructure } from '../../src/infrastructure/composition-root';
import { userStream } from '../fixtures/user-events';

/** How many events to seed: BENCH_EVENTS (e.g. 100000 for a quick run), default a million. */
const eventsWanted = (): number => {
  const n = Number(process.env.BENCH_EVENTS);
  return Number.isInteger(n) && n > 0 ? n : 1_000_000;
};

const UPDATES_PER_USER = 9;
/** 10,000 events per append: one transaction each, so a million events seed in a few minutes. */
const USERS_PER_APPEND = 1000;

export interface Seeded {
  events: number;
  seconds: number;
  /** The log's last sequenceId after seeding. */
  head: number;
  /** user/updated events the HTTP benchmark appended before the seeding (an integrity check of that load). */
  updatesBefore: number;
}

/** How many events of a type the log holds. */
const countEvents = async (events: EventStore, type: string): Promise<number> => {
  let n = 0;
  for (let after = 0; ; ) {
    const page = await events.readAll({ after, limit: 10_000, filter: { eventTypes: [type] } });
    if (page.length === 0) return n;
    n += page.length;
    after = page[page.length - 1].position;
  }
};

/**
 * Seeds the stopped server's stores (its data folder, or its PostgreSQL database) through the real write path (`openInfrastructure` + `infra.events.append`,
 * so the inline projections keep the read models consistent and events/query's stored views are written): users
 * of the dev marketplace, each with a `user/created` and nine `user/updated` events, 1,000 users per append.
 */
export const seedUserEvents = async (ctx: BenchContext, at: StoreLocation, credentials: DevCredentials, count = eventsWanted()): Promise<Seeded> => {
  const infra = await openInfrastructure(storeConfig(at, { sqliteSynchronous: 'FULL' }));
  try {
    const updatesBefore = await countEvents(infra.events, 'user/updated');
    const started = Date.now();
    const users = Math.ceil(count / (UPDATES_PER_USER + 1));
    const start = new Date(Date.now() - 30 * 24 * 3600 * 1000);
    for (let first = 0; first < users; first += USERS_PER_APPEND) {
      const batch = Array.from({ length: Math.min(USERS_PER_APPEND, users - first) }, (_, i) =>
        userStream({
          marketplaceId: credentials.marketplaceId,
          clientId: credentials.marketplaceApi.clientId,
          updates: UPDATES_PER_USER,
          start: new Date(start.getTime() + (first + i) * 10_000),
          index: first + i,
        }),
      );
      await infra.events.append(batch);
      // The embedded append is synchronous: let the event loop turn, so Ctrl-C is handled during a long seed.
      await new Promise((resolve) => setImmediate(resolve));
      if ((first / USERS_PER_APPEND) % 10 === 9) ctx.log(`seeded ${(first + batch.length) * (UPDATES_PER_USER + 1)} events (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    }
    const head = await infra.events.headPosition();
    return { events: users * (UPDATES_PER_USER + 1), seconds: (Date.now() - started) / 1000, head, updatesBefore };
  } finally {
    await infra.close();
  }
};

/**
 * Waits until the server's reactors and projections have caught up with the log, as its readiness probe reports
 * them (GET /health/ready): a load measured while they work through a seeded log measures that catch-up. The
 * probe knows every reactor and where it is in memory; the checkpoints table only what was saved.
 */
export const serverSettled = async (ctx: BenchContext, baseUrl: string): Promise<void> => {
  const started = Date.now();
  for (;;) {
    const report = (await (await fetch(`${baseUrl}/health/ready`)).json()) as {
      projections: { caughtUp: boolean };
      reactors: Array<{ name: string; lag: number; stopped: boolean }>;
    };
    const behind = report.reactors.filter((r) => r.lag > 0 && !r.stopped);
    // No reactors listed yet: the engine starts them after the server listens.
    if (report.projections.caughtUp && report.reactors.length > 0 && behind.length === 0) break;
    if (Date.now() - started > 600_000) throw new Error(`the server did not catch up with the seeded log within 10 minutes (${behind.map((r) => r.name).join(', ')})`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  ctx.log(`reactors and projections caught up with the log in ${((Date.now() - started) / 1000).toFixed(1)} s`);
};

/** A small deterministic PRNG (mulberry32), so every run asks for the same cursors. */
const random = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

/** The resident memory of a process in MB (Linux; null elsewhere). */
const rssMbOf = (pid: number | undefined): number | null => {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return kb ? Math.round(Number(kb[1]) / 1024) : null;
  } catch {
    return null;
  }
};

/**
 * Integration API events/query over the seeded log: pages of 100 (the default) from random cursors
 * (startAfterSequenceId) spread over the whole log, in Transit like the Integration SDK, vs bare Fastify
 * answering one such page as a fixed body. Random cursors are the hard case: a poller reads the log's tail, which
 * SQLite's page cache keeps; these read all over a log larger than that cache.
 */
export const measureEventsQuery = async (ctx: BenchContext, server: ServerProcess, seeded: Seeded): Promise<BenchResult> => {
  const { baseUrl, credentials } = server;
  await serverSettled(ctx, baseUrl);
  const token = await integrationToken(baseUrl, credentials.integrationApi.clientId, credentials.integrationApi.clientSecret);
  const path = (after: number) => `/v1/integration_api/events/query?startAfterSequenceId=${after}`;
  const maxCursor = Math.max(0, seeded.head - 200);
  const probeAfter = Math.floor(maxCursor / 2);

  const probe = JSON.parse((await call(baseUrl, path(probeAfter), { token, accept: JSON_TYPE })).body) as { data: unknown[] };
  if (probe.data.length !== 100) throw new Error(`events/query answered ${probe.data.length} events, expected a full page of 100`);
  const page = await call(baseUrl, path(probeAfter), { token, accept: TRANSIT });

  const baseline = await ctx.startBaseline([{ method: 'GET', path: '/page', body: page.body, contentType: page.contentType }]);
  const next = random(42);
  const headers = { accept: TRANSIT, authorization: `Bearer ${token}` };
  ctx.log(`load: events/query over ${seeded.head} events`);
  const ours = await load(baseUrl, { headers, vary: () => ({ path: path(Math.floor(next() * maxCursor)) }) });
  const serverRssMb = rssMbOf(server.child.process.pid);
  // At 10 connections the p50 is mostly queueing (10 / throughput); one poller's own wait is the latency figure.
  ctx.log('load: events/query, one connection');
  const alone = await load(baseUrl, { headers, connections: 1, vary: () => ({ path: path(Math.floor(next() * maxCursor)) }) });
  ctx.log('load: bare Fastify GET (one fixed page)');
  const base = await load(baseline.baseUrl, { path: '/page', headers });
  await baseline.stop();

  return {
    // Named by the events seeded, not the head (which counts what the HTTP loads appended): one name on every store.
    name: `events/query (${Math.round(seeded.events / 1000)}k events, pages of 100)`,
    unit: 'req/s',
    ours: { value: ours.requestsPerSecond, p50Ms: ours.p50Ms, p99Ms: ours.p99Ms },
    baseline: { name: 'bare Fastify', value: base.requestsPerSecond, p50Ms: base.p50Ms, p99Ms: base.p99Ms },
    extras: {
      'page bytes': page.body.length,
      'events/s served': ours.requestsPerSecond * 100,
      'p50 ms, 1 connection': Math.round(alone.p50Ms * 100) / 100,
      'p99 ms, 1 connection': Math.round(alone.p99Ms * 10) / 10,
      'log head': seeded.head,
      'seed s': Math.round(seeded.seconds),
      ...(serverRssMb !== null ? { 'server RSS MB': serverRssMb } : {}),
    },
  };
};
