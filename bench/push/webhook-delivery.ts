import { createServer, IncomingMessage, request as httpRequest, Agent } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BenchContext, BenchResult } from '../bench-kit';
import { anonymousToken, call, integrationToken, JSON_TYPE, percentile, signUpAndLogIn } from '../bench-kit';
import type { BenchStore } from '../kit/stores';

const LATENCY_SAMPLES = 200;
const BACKLOG_EVENTS = 2000;

interface Arrival {
  at: number;
  createdAt: number;
  sequenceId: number;
}

/** A fast receiver in the runner process: answers 204 at once and keeps when each event arrived. */
const startFastReceiver = async () => {
  const arrivals = new Map<string, Arrival[]>();
  const waiters: Array<() => void> = [];
  const server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = Date.now();
      res.writeHead(204).end();
      const path = req.url ?? '/';
      const body = Buffer.concat(chunks).toString('utf8');
      // The bare baseline posts an empty object: only deliveries carry an event.
      const event = body.length > 2 ? (JSON.parse(body) as { data: { attributes: { createdAt: string; sequenceId: number } } }).data : null;
      const list = arrivals.get(path) ?? [];
      list.push({ at, createdAt: event ? Date.parse(event.attributes.createdAt) : at, sequenceId: event?.attributes.sequenceId ?? 0 });
      arrivals.set(path, list);
      for (const wake of waiters.splice(0)) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const count = (path: string) => arrivals.get(path)?.length ?? 0;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    port,
    arrivals: (path: string) => arrivals.get(path) ?? [],
    /** Resolves once `path` has `n` arrivals (fails after `ms`). */
    until: async (path: string, n: number, ms = 60_000): Promise<void> => {
      const deadline = Date.now() + ms;
      while (count(path) < n) {
        if (Date.now() > deadline) throw new Error(`webhook bench: ${count(path)} of ${n} deliveries to ${path} after ${ms} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
};

/** The bare baseline: one sequential keep-alive POST after another to the same receiver, as one subscription delivers. */
const barePosts = async (url: string, n: number): Promise<{ perSecond: number; latencies: number[] }> => {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const body = JSON.stringify({});
  const latencies: number[] = [];
  const started = performance.now();
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await new Promise<void>((resolve, reject) => {
      const req = httpRequest(url, { method: 'POST', agent, headers: { 'content-type': JSON_TYPE, 'content-length': Buffer.byteLength(body) } }, (res) => {
        res.resume();
        res.on('end', () => resolve());
      });
      req.on('error', reject);
      req.end(body);
    });
    latencies.push(performance.now() - t);
  }
  const perSecond = n / ((performance.now() - started) / 1000);
  agent.destroy();
  return { perSecond, latencies };
};

/**
 * Webhook delivery on one store: latency (event created → receiver called, one event at a time, ms resolution of
 * the two clocks' shared wall time) and the delivery rate of a backlog of BACKLOG_EVENTS events to one fast
 * receiver (a subscription created with startAfterSequenceId before them, so the producer is not what is measured),
 * against sequential keep-alive POSTs to the same receiver from the runner (what one ordered subscription could at
 * best do).
 */
export const measureWebhookDelivery = async (ctx: BenchContext, store: BenchStore): Promise<BenchResult> => {
  const receiver = await startFastReceiver();
  ctx.defer(() => receiver.close());
  const server = await ctx.startServer({ store, env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' } });
  const { marketplaceApi, integrationApi } = server.credentials;
  const integ = await integrationToken(server.baseUrl, integrationApi.clientId, integrationApi.clientSecret);
  const anon = await anonymousToken(server.baseUrl, marketplaceApi.clientId);
  const user = await signUpAndLogIn(server.baseUrl, marketplaceApi.clientId, anon, { email: `push-${store}@example.com`, password: 'bench-password', firstName: 'Push', lastName: 'Bench' });
  const subscribe = async (path: string, startAfterSequenceId?: number) => {
    const body = JSON.stringify({ targetUrl: receiver.url(path), eventTypes: 'user/updated', ...(startAfterSequenceId !== undefined ? { startAfterSequenceId } : {}) });
    await call(server.baseUrl, '/v1/integration_api/x-webhooks/subscriptions/create', { method: 'POST', token: integ, contentType: JSON_TYPE, body });
  };
  const update = (n: number) =>
    call(server.baseUrl, '/v1/api/current_user/update_profile', { method: 'POST', token: user.token, contentType: JSON_TYPE, body: JSON.stringify({ publicData: { n } }) });
  const head = async (): Promise<number> => {
    const page = JSON.parse((await call(server.baseUrl, '/v1/integration_api/events/query?perPage=1', { token: integ })).body) as { data: Array<{ attributes: { sequenceId: number } }> };
    return page.data.at(-1)?.attributes.sequenceId ?? 0;
  };

  ctx.log(`${store}: latency, ${LATENCY_SAMPLES} events one at a time`);
  await subscribe('/live');
  for (let i = 0; i < LATENCY_SAMPLES; i++) {
    await update(i);
    await receiver.until('/live', i + 1);
  }
  const latencies = receiver.arrivals('/live').map((a) => a.at - a.createdAt);

  ctx.log(`${store}: a backlog of ${BACKLOG_EVENTS} events to a new subscription`);
  const before = await head();
  for (let i = 0; i < BACKLOG_EVENTS; i += 10) await Promise.all(Array.from({ length: 10 }, (_, k) => update(LATENCY_SAMPLES + i + k)));
  const started = Date.now();
  await subscribe('/backlog', before);
  await receiver.until('/backlog', BACKLOG_EVENTS, 120_000);
  const backlog = receiver.arrivals('/backlog');
  const perSecond = BACKLOG_EVENTS / ((backlog.at(-1)!.at - started) / 1000);
  const sequenceIds = backlog.map((a) => a.sequenceId);
  if (sequenceIds.some((s, i) => i > 0 && s <= sequenceIds[i - 1])) throw new Error('webhook bench: the backlog arrived out of order');

  const bare = await barePosts(receiver.url('/bare'), BACKLOG_EVENTS);
  return {
    name: 'webhooks: delivery to one fast receiver',
    unit: 'events/s',
    ours: { value: perSecond, p50Ms: percentile(latencies, 50), p99Ms: percentile(latencies, 99) },
    baseline: { name: 'sequential keep-alive POSTs', value: bare.perSecond, p50Ms: percentile(bare.latencies, 50), p99Ms: percentile(bare.latencies, 99) },
    extras: { latency: 'event created → receiver called', backlog: BACKLOG_EVENTS },
  };
};
