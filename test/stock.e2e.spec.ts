import { rebuildReadModels } from '../projections/projection-engine';
import { ALL_PROJECTIONS } from '../projections/registry';
import { StockModule } from '../src/stock/stock.module';
import { STOCK_LEDGER, StockLedger } from '../src/stock/stock-ledger.port';
import { operatorContext } from '../src/shared/command-context';
import { failureOf, integrationSdk, integrationSdkFor, marketplaceSdk } from './support/sdks';
import { startTestServer, TestServer } from './support/test-server';

const PASSWORD = 'secret-password';
const IN = integrationSdk.types;
const DAY = 86_400_000;

describe('stock through the official SDKs: compare-and-set, adjustments, currentStock, the stock ledger', () => {
  let server: TestServer;
  let users = 0;
  const integ = () => integrationSdkFor(server.baseUrl, server.marketplace);
  const ledger = () => server.app.select(StockModule).get<StockLedger>(STOCK_LEDGER);
  const ctx = () => operatorContext(server.marketplace.marketplaceId, new Date());
  const member = async () => {
    const client = marketplaceSdk(server.baseUrl, server.marketplace);
    users += 1;
    const email = `seller${users}@example.com`;
    const created = await client.currentUser.create({ email, password: PASSWORD, firstName: 'Sam', lastName: 'Seller' });
    await client.login({ username: email, password: PASSWORD });
    return { client, id: created.data.data.id as { uuid: string } };
  };
  const codeOf = async (p: Promise<unknown>) => {
    const f = await failureOf(p);
    return { status: f.status, code: f.data.errors[0].code, path: f.data.errors[0].source?.path };
  };
  /** The ledger is called in-process: its errors are the service's ApiError. */
  const ledgerCode = async (p: Promise<unknown>) => {
    const e = (await failureOf(p)) as unknown as { status: number; code: string };
    return { status: e.status, code: e.code };
  };
  const product = async (client: any) => (await client.ownListings.create({ title: 'Mug' }, { expand: true })).data.data;
  const window = () => ({ start: new Date(server.clock.now().getTime() - DAY), end: new Date(server.clock.now().getTime() + DAY / 2) });

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('sets stock with compare-and-set (null first), refuses a stale total, and shows currentStock on listings', async () => {
    const { client } = await member();
    const listing = await product(client);
    const set = await client.stock.compareAndSet({ listingId: listing.id, oldTotal: null, newTotal: 5 }, { expand: true });
    expect(set.data.data).toMatchObject({ type: 'stock', attributes: { quantity: 5 } });
    expect(await codeOf(client.stock.compareAndSet({ listingId: listing.id, oldTotal: null, newTotal: 6 }))).toMatchObject({ status: 409, code: 'old-total-mismatch' });
    expect(await codeOf(client.stock.compareAndSet({ listingId: listing.id, oldTotal: 4, newTotal: 6 }))).toMatchObject({ status: 409, code: 'old-total-mismatch' });
    await client.stock.compareAndSet({ listingId: listing.id, oldTotal: 5, newTotal: 5 });
    server.clock.advance(1000);
    await client.stock.compareAndSet({ listingId: listing.id, oldTotal: 5, newTotal: 3 });
    const own = await client.ownListings.show({ id: listing.id, include: ['currentStock'] });
    expect(own.data.included).toEqual([expect.objectContaining({ type: 'stock', attributes: { quantity: 3 } })]);
    const pub = await client.listings.show({ id: listing.id, include: ['currentStock'] });
    expect(pub.data.included[0].attributes.quantity).toBe(3);
    const viaIntegration = await integ().listings.show({ id: new IN.UUID(listing.id.uuid), include: ['currentStock'] });
    expect(viaIntegration.data.included[0].attributes.quantity).toBe(3);
    const adjustments = await client.stockAdjustments.query({ listingId: listing.id, ...window(), include: ['ownListing.currentStock'] });
    expect(adjustments.data.data.map((a: any) => a.attributes.quantity)).toEqual([5, -2]);
    expect(adjustments.data.included.find((r: any) => r.type === 'stock').attributes.quantity).toBe(3);
    const events = await integ().events.query({ eventTypes: 'stockAdjustment/created' });
    expect(events.data.data.filter((e: any) => e.attributes.resource.relationships.listing.data.id.uuid === listing.id.uuid)).toHaveLength(2);
  });

  it("accepts the totals as whole-number strings, as the Web Template's stock input sends them", async () => {
    const { client } = await member();
    const listing = await product(client);
    // EditListingPricingAndStockPanel sends the <input type="number"> value as it is: { oldTotal: null, newTotal: '5' }
    const set = await client.stock.compareAndSet({ listingId: listing.id, oldTotal: null, newTotal: '5' }, { expand: true });
    expect(set.data.data).toMatchObject({ type: 'stock', attributes: { quantity: 5 } });
    server.clock.advance(1000);
    await client.stock.compareAndSet({ listingId: listing.id, oldTotal: 5, newTotal: '7' });
    expect(await codeOf(client.stock.compareAndSet({ listingId: listing.id, oldTotal: '6', newTotal: '8' }))).toMatchObject({ status: 409, code: 'old-total-mismatch' });
    expect(await codeOf(client.stock.compareAndSet({ listingId: listing.id, oldTotal: 7, newTotal: '-1' }))).toMatchObject({ status: 400, path: ['newTotal'] });
    expect(await codeOf(client.stock.compareAndSet({ listingId: listing.id, oldTotal: 7, newTotal: '2.5' }))).toMatchObject({ status: 400, path: ['newTotal'] });
    expect(await codeOf(client.stock.compareAndSet({ listingId: listing.id, oldTotal: 7, newTotal: 'five' }))).toMatchObject({ status: 400, path: ['newTotal'] });
    const own = await client.ownListings.show({ id: listing.id, include: ['currentStock'] });
    expect(own.data.included[0].attributes.quantity).toBe(7);
  });

  it('creates adjustments in both APIs and refuses bad input, other users and negative totals', async () => {
    const { client, id } = await member();
    const other = await member();
    const listing = await product(client);
    const created = await client.stockAdjustments.create({ listingId: listing.id, quantity: 4 }, { expand: true, include: ['ownListing.currentStock'] });
    expect(created.data.data).toMatchObject({ type: 'stockAdjustment', attributes: { quantity: 4 } });
    expect(created.data.included.find((r: any) => r.type === 'stock').attributes.quantity).toBe(4);
    await integ().stockAdjustments.create({ listingId: new IN.UUID(listing.id.uuid), quantity: -1 });
    expect((await integ().stockAdjustments.query({ listingId: new IN.UUID(listing.id.uuid), ...window() })).data.data).toHaveLength(2);
    expect(await codeOf(client.stockAdjustments.create({ listingId: listing.id, quantity: 0 }))).toMatchObject({ status: 400, path: ['quantity'] });
    expect(await codeOf(client.stockAdjustments.create({ listingId: listing.id, quantity: -10 }))).toMatchObject({ status: 400, path: ['quantity'] });
    expect(await codeOf(client.stockAdjustments.create({ listingId: listing.id }))).toMatchObject({ status: 400, code: 'validation-missing-key', path: ['quantity'] });
    expect(await codeOf(client.stock.compareAndSet({ listingId: listing.id, newTotal: 1 }))).toMatchObject({ status: 400, code: 'validation-missing-key', path: ['oldTotal'] });
    expect(await codeOf(client.stock.compareAndSet({ listingId: listing.id, oldTotal: 3, newTotal: -1 }))).toMatchObject({ status: 400, path: ['newTotal'] });
    expect(await codeOf(other.client.stockAdjustments.create({ listingId: listing.id, quantity: 1 }))).toMatchObject({ status: 403 });
    expect(await codeOf(other.client.stockAdjustments.query({ listingId: listing.id, ...window() }))).toMatchObject({ status: 403 });
    expect(await codeOf(client.stockAdjustments.query({ listingId: listing.id, start: new Date(server.clock.now().getTime() - 400 * DAY), end: server.clock.now() }))).toMatchObject({ status: 400, path: ['start'] });
    expect(await codeOf(integ().stock.compareAndSet({ listingId: new IN.UUID(id.uuid), oldTotal: null, newTotal: 1 }))).toMatchObject({ status: 409, code: 'listing-not-found' });
    const elsewhere = integrationSdkFor(server.baseUrl, await server.createMarketplace('Elsewhere'));
    expect((await elsewhere.stockAdjustments.query({ listingId: new IN.UUID(listing.id.uuid), ...window() })).data.data).toEqual([]);
  });

  it('reserves, accepts, declines and cancels per the adjustment table; stock_reservations/show', async () => {
    const { client } = await member();
    const listing = await product(client);
    const listingId = listing.id.uuid;
    const r = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
    expect(await ledgerCode(ledger().reserve(ctx(), { reservationId: r(1), listingId, transactionId: null, quantity: 1 }))).toMatchObject({ status: 409, code: 'transaction-listing-insufficient-stock' });
    await client.stock.compareAndSet({ listingId: listing.id, oldTotal: null, newTotal: 10 });
    const total = async () => (await client.ownListings.show({ id: listing.id, include: ['currentStock'] })).data.included[0].attributes.quantity;
    await ledger().reserve(ctx(), { reservationId: r(1), listingId, transactionId: null, quantity: 3 });
    expect(await total()).toBe(7);
    await ledger().reserve(ctx(), { reservationId: r(1), listingId, transactionId: null, quantity: 3 });
    expect(await total()).toBe(7);
    await ledger().accept(ctx(), { reservationId: r(1), listingId });
    expect(await total()).toBe(7);
    await ledger().cancel(ctx(), { reservationId: r(1), listingId });
    expect(await total()).toBe(10);
    await ledger().reserve(ctx(), { reservationId: r(2), listingId, transactionId: null, quantity: 4, state: 'proposed' });
    expect(await total()).toBe(10);
    await ledger().accept(ctx(), { reservationId: r(2), listingId });
    expect(await total()).toBe(6);
    await ledger().reserve(ctx(), { reservationId: r(3), listingId, transactionId: null, quantity: 2 });
    await ledger().decline(ctx(), { reservationId: r(3), listingId });
    expect(await total()).toBe(6);
    expect(await ledgerCode(ledger().accept(ctx(), { reservationId: r(3), listingId }))).toMatchObject({ status: 409, code: 'stock-reservation-invalid-state' });
    const shown = await integ().stockReservations.show({ id: new IN.UUID(r(1)), include: ['stockAdjustments', 'listing'] });
    expect(shown.data.data.attributes).toEqual({ quantity: 3, state: 'cancelled' });
    expect(shown.data.included.filter((i: any) => i.type === 'stockAdjustment').map((a: any) => a.attributes.quantity)).toEqual([-3, 3]);
    expect(await codeOf(integ().stockReservations.show({ id: new IN.UUID(r(99)) }))).toMatchObject({ status: 404 });
  });

  it('of 100 concurrent reservations of the last item exactly one succeeds', async () => {
    const { client } = await member();
    const listing = await product(client);
    await client.stock.compareAndSet({ listingId: listing.id, oldTotal: null, newTotal: 1 });
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, (_, i) => ledger().reserve(ctx(), { reservationId: `00000000-0000-4000-9000-${String(i).padStart(12, '0')}`, listingId: listing.id.uuid, transactionId: null, quantity: 1 })),
    );
    expect(results.filter((x) => x.status === 'fulfilled')).toHaveLength(1);
    expect(new Set(results.flatMap((x) => (x.status === 'rejected' ? [(x.reason as { code: string }).code] : [])))).toEqual(new Set(['transaction-listing-insufficient-stock']));
    expect((await client.ownListings.show({ id: listing.id, include: ['currentStock'] })).data.included[0].attributes.quantity).toBe(0);
  });

  it('filters listings by minStock and stockMode, and answers the same after a rebuild from the log', async () => {
    const marketplace = await server.createMarketplace('Shop');
    const client = marketplaceSdk(server.baseUrl, marketplace);
    await client.currentUser.create({ email: 'shop@example.com', password: PASSWORD, firstName: 'S', lastName: 'S' });
    await client.login({ username: 'shop@example.com', password: PASSWORD });
    const make = async (title: string, stock: number | null) => {
      const id = (await client.ownListings.create({ title })).data.data.id;
      if (stock !== null) await client.stock.compareAndSet({ listingId: id, oldTotal: null, newTotal: stock });
    };
    await make('plenty', 5);
    await make('none-left', 0);
    await make('untracked', null);
    const titles = async (params: Record<string, unknown>) => (await client.listings.query(params)).data.data.map((l: any) => l.attributes.title).sort();
    const answers = async () => [await titles({ minStock: 1 }), await titles({ minStock: 1, stockMode: 'match-undefined' }), await titles({ minStock: 0, stockMode: 'strict' })];
    const before = await answers();
    expect(before).toEqual([['plenty'], ['plenty', 'untracked'], ['none-left', 'plenty']]);
    await rebuildReadModels(server.infra.events, server.infra, ALL_PROJECTIONS);
    expect(await answers()).toEqual(before);
  });
});
