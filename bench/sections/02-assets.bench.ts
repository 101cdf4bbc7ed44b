import type { BenchContext, BenchResult, LoadOptions, LoadResult } from '../bench-kit';
import { call, JSON_TYPE, load, percentile } from '../bench-kit';

/**
 * The Web Template's configuration call, on every page load: 15 config assets of the starter tree in one
 * multi-asset request by the `latest` alias (the URL the SDK's assetsByAlias builds: sorted paths, no shared
 * folder, `/` encoded), against a bare Fastify route answering the same bytes. Each of ours checks the client id
 * (at most once a second), reads the alias from the read model and answers the cached bytes of that version's
 * answer (docs/performance.md, Asset delivery).
 *
 * The machine is shared, so ours and the baseline are loaded in turns (ours, bare, ours, bare, …) and each side's
 * median round is reported: a burst of outside load then weighs on both sides instead of on one. The extras give
 * every round's ratio and each server's CPU time per request (utime + stime of its process over the round, from
 * /proc, Linux only), which moves much less than req/s.
 */
const CONFIG_ASSETS = [
  'content/top-bar.json',
  'design/branding.json',
  'design/layout.json',
  'general/access-control.json',
  'general/localization.json',
  'integrations/analytics.json',
  'integrations/google-search-console.json',
  'integrations/map.json',
  'listings/listing-categories.json',
  'listings/listing-fields.json',
  'listings/listing-search.json',
  'listings/listing-types.json',
  'transactions/minimum-transaction-size.json',
  'users/user-fields.json',
  'users/user-types.json',
];

const ROUNDS = 3;

interface Round {
  result: LoadResult;
  /** Server CPU µs per request over the round; null without /proc. */
  cpuUs: number | null;
}

const measured = async (baseUrl: string, pid: number | undefined, options: LoadOptions): Promise<Round> => {
  const result = await load(baseUrl, { ...options, warmupSeconds: 0, serverPid: pid });
  return { result, cpuUs: result.serverCpuUs ?? null };
};

/** The round with the median req/s (the middle one of an odd count). */
const medianRound = (rounds: Round[]): Round => [...rounds].sort((a, b) => a.result.requestsPerSecond - b.result.requestsPerSecond)[rounds.length >> 1];

const figures = (r: LoadResult) => ({ value: r.requestsPerSecond, p50Ms: r.p50Ms, p99Ms: r.p99Ms });

export const run = async (ctx: BenchContext): Promise<BenchResult[]> => {
  ctx.log('starting the server (its development marketplace has the starter asset tree)');
  const server = await ctx.startServer();
  const clientId = server.credentials.marketplaceApi.clientId;
  const query = [...CONFIG_ASSETS].sort().map((p) => p.replace(/\//g, '%2F')).join(',');
  const path = `/v1/assets/pub/${clientId}/a/latest/?assets=${query}`;

  const probe = await call(server.baseUrl, path, { accept: JSON_TYPE });
  const returned = (JSON.parse(probe.body) as { data: unknown[] }).data.length;
  if (returned !== CONFIG_ASSETS.length) throw new Error(`expected ${CONFIG_ASSETS.length} assets, the server returned ${returned}`);

  const baseline = await ctx.startBaseline([{ method: 'GET', path: '/assets', body: probe.body, contentType: probe.contentType }]);
  const sides = {
    ours: { url: server.baseUrl, pid: server.child.process.pid, options: { path, headers: { accept: JSON_TYPE } } },
    bare: { url: baseline.baseUrl, pid: baseline.child.process.pid, options: { path: '/assets', headers: { accept: JSON_TYPE } } },
  };
  ctx.log('warm-up: both');
  for (const side of Object.values(sides)) await load(side.url, { ...side.options, seconds: 1, warmupSeconds: 0 });
  const ours: Round[] = [];
  const bare: Round[] = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    ctx.log(`round ${round}/${ROUNDS}: 15 assets by alias, then bare Fastify`);
    ours.push(await measured(sides.ours.url, sides.ours.pid, sides.ours.options));
    bare.push(await measured(sides.bare.url, sides.bare.pid, sides.bare.options));
  }

  const cpu = (rounds: Round[]) => (rounds.every((r) => r.cpuUs !== null) ? percentile(rounds.map((r) => r.cpuUs!), 50) : null);
  const oursCpu = cpu(ours);
  const bareCpu = cpu(bare);
  return [
    {
      name: 'assets: 15 by alias (multi-asset)',
      unit: 'req/s',
      ours: figures(medianRound(ours).result),
      baseline: { name: 'bare Fastify', ...figures(medianRound(bare).result) },
      extras: {
        'ratio per round': ours.map((r, i) => (r.result.requestsPerSecond / bare[i].result.requestsPerSecond).toFixed(2)).join(' '),
        ...(oursCpu !== null && bareCpu !== null
          ? { 'server CPU µs/req': `${oursCpu.toFixed(0)} vs ${bareCpu.toFixed(0)} (${(bareCpu / oursCpu).toFixed(2)}x)` }
          : {}),
        'body bytes': probe.body.length,
        connections: ctx.connections,
      },
    },
  ];
};
