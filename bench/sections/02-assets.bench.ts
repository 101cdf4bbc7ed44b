import type { BenchContext, BenchResult, LoadResult } from '../bench-kit';
import { call, JSON_TYPE, load } from '../bench-kit';

/**
 * The Web Template's configuration call, on every page load: 15 config assets of the starter tree in one
 * multi-asset request by the `latest` alias (the URL the SDK's assetsByAlias builds: sorted paths, no shared
 * folder, `/` encoded), against a bare Fastify route answering the same bytes. Each of ours resolves the client
 * id, reads the alias from the read model and answers from the immutable version's cached body.
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
  ctx.log('load: 15 assets by alias');
  const ours = await load(server.baseUrl, { path, headers: { accept: JSON_TYPE } });
  ctx.log('load: bare Fastify GET');
  const base = await load(baseline.baseUrl, { path: '/assets', headers: { accept: JSON_TYPE } });

  return [
    {
      name: 'assets: 15 by alias (multi-asset)',
      unit: 'req/s',
      ours: figures(ours),
      baseline: { name: 'bare Fastify', ...figures(base) },
      extras: { 'body bytes': probe.body.length, connections: ctx.connections },
    },
  ];
};
