import { randomUUID } from 'node:crypto';
import type { AuthContext } from '../src/auth/auth-context';
import { parseCommonParams } from '../src/http/common-params';
import { LoadContext, RelationshipRegistry } from '../src/http/envelope';
import type { Resource } from '../src/shared/resource';
import { installProcess } from './support/processes';
import { failureOf, marketplaceSdk, sharetribeSdk } from './support/sdks';
import { startTestServer, TEST_START, TestServer } from './support/test-server';

const DAY = 24 * 3600 * 1000;
const PASSWORD = 'secret-password';
const PLAN = { type: 'availability-plan/time', timezone: 'Etc/UTC', entries: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((dayOfWeek) => ({ dayOfWeek, startTime: '09:00', endTime: '17:00', seats: 1 })) };

/** A purchase (a stock reservation) and a booking, each with protected data, as the default processes make them. */
const PROCESS = `{:format :v3
 :transitions
 [{:name :transition/order :actor :actor.role/customer :to :state/ordered
   :actions [{:name :action/update-protected-data} {:name :action/create-pending-stock-reservation}]}
  {:name :transition/book :actor :actor.role/customer :to :state/booked
   :actions [{:name :action/update-protected-data} {:name :action/create-pending-booking :config {:type :time}}]}]}`;

const SHIPPING = { shippingDetails: { name: 'Cass Customer', address: { line1: '1 Private Road', city: 'Hometown', postalCode: '00100', country: 'FI' } } };

/**
 * Issue 24, item 1: another user's purchase is never readable through a relationship. The stock adjustments of a
 * deleted listing were open to anyone, and their reservation led to the transaction, its messages and its customer.
 */
describe("a stranger never reads another user's transaction, by any path", () => {
  let server: TestServer;
  let users = 0;
  const member = async () => {
    users += 1;
    const email = `privacy${users}@example.com`;
    const client = marketplaceSdk(server.baseUrl, server.marketplace, { tokenStore: sharetribeSdk.tokenStore.memoryStore() });
    const created = await client.currentUser.create({ email, password: PASSWORD, firstName: 'P', lastName: 'R' });
    await client.login({ username: email, password: PASSWORD });
    return { client, id: created.data.data.id.uuid as string };
  };
  const statusOf = async (p: Promise<unknown>) => (await failureOf(p)).status;
  const window = () => ({ start: new Date(server.clock.now().getTime() - DAY), end: new Date(server.clock.now().getTime() + DAY / 2) });
  const at = (n: number, hour: number) => new Date(Math.floor(TEST_START.getTime() / DAY) * DAY + n * DAY + hour * 3600 * 1000);

  let seller: Awaited<ReturnType<typeof member>>;
  let buyer: Awaited<ReturnType<typeof member>>;
  let stranger: Awaited<ReturnType<typeof member>>;
  let roots: Resource[];

  beforeAll(async () => {
    server = await startTestServer();
    await installProcess(server, 'private', PROCESS);
    [seller, buyer, stranger] = [await member(), await member(), await member()];
    const product = (await seller.client.ownListings.create({ title: 'Mug' })).data.data.id;
    await seller.client.stock.compareAndSet({ listingId: product, oldTotal: null, newTotal: 3 });
    const studio = (await seller.client.ownListings.create({ title: 'Studio', availabilityPlan: PLAN })).data.data.id;
    const order = await buyer.client.transactions.initiate(
      { processAlias: 'private/release-1', transition: 'transition/order', params: { listingId: product, stockReservationQuantity: 1, protectedData: SHIPPING } },
      { include: ['stockReservation'] },
    );
    const booked = await buyer.client.transactions.initiate(
      { processAlias: 'private/release-1', transition: 'transition/book', params: { listingId: studio, bookingStart: at(2, 10), bookingEnd: at(2, 12), protectedData: SHIPPING } },
      { include: ['booking'] },
    );
    const message = await buyer.client.messages.send({ transactionId: order.data.data.id, content: 'Leave it at the back door, code 4711.' });
    const adjustments = await seller.client.stockAdjustments.query({ listingId: product, ...window() });
    const ref = (type: string, id: string): Resource => ({ id, type, attributes: {} });
    roots = [
      ref('transaction', order.data.data.id.uuid),
      ref('transaction', booked.data.data.id.uuid),
      ref('stockReservation', order.data.included[0].id.uuid),
      ref('booking', booked.data.included[0].id.uuid),
      ref('message', message.data.data.id.uuid),
      ...adjustments.data.data.map((a: { id: { uuid: string } }) => ref('stockAdjustment', a.id.uuid)),
      ref('listing', product.uuid),
      ref('ownListing', product.uuid),
      ref('user', buyer.id),
    ];
  });
  afterAll(() => server.close());

  it('stock_adjustments/query answers 403 to a stranger, before and after the listing is deleted with its author', async () => {
    const product = roots.find((r) => r.type === 'listing')!.id;
    const include = ['stockReservation.transaction.messages', 'stockReservation.transaction.customer', 'stockReservation.transaction.booking'];
    const query = () => stranger.client.stockAdjustments.query({ listingId: new sharetribeSdk.types.UUID(product), ...window(), include });
    expect(await statusOf(query())).toBe(403);
    await seller.client.currentUser.delete({ currentPassword: PASSWORD });
    await server.idle();
    expect(await statusOf(query())).toBe(403);
    expect(await statusOf(stranger.client.stockAdjustments.query({ listingId: new sharetribeSdk.types.UUID(randomUUID()), ...window() }))).toBe(403);
  });

  /**
   * Walks every registered relationship from every kind of resource near the two transactions, three levels deep,
   * as the buyer and as a stranger: the buyer reaches the transactions and their messages by each path, the
   * stranger by none. A new relationship that leads to a transaction is walked too.
   */
  it('no include path leads a stranger to a transaction or its messages', async () => {
    const registry = server.app.get(RelationshipRegistry);
    const contextOf = (userId: string): LoadContext => {
      const auth: AuthContext = { marketplaceId: server.marketplace.marketplaceId, clientId: server.marketplace.marketplaceClient.clientId, scope: 'user', userId, sessionId: null, exp: 0, requestId: randomUUID() };
      return { auth, params: parseCommonParams({}, { paginated: true }).common };
    };
    const walk = async (ctx: LoadContext) => {
      const reached = new Map<string, Set<string>>();
      let frontier = roots.map((root) => ({ root, resource: root }));
      for (let depth = 0; depth < 3; depth += 1) {
        const next: typeof frontier = [];
        for (const { root, resource } of frontier)
          for (const { type, relationship } of registry.relationships().filter((r) => r.type === resource.type)) {
            const found = await registry.loader(type, relationship)!(resource, ctx);
            for (const child of found === null ? [] : Array.isArray(found) ? found : [found]) {
              const key = `${root.type} → ${child.type}`;
              reached.set(key, (reached.get(key) ?? new Set()).add(child.id));
              next.push({ root, resource: child });
            }
          }
        frontier = next;
      }
      return [...reached.keys()].filter((k) => k.endsWith('→ transaction') || k.endsWith('→ message')).sort();
    };
    expect(await walk(contextOf(buyer.id))).toEqual(
      expect.arrayContaining(['booking → transaction', 'message → transaction', 'stockAdjustment → transaction', 'stockReservation → transaction', 'transaction → message']),
    );
    expect(await walk(contextOf(stranger.id))).toEqual([]);
  });
});
