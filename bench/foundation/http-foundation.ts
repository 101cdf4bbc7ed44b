import { randomBytes } from 'node:crypto';
import type { BenchContext, BenchResult, LoadResult, ServerProcess } from '../bench-kit';
import { anonymousToken, call, JSON_TYPE, load, signUpAndLogIn, TRANSIT } from '../bench-kit';
import { cpuPerRequestExtra } from '../kit/process-cpu';

const figures = (r: LoadResult) => ({ value: r.requestsPerSecond, p50Ms: r.p50Ms, p99Ms: r.p99Ms });

/**
 * The HTTP foundation against bare Fastify, both in their own process, loaded from the runner:
 * 1. marketplace/show in Transit with an anonymous token, vs a GET answering a body of exactly the same bytes;
 * 2. current_user/update_profile (a command: load the user's stream, decide, append durably, project, read back)
 *    with a changing publicData value so every request appends an event, vs a POST parsing the same JSON body
 *    and answering a body of the same bytes. Each connection is its own user, as with real clients; every command
 *    replays its user's stream, so `events/user at end` says how long those streams had grown.
 */
export const measureHttpFoundation = async (
  ctx: BenchContext,
  server: ServerProcess,
): Promise<{ results: BenchResult[]; measuredUpdates: number }> => {
  const { baseUrl, credentials } = server;
  const clientId = credentials.marketplaceApi.clientId;
  const anon = await anonymousToken(baseUrl, clientId);

  const show = await call(baseUrl, '/v1/api/marketplace/show', { token: anon, accept: TRANSIT });
  if (!show.contentType.startsWith(TRANSIT)) throw new Error(`marketplace/show answered ${show.contentType}, not Transit`);

  ctx.log(`signing up ${ctx.connections} users (one per connection)`);
  const run = randomBytes(4).toString('hex');
  const users = await Promise.all(
    Array.from({ length: ctx.connections }, (_, i) =>
      signUpAndLogIn(baseUrl, clientId, anon, { email: `bench-${run}-${i}@example.com`, password: 'bench-password', firstName: 'Bench', lastName: `User ${i}` }),
    ),
  );
  const updatePath = '/v1/api/current_user/update_profile';
  const updateHeaders = { 'content-type': JSON_TYPE, accept: JSON_TYPE };
  let n = 0;
  const nextBody = () => ({ body: JSON.stringify({ publicData: { n: n++ } }) });
  const probe = await call(baseUrl, updatePath, { method: 'POST', token: users[0].token, contentType: JSON_TYPE, ...nextBody() });

  const baseline = await ctx.startBaseline([
    { method: 'GET', path: '/show', body: show.body, contentType: show.contentType },
    { method: 'POST', path: '/update', body: probe.body, contentType: probe.contentType },
  ]);

  ctx.log('load: marketplace/show (Transit)');
  const ourPid = server.child.process.pid;
  const barePid = baseline.child.process.pid;
  const showOurs = await load(baseUrl, { path: '/v1/api/marketplace/show', headers: { accept: TRANSIT, authorization: `Bearer ${anon}` }, serverPid: ourPid });
  ctx.log('load: bare Fastify GET');
  const showBase = await load(baseline.baseUrl, { path: '/show', headers: { accept: TRANSIT, authorization: `Bearer ${anon}` }, serverPid: barePid });

  ctx.log('load: current_user/update_profile');
  const updateOurs = await load(baseUrl, {
    method: 'POST',
    path: updatePath,
    headers: updateHeaders,
    perConnectionHeaders: users.map((u) => ({ authorization: `Bearer ${u.token}` })),
    vary: nextBody,
    serverPid: ourPid,
  });
  ctx.log('load: bare Fastify POST');
  const updateBase = await load(baseline.baseUrl, {
    method: 'POST',
    path: '/update',
    headers: { ...updateHeaders, authorization: `Bearer ${users[0].token}` },
    vary: nextBody,
    serverPid: barePid,
  });
  await baseline.stop();

  const trend = updateOurs.perSecond;
  return {
    measuredUpdates: updateOurs.requests,
    results: [
      {
        name: 'marketplace/show (Transit)',
        unit: 'req/s',
        ours: figures(showOurs),
        baseline: { name: 'bare Fastify', ...figures(showBase) },
        extras: { 'body bytes': show.body.length, connections: ctx.connections, ...cpuPerRequestExtra(showOurs, showBase) },
      },
      {
        name: 'current_user/update_profile',
        unit: 'commands/s',
        ours: figures(updateOurs),
        baseline: { name: 'bare Fastify', ...figures(updateBase) },
        extras: {
          users: users.length,
          'done in 1st s': trend[0] ?? 0,
          'done in last s': trend[trend.length - 1] ?? 0,
          ...cpuPerRequestExtra(updateOurs, updateBase),
        },
      },
    ],
  };
};
