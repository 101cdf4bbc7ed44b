import { advanceEmulatorClock } from '../src/payments/emulator/emulator-clock';
import { failureOf, marketplaceSdk, sharetribeSdk } from './support/sdks';
import { startTestServer, TEST_START, TestServer } from './support/test-server';

const { Money } = sharetribeSdk.types;
const DAY = 24 * 3600 * 1000;

/**
 * After `emulator clock advance`, a browser still asks from its own today (real time): the Web Template's booking
 * date picker (timeslots/query), the provider's availability calendar (availability_exceptions/query) and the
 * search page's dates filter must answer, not 400, while windows wrong for both clocks still are 400.
 */
describe('a browser on real time beside a server whose emulator clock moved ahead', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({}, { emulatorClock: true });
  });
  afterAll(() => server.close());

  it("answers windows from the browser's today after emulator clock advance P8D", async () => {
    const client = marketplaceSdk(server.baseUrl, server.marketplace);
    await client.currentUser.create({ email: 'browser@example.com', password: 'secret-password', firstName: 'B', lastName: 'R' });
    await client.login({ username: 'browser@example.com', password: 'secret-password' });
    const plan = { type: 'availability-plan/day', entries: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((dayOfWeek) => ({ dayOfWeek, seats: 1 })) };
    const listing = (await client.ownListings.create({ title: 'Kayak', price: new Money(1000, 'USD'), availabilityPlan: plan })).data.data;

    await advanceEmulatorClock(server.infra.runner, 'P8D', server.clock.now());
    await server.idle();
    // The browser's today is the test clock (the emulator's base, real time for `npm start`); the server is 8 days ahead.
    const today = new Date(Math.floor(TEST_START.getTime() / DAY) * DAY);
    const end = new Date(today.getTime() + 30 * DAY);
    const slots = await client.timeslots.query({ listingId: listing.id, start: today, end });
    expect(slots.data.data.length).toBeGreaterThan(0);
    expect((await client.availabilityExceptions.query({ listingId: listing.id, start: today, end })).status).toBe(200);
    const found = await client.listings.query({ start: today, end: new Date(today.getTime() + 2 * DAY), availability: 'day-full' });
    expect(found.data.data.map((l: any) => l.id.uuid)).toEqual([listing.id.uuid]);

    // Too far back for either clock: still the platform's 400.
    const tooEarly = await failureOf(client.timeslots.query({ listingId: listing.id, start: new Date(today.getTime() - 3 * DAY), end }));
    expect(tooEarly.data.errors[0]).toMatchObject({ status: 400, code: 'validation-invalid-value', source: { path: ['start'] } });
  });
});
