import type { BenchContext, BenchResult, BenchStore, LoadResult } from '../bench-kit';
import { anonymousToken, call, JSON_TYPE, load, perStore, signUpAndLogIn, TRANSIT } from '../bench-kit';
import { cpuPerRequestExtra } from '../kit/process-cpu';
import { bookingInitiate } from '../transactions/booking-initiate';
import { serverSettled } from '../foundation/events-query';

const figures = (r: LoadResult) => ({ value: r.requestsPerSecond, p50Ms: r.p50Ms, p99Ms: r.p99Ms });

const transactionsWanted = (): number => {
  const n = Number(process.env.BENCH_USER_TRANSACTIONS);
  return Number.isInteger(n) && n > 0 ? n : 1000;
};

/**
 * Transactions: `transactions/initiate` (default-inquiry's inquire-without-payment: a new transaction stream over
 * the process, listing and both users' streams, with its read model) as commands/s against a bare Fastify POST of
 * the same JSON; then `transactions/query` for a customer with 1,000 transactions (BENCH_USER_TRANSACTIONS), as
 * the Web Template's inbox asks for it, one request at a time (p50); and default-booking's privileged
 * request-payment with line items (bench/transactions/booking-initiate.ts), the issue's figure. Once per store of
 * BENCH_STORES.
 */
export const run = (ctx: BenchContext): Promise<BenchResult[]> => perStore(ctx, (store) => onStore(ctx, store));

const onStore = async (ctx: BenchContext, store: BenchStore): Promise<BenchResult[]> => {
  const server = await ctx.startServer({ store });
  const { baseUrl, credentials } = server;
  const clientId = credentials.marketplaceApi.clientId;
  const anon = await anonymousToken(baseUrl, clientId);
  const run = Date.now();
  const user = (i: number, role: string) => signUpAndLogIn(baseUrl, clientId, anon, { email: `tx-${role}-${run}-${i}@example.com`, password: 'bench-password', firstName: 'Bench', lastName: `${role} ${i}` });
  const provider = await user(0, 'provider');
  const listing = await call(baseUrl, '/v1/api/own_listings/create', { method: 'POST', token: provider.token, contentType: JSON_TYPE, body: JSON.stringify({ title: 'Bench listing' }) });
  const listingId = (JSON.parse(listing.body) as { data: { id: string } }).data.id;
  const customers = await Promise.all(Array.from({ length: ctx.connections }, (_, i) => user(i, 'customer')));
  const body = JSON.stringify({ processAlias: 'default-inquiry/release-1', transition: 'transition/inquire-without-payment', params: { listingId } });
  const path = '/v1/api/transactions/initiate';
  const probe = await call(baseUrl, path, { method: 'POST', token: customers[0].token, contentType: JSON_TYPE, body });

  const baseline = await ctx.startBaseline([{ method: 'POST', path: '/initiate', body: probe.body, contentType: probe.contentType }]);
  ctx.log('load: transactions/initiate');
  const ours = await load(baseUrl, {
    method: 'POST',
    path,
    headers: { 'content-type': JSON_TYPE, accept: JSON_TYPE },
    perConnectionHeaders: customers.map((c) => ({ authorization: `Bearer ${c.token}` })),
    body,
    serverPid: server.child.process.pid,
  });
  ctx.log('load: bare Fastify POST');
  const bare = await load(baseline.baseUrl, {
    method: 'POST',
    path: '/initiate',
    headers: { 'content-type': JSON_TYPE, accept: JSON_TYPE, authorization: `Bearer ${customers[0].token}` },
    body,
    serverPid: baseline.child.process.pid,
  });
  await baseline.stop();

  const wanted = transactionsWanted();
  const buyer = await user(0, 'buyer');
  ctx.log(`seeding ${wanted} transactions of one customer`);
  for (let done = 0; done < wanted; done += 10)
    await Promise.all(Array.from({ length: Math.min(10, wanted - done) }, () => call(baseUrl, path, { method: 'POST', token: buyer.token, contentType: JSON_TYPE, body })));
  const inbox = '/v1/api/transactions/query?only=order&include=listing,provider,customer,booking&fields.transaction=processName,lastTransition,lastTransitionedAt,transitions,payinTotal,payoutTotal,lineItems&fields.user=profile.displayName&perPage=10';
  const check = JSON.parse((await call(baseUrl, inbox, { token: buyer.token })).body) as { meta: { totalItems: number } };
  if (check.meta.totalItems !== wanted) throw new Error(`transactions/query counts ${check.meta.totalItems}, expected ${wanted}`);
  // The seeding's notification mails are still being sent: the inbox's p50 is the query's, not the backlog's.
  await serverSettled(ctx, baseUrl);
  ctx.log('load: transactions/query (inbox)');
  const query = await load(baseUrl, { connections: 1, path: inbox, headers: { accept: TRANSIT, authorization: `Bearer ${buyer.token}` } });
  const booking = await bookingInitiate(ctx, server, anon);
  // Not idle beside the next store's server.
  await server.stop();
  return [
    booking,
    { name: 'transactions/initiate (default-inquiry)', unit: 'commands/s', ours: figures(ours), baseline: { name: 'bare Fastify', ...figures(bare) }, extras: { customers: customers.length, ...cpuPerRequestExtra(ours, bare) } },
    { name: `transactions/query, inbox of a customer with ${wanted} transactions`, unit: 'req/s', ours: figures(query), extras: { connections: 1, 'bytes/answer': Math.round(query.bytesPerRequest) } },
  ];
};
