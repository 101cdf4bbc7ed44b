import { failureOf, integrationSdk, integrationSdkFor, marketplaceSdk, sharetribeSdk } from './support/sdks';
import { installProcess } from './support/processes';
import { startTestServer, TestServer } from './support/test-server';

const IN = integrationSdk.types;

/** Purchases without payments: order (pending reservation), accept, decline (release last), operator cancel. */
const PROCESS = `{:format :v3
 :transitions
 [{:name :transition/order :actor :actor.role/customer :to :state/ordered :actions [{:name :action/create-pending-stock-reservation}]}
  {:name :transition/accept :actor :actor.role/provider :from :state/ordered :to :state/accepted :actions [{:name :action/accept-stock-reservation}]}
  {:name :transition/decline :actor :actor.role/provider :from :state/ordered :to :state/declined :actions [{:name :action/decline-stock-reservation}]}
  {:name :transition/cancel :actor :actor.role/operator :from :state/accepted :to :state/cancelled :actions [{:name :action/cancel-stock-reservation}]}]}`;

describe('stock reservations in transactions: the stock ledger, the resource, filters, events', () => {
  let server: TestServer;
  let users = 0;
  const member = async () => {
    const client = marketplaceSdk(server.baseUrl, server.marketplace, { tokenStore: sharetribeSdk.tokenStore.memoryStore() });
    users += 1;
    await client.currentUser.create({ email: `s${users}@example.com`, password: 'secret-password', firstName: 'S', lastName: 'K' });
    await client.login({ username: `s${users}@example.com`, password: 'secret-password' });
    return client;
  };
  const codeOf = async (p: Promise<unknown>) => {
    const f = await failureOf(p);
    return { status: f.status, code: f.data.errors[0].code };
  };
  const listingWithStock = async (provider: Awaited<ReturnType<typeof member>>, quantity: number) => {
    const listingId = (await provider.ownListings.create({ title: 'Mug' })).data.data.id;
    await provider.stock.compareAndSet({ listingId, oldTotal: null, newTotal: quantity });
    return listingId;
  };
  const stockOf = async (client: Awaited<ReturnType<typeof member>>, id: unknown) =>
    (await client.listings.show({ id, include: ['currentStock'] })).data.included.find((r: { type: string }) => r.type === 'stock').attributes.quantity;

  beforeAll(async () => {
    server = await startTestServer();
    await installProcess(server, 'bought', PROCESS);
  });
  afterAll(async () => {
    await server.close();
  });

  it('reserves at initiate, releases on decline and cancel, refuses too much, and links the reservation and its transaction', async () => {
    const provider = await member();
    const customer = await member();
    const listingId = await listingWithStock(provider, 3);
    const order = (quantity: unknown) =>
      customer.transactions.initiate({ processAlias: 'bought/release-1', transition: 'transition/order', params: { listingId, stockReservationQuantity: quantity } }, { include: ['stockReservation'] });

    const first = await order(2);
    const txId = first.data.data.id;
    const reservation = first.data.included.find((r: { type: string }) => r.type === 'stockReservation');
    expect(reservation.attributes).toEqual({ quantity: 2, state: 'pending' });
    expect(await stockOf(customer, listingId)).toBe(1);
    expect(await codeOf(order(2))).toEqual({ status: 409, code: 'transaction-listing-insufficient-stock' });
    expect(await codeOf(order(0))).toEqual({ status: 400, code: 'validation-invalid-value' });
    expect((await customer.transactions.query({})).data.data).toHaveLength(1);
    const noStock = (await provider.ownListings.create({ title: 'No stock' })).data.data.id;
    expect(await codeOf(customer.transactions.initiate({ processAlias: 'bought/release-1', transition: 'transition/order', params: { listingId: noStock, stockReservationQuantity: 1 } }))).toEqual({
      status: 409,
      code: 'transaction-listing-insufficient-stock',
    });

    const sales = async (states: string) => (await provider.transactions.query({ only: 'sale', stockReservationStates: states })).data.data.length;
    expect(await sales('pending')).toBe(1);
    expect(await sales('accepted,declined')).toBe(0);

    await provider.transactions.transition({ id: txId, transition: 'transition/decline', params: {} });
    expect(await stockOf(customer, listingId)).toBe(3);
    expect(await sales('declined')).toBe(1);

    const integ = integrationSdkFor(server.baseUrl, server.marketplace);
    const shown = await integ.stockReservations.show({ id: new IN.UUID(reservation.id.uuid), include: ['transaction', 'stockAdjustments'] });
    expect(shown.data.data.attributes.state).toBe('declined');
    expect(shown.data.data.relationships.transaction.data.id.uuid).toBe(txId.uuid);
    expect(shown.data.included.filter((r: { type: string }) => r.type === 'stockAdjustment').map((a: { attributes: { quantity: number } }) => a.attributes.quantity).sort()).toEqual([-2, 2]);

    const second = (await order(3)).data.data.id;
    await provider.transactions.transition({ id: second, transition: 'transition/accept', params: {} });
    expect(await stockOf(customer, listingId)).toBe(0);
    await integ.transactions.transition({ id: new IN.UUID(second.uuid), transition: 'transition/cancel', params: {} });
    expect(await stockOf(customer, listingId)).toBe(3);

    // Events: the reservation's and the adjustment's before the transaction's, all source/transaction.
    const events = (await integ.events.query({ relatedResourceId: new IN.UUID(listingId.uuid), eventTypes: 'stockReservation/created,stockReservation/updated,stockAdjustment/created,transaction/initiated,transaction/transitioned' })).data.data;
    const ofSecond = events.slice(-8).map((e: { attributes: { eventType: string; source: string } }) => [e.attributes.eventType, e.attributes.source]);
    expect(ofSecond).toEqual([
      ['stockReservation/created', 'source/transaction'],
      ['stockAdjustment/created', 'source/transaction'],
      ['transaction/initiated', 'source/transaction'],
      ['stockReservation/updated', 'source/transaction'],
      ['transaction/transitioned', 'source/transaction'],
      ['stockReservation/updated', 'source/transaction'],
      ['stockAdjustment/created', 'source/transaction'],
      ['transaction/transitioned', 'source/transaction'],
    ]);
  });

  it('100 concurrent orders of the last item: exactly one reserves it, the others store nothing', async () => {
    const provider = await member();
    const customer = await member();
    const listingId = await listingWithStock(provider, 1);
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, () => customer.transactions.initiate({ processAlias: 'bought/release-1', transition: 'transition/order', params: { listingId, stockReservationQuantity: 1 } })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const codes = new Set(results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => `${r.reason.status} ${r.reason.data.errors[0].code}`));
    expect([...codes]).toEqual(['409 transaction-listing-insufficient-stock']);
    expect((await customer.transactions.query({})).data.data).toHaveLength(1);
    expect(await stockOf(customer, listingId)).toBe(0);
  });
});
