import { failureOf, integrationSdk, integrationSdkFor, marketplaceSdk, sharetribeSdk } from './support/sdks';
import { installProcess } from './support/processes';
import { startTestServer, TEST_START, TestServer } from './support/test-server';

const DAY = 24 * 3600 * 1000;
const IN = integrationSdk.types;

/** Bookings without payments: request (pending, time), accept, decline, operator cancel. */
const PROCESS = `{:format :v3
 :transitions
 [{:name :transition/request :actor :actor.role/customer :to :state/requested
   :actions [{:name :action/update-protected-data} {:name :action/create-pending-booking :config {:type :time}}]}
  {:name :transition/accept :actor :actor.role/provider :from :state/requested :to :state/accepted :actions [{:name :action/accept-booking}]}
  {:name :transition/decline :actor :actor.role/provider :from :state/requested :to :state/declined :actions [{:name :action/decline-booking}]}
  {:name :transition/cancel :actor :actor.role/operator :from :state/accepted :to :state/cancelled :actions [{:name :action/cancel-booking}]}]}`;

const PLAN = { type: 'availability-plan/time', timezone: 'Etc/UTC', entries: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((dayOfWeek) => ({ dayOfWeek, startTime: '09:00', endTime: '17:00', seats: 1 })) };

describe('bookings in transactions: the seat ledger, the booking resource, bookings/query, events', () => {
  let server: TestServer;
  let users = 0;
  const member = async () => {
    const client = marketplaceSdk(server.baseUrl, server.marketplace, { tokenStore: sharetribeSdk.tokenStore.memoryStore() });
    users += 1;
    const created = await client.currentUser.create({ email: `b${users}@example.com`, password: 'secret-password', firstName: 'B', lastName: 'K' });
    await client.login({ username: `b${users}@example.com`, password: 'secret-password' });
    return { client, id: created.data.data.id as { uuid: string } };
  };
  const codeOf = async (p: Promise<unknown>) => {
    const f = await failureOf(p);
    return { status: f.status, code: f.data.errors[0].code };
  };
  const day = (n: number, hour: number) => new Date(Math.floor(TEST_START.getTime() / DAY) * DAY + n * DAY + hour * 3600 * 1000);

  beforeAll(async () => {
    server = await startTestServer();
    await installProcess(server, 'booked', PROCESS);
  });
  afterAll(async () => {
    await server.close();
  });

  it('books, shows the booking, refuses the taken seat, frees it on decline, filters and lists bookings, emits booking events', async () => {
    const provider = await member();
    const customer = await member();
    const listingId = (await provider.client.ownListings.create({ title: 'Studio', availabilityPlan: PLAN })).data.data.id;
    const request = (start: Date, end: Date, extra: Record<string, unknown> = {}) =>
      customer.client.transactions.initiate({ processAlias: 'booked/release-1', transition: 'transition/request', params: { listingId, bookingStart: start, bookingEnd: end, ...extra } }, { include: ['booking'] });

    const first = await request(day(2, 10), day(2, 12), { bookingDisplayStart: day(2, 10.5), bookingDisplayEnd: day(2, 12) });
    const txId = first.data.data.id;
    expect(first.data.data.relationships.booking.data.type).toBe('booking');
    const booking = first.data.included.find((r: { type: string }) => r.type === 'booking');
    expect(booking.attributes).toEqual({ seats: 1, start: day(2, 10), end: day(2, 12), displayStart: day(2, 10.5), displayEnd: day(2, 12), state: 'pending' });

    // The seat is taken: an overlapping request is refused and stores nothing; outside the plan too.
    expect(await codeOf(request(day(2, 11), day(2, 13)))).toEqual({ status: 409, code: 'transaction-booking-time-not-available' });
    expect(await codeOf(request(day(3, 16), day(3, 18)))).toEqual({ status: 409, code: 'transaction-booking-time-not-available' });
    expect(await codeOf(request(day(3, 12), day(3, 11)))).toEqual({ status: 400, code: 'validation-invalid-value' });
    expect((await customer.client.transactions.query({})).data.data).toHaveLength(1);
    const slots = await customer.client.timeslots.query({ listingId, start: day(2, 0), end: day(3, 0) });
    expect(slots.data.data.map((s: { attributes: { start: Date; end: Date } }) => [s.attributes.start, s.attributes.end])).toEqual([
      [day(2, 9), day(2, 10)],
      [day(2, 12), day(2, 17)],
    ]);

    // The provider's inbox filters by the booking; the transaction page includes it.
    const sales = async (q: Record<string, unknown>) => (await provider.client.transactions.query({ only: 'sale', ...q })).data.data.length;
    expect(await sales({ bookingStates: 'pending' })).toBe(1);
    expect(await sales({ bookingStates: 'accepted,declined' })).toBe(0);
    expect(await sales({ bookingStart: day(2, 11), bookingEnd: day(2, 13) })).toBe(1);
    expect(await sales({ bookingStart: day(2, 12) })).toBe(0);
    expect(await sales({ hasBooking: true, sort: 'bookingStart' })).toBe(1);
    const shown = await provider.client.transactions.show({ id: txId, include: ['booking', 'listing', 'customer'] });
    expect(shown.data.included.find((r: { type: string }) => r.type === 'booking').id).toEqual(booking.id);

    // bookings/query: the listing's author only.
    const listed = await provider.client.bookings.query({ listingId, start: day(2, 0), end: day(3, 0), include: ['transaction'] });
    expect(listed.data.data.map((b: { id: unknown }) => b.id)).toEqual([booking.id]);
    expect(listed.data.included[0].id).toEqual(txId);
    expect((await provider.client.bookings.query({ listingId, state: 'accepted' })).data.data).toEqual([]);
    expect(await codeOf(customer.client.bookings.query({ listingId }))).toEqual({ status: 403, code: 'forbidden' });
    expect(await codeOf(provider.client.bookings.query({}))).toEqual({ status: 400, code: 'validation-missing-key' });

    // Declining frees the seat: the same range can be booked again.
    await provider.client.transactions.transition({ id: txId, transition: 'transition/decline', params: {} });
    expect((await provider.client.bookings.query({ listingId, state: 'declined' })).data.data).toHaveLength(1);
    const againId = (await request(day(2, 10), day(2, 12))).data.data.id;
    await provider.client.transactions.transition({ id: againId, transition: 'transition/accept', params: {} });
    const integ = integrationSdkFor(server.baseUrl, server.marketplace);
    const again = new IN.UUID(againId.uuid);
    await integ.transactions.transition({ id: again, transition: 'transition/cancel', params: {} });
    expect((await integ.transactions.show({ id: again, include: ['booking'] })).data.included[0].attributes.state).toBe('cancelled');
    await request(day(2, 10), day(2, 12));

    // Events: booking events of a transition come before the transaction's, with source/transaction.
    const events = (await integ.events.query({ relatedResourceId: again })).data.data.map((e: { attributes: { eventType: string; source: string; resource: { type: string } } }) => [e.attributes.eventType, e.attributes.source]);
    expect(events).toEqual([
      ['booking/created', 'source/transaction'],
      ['transaction/initiated', 'source/transaction'],
      ['booking/updated', 'source/transaction'],
      ['transaction/transitioned', 'source/transaction'],
      ['booking/updated', 'source/transaction'],
      ['transaction/transitioned', 'source/transaction'],
    ]);
    const created = (await integ.events.query({ eventTypes: 'booking/created', relatedResourceId: again })).data.data[0].attributes;
    expect(created.resource.attributes.state).toBe('pending');
    expect(created.resource.relationships.transaction.data.id.uuid).toEqual(again.uuid);
  });

  it('100 concurrent requests for the last seat: exactly one books it, the others store nothing', async () => {
    const provider = await member();
    const customer = await member();
    const listingId = (await provider.client.ownListings.create({ title: 'One seat', availabilityPlan: PLAN })).data.data.id;
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, () =>
        customer.client.transactions.initiate({ processAlias: 'booked/release-1', transition: 'transition/request', params: { listingId, bookingStart: day(5, 9), bookingEnd: day(5, 17) } }),
      ),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).toHaveLength(1);
    const codes = new Set(results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => `${r.reason.status} ${r.reason.data.errors[0].code}`));
    expect([...codes]).toEqual(['409 transaction-booking-time-not-available']);
    expect((await customer.client.transactions.query({})).data.data).toHaveLength(1);
    expect((await provider.client.bookings.query({ listingId })).data.data).toHaveLength(1);
  });
});
