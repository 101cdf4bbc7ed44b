import type { BenchContext, BenchResult, LoadResult, ServerProcess } from '../bench-kit';
import { call, JSON_TYPE, load, requestToken, signUpAndLogIn } from '../bench-kit';
import { cpuPerRequestExtra } from '../kit/process-cpu';

const figures = (r: LoadResult) => ({ value: r.requestsPerSecond, p50Ms: r.p50Ms, p99Ms: r.p99Ms });
const DAY = 24 * 3600 * 1000;

/**
 * default-booking's privileged `transition/request-payment` as the Web Template's server sends it (a trusted token
 * from the token exchange, line items: hours × price and the provider's commission): each initiate books seats on
 * one listing (a plan with a million seats, so every request books the same two hours: one contended availability
 * stream, the hot-listing case), creates a payment intent at the emulated provider (keyed by the transaction) and
 * appends the transaction, its booking and the seats atomically. Against a bare Fastify POST of the same JSON.
 */
export const bookingInitiate = async (ctx: BenchContext, server: ServerProcess, anon: string): Promise<BenchResult> => {
  const { baseUrl } = server;
  const credentials = server.credentials.marketplaceApi;
  const run = Date.now();
  const user = (i: number, role: string) =>
    signUpAndLogIn(baseUrl, credentials.clientId, anon, { email: `bk-${role}-${run}-${i}@example.com`, password: 'bench-password', firstName: 'Bench', lastName: `${role} ${i}` });
  const post = (path: string, token: string, body: unknown) => call(baseUrl, path, { method: 'POST', token, contentType: JSON_TYPE, body: JSON.stringify(body) });
  const provider = await user(0, 'provider');
  await post('/v1/api/stripe_account/create', provider.token, { country: 'US', businessProfileURL: 'https://bench.example', bankAccountToken: 'btok_us_verified' });
  const entries = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((dayOfWeek) => ({ dayOfWeek, startTime: '00:00', endTime: '00:00', seats: 1_000_000 }));
  const listing = await post('/v1/api/own_listings/create', provider.token, {
    title: 'Bench boat',
    price: { amount: 5000, currency: 'USD' },
    availabilityPlan: { type: 'availability-plan/time', timezone: 'Etc/UTC', entries },
    publicData: { transactionProcessAlias: 'default-booking/release-1', unitType: 'hour' },
  });
  const listingId = (JSON.parse(listing.body) as { data: { id: string } }).data.id;
  const customers = await Promise.all(
    Array.from({ length: ctx.connections }, async (_, i) => {
      const c = await user(i, 'customer');
      const token = await requestToken(baseUrl, { client_id: credentials.clientId, client_secret: credentials.clientSecret, grant_type: 'token_exchange', subject_token: c.token, scope: 'trusted:user' });
      return { authorization: `Bearer ${token}` };
    }),
  );
  const start = new Date(Math.floor(Date.now() / DAY) * DAY + 3 * DAY + 10 * 3600 * 1000);
  const body = JSON.stringify({
    processAlias: 'default-booking/release-1',
    transition: 'transition/request-payment',
    params: {
      listingId,
      bookingStart: start.toISOString(),
      bookingEnd: new Date(start.getTime() + 2 * 3600 * 1000).toISOString(),
      lineItems: [
        { code: 'line-item/hour', unitPrice: { amount: 5000, currency: 'USD' }, quantity: 2, includeFor: ['customer', 'provider'] },
        { code: 'line-item/provider-commission', unitPrice: { amount: 10000, currency: 'USD' }, percentage: -10, includeFor: ['provider'] },
      ],
    },
  });
  const path = '/v1/api/transactions/initiate';
  const probe = await call(baseUrl, path, { method: 'POST', token: customers[0].authorization.slice(7), contentType: JSON_TYPE, body });
  if (probe.status !== 200) throw new Error(`request-payment answered ${probe.status}: ${probe.body}`);
  const baseline = await ctx.startBaseline([{ method: 'POST', path: '/initiate', body: probe.body, contentType: probe.contentType }]);
  ctx.log('load: transactions/initiate (default-booking request-payment)');
  const ours = await load(baseUrl, { method: 'POST', path, headers: { 'content-type': JSON_TYPE, accept: JSON_TYPE }, perConnectionHeaders: customers, body, serverPid: server.child.process.pid });
  ctx.log('load: bare Fastify POST');
  const bare = await load(baseline.baseUrl, { method: 'POST', path: '/initiate', headers: { 'content-type': JSON_TYPE, accept: JSON_TYPE, ...customers[0] }, body, serverPid: baseline.child.process.pid });
  await baseline.stop();
  return {
    name: 'transactions/initiate (default-booking request-payment, privileged, line items, booking and payment intent)',
    unit: 'commands/s',
    ours: figures(ours),
    baseline: { name: 'bare Fastify', ...figures(bare) },
    extras: { customers: customers.length, ...cpuPerRequestExtra(ours, bare) },
  };
};
