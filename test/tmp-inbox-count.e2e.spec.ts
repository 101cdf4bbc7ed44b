import { PostgresDatabase } from '../src/infrastructure/postgres-database';
import { marketplaceSdk } from './support/sdks';
import { startTestServer } from './support/test-server';

it('times the statements of an inbox request', async () => {
  const server = await startTestServer();
  const sdk = marketplaceSdk(server.baseUrl, server.marketplace);
  await sdk.currentUser.create({ email: 'p@example.com', password: 'secret-password', firstName: 'P', lastName: 'R' });
  await sdk.login({ username: 'p@example.com', password: 'secret-password' });
  const listing = (await sdk.ownListings.create({ title: 'L' })).data.data.id;
  const buyer = marketplaceSdk(server.baseUrl, server.marketplace);
  await buyer.currentUser.create({ email: 'b@example.com', password: 'secret-password', firstName: 'B', lastName: 'R' });
  await buyer.login({ username: 'b@example.com', password: 'secret-password' });
  for (let i = 0; i < 300; i += 10) await Promise.all(Array.from({ length: 10 }, () => buyer.transactions.initiate({ processAlias: 'default-inquiry/release-1', transition: 'transition/inquire-without-payment', params: { listingId: listing } })));
  await server.idle();
  const params = { only: 'order', include: ['listing', 'provider', 'customer', 'booking'], 'fields.transaction': ['processName', 'lastTransition', 'lastTransitionedAt', 'transitions', 'payinTotal', 'payoutTotal', 'lineItems'], 'fields.user': ['profile.displayName'], perPage: 10 };
  await buyer.transactions.query(params);
  const stats: string[] = [];
  const proto = PostgresDatabase.prototype as any;
  const q = proto.query;
  proto.query = async function (sql: string, p: unknown[]) { const t = process.hrtime.bigint(); try { return await q.call(this, sql, p); } finally { stats.push(`${(Number(process.hrtime.bigint() - t) / 1e6).toFixed(2)} ms ${sql.replace(/\s+/g, ' ').slice(0, 120)}`); } };
  for (let i = 0; i < 3; i++) {
    stats.length = 0;
    const t = process.hrtime.bigint();
    await buyer.transactions.query(params);
    console.log('total ms', Number(process.hrtime.bigint() - t) / 1e6, '\n' + stats.join('\n'));
  }
  proto.query = q;
  await server.close();
}, 180000);
