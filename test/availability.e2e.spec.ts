import { rebuildReadModels } from '../projections/projection-engine';
import { ALL_PROJECTIONS } from '../projections/registry';
import { AvailabilityModule } from '../src/availability/availability.module';
import { SEAT_LEDGER, SeatLedger } from '../src/availability/seat-ledger.port';
import { operatorContext } from '../src/shared/command-context';
import { failureOf, integrationSdk, integrationSdkFor, marketplaceSdk } from './support/sdks';
import { startTestServer, TEST_START, TestServer } from './support/test-server';

const PASSWORD = 'secret-password';
const IN = integrationSdk.types;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Midnight UTC `days` from now. */
const dayFromNow = (days: number) => new Date(Math.floor(TEST_START.getTime() / DAY) * DAY + days * DAY);

describe('availability through the official SDKs: exceptions, time slots, the seat ledger', () => {
  let server: TestServer;
  let users = 0;
  const integ = () => integrationSdkFor(server.baseUrl, server.marketplace);
  const ledger = () => server.app.select(AvailabilityModule).get<SeatLedger>(SEAT_LEDGER);
  const ctx = () => operatorContext(server.marketplace.marketplaceId, new Date());

  const member = async () => {
    const client = marketplaceSdk(server.baseUrl, server.marketplace);
    users += 1;
    const email = `provider${users}@example.com`;
    const created = await client.currentUser.create({ email, password: PASSWORD, firstName: 'Pia', lastName: 'Provider' });
    await client.login({ username: email, password: PASSWORD });
    return { client, id: created.data.data.id as { uuid: string } };
  };
  const codeOf = async (p: Promise<unknown>) => {
    const f = await failureOf(p);
    return { status: f.status, code: f.data.errors[0].code, path: f.data.errors[0].source?.path };
  };
  const listingWith = async (client: any, availabilityPlan: unknown) =>
    (await client.ownListings.create({ title: 'Sauna', availabilityPlan }, { expand: true })).data.data;

  const everyDay = (startTime: string, endTime: string, seats = 1) =>
    ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((dayOfWeek) => ({ dayOfWeek, startTime, endTime, seats }));

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('creates, queries (with include=listing) and deletes exceptions on an own listing; events show them', async () => {
    const { client } = await member();
    const listing = await listingWith(client, { type: 'availability-plan/time', timezone: 'Europe/Helsinki', entries: everyDay('09:00', '17:00') });
    const start = new Date(dayFromNow(3).getTime() + 10 * HOUR);
    const created = await client.availabilityExceptions.create({ listingId: listing.id, start, end: new Date(start.getTime() + 2 * HOUR), seats: 0 }, { expand: true });
    expect(created.data.data.type).toBe('availabilityException');
    expect(created.data.data.attributes).toEqual({ seats: 0, start, end: new Date(start.getTime() + 2 * HOUR) });

    const found = await client.availabilityExceptions.query({ listingId: listing.id, start: dayFromNow(1), end: dayFromNow(10), include: ['listing'] });
    expect(found.data.data.map((e: any) => e.id.uuid)).toEqual([created.data.data.id.uuid]);
    expect(found.data.included[0]).toMatchObject({ type: 'ownListing', id: listing.id });
    expect(found.data.meta).toMatchObject({ totalItems: 1, page: 1 });

    const viaIntegration = await integ().availabilityExceptions.query({ listingId: new IN.UUID(listing.id.uuid), start: dayFromNow(1), end: dayFromNow(10) });
    expect(viaIntegration.data.data).toHaveLength(1);

    const deleted = await client.availabilityExceptions.delete({ id: created.data.data.id });
    expect(deleted.data.data).toEqual({ id: created.data.data.id, type: 'availabilityException' });
    expect((await client.availabilityExceptions.query({ listingId: listing.id, start: dayFromNow(1), end: dayFromNow(10) })).data.data).toEqual([]);

    const events = await integ().events.query({ eventTypes: 'availabilityException/created,availabilityException/deleted' });
    const mine = events.data.data.filter((e: any) => e.attributes.resourceId.uuid === created.data.data.id.uuid);
    expect(mine.map((e: any) => e.attributes.eventType)).toEqual(['availabilityException/created', 'availabilityException/deleted']);
    expect(mine[0].attributes.resource.attributes.seats).toBe(0);
    expect(mine[1].attributes.resource).toBeNull();
  });

  it('refuses overlapping exceptions, bad times, other users and unknown ids with the right codes', async () => {
    const { client } = await member();
    const other = await member();
    const listing = await listingWith(client, null);
    const start = dayFromNow(2);
    await client.availabilityExceptions.create({ listingId: listing.id, start, end: dayFromNow(4), seats: 3 });
    expect(await codeOf(client.availabilityExceptions.create({ listingId: listing.id, start: dayFromNow(3), end: dayFromNow(5), seats: 1 }))).toMatchObject({ status: 409, code: 'availability-exception-overlap' });
    expect(await codeOf(client.availabilityExceptions.create({ listingId: listing.id, start: new Date(start.getTime() + 60_000), end: dayFromNow(6), seats: 1 }))).toMatchObject({ status: 400, code: 'validation-invalid-value', path: ['start'] });
    expect(await codeOf(client.availabilityExceptions.create({ listingId: listing.id, start: dayFromNow(7), end: dayFromNow(6), seats: 1 }))).toMatchObject({ status: 400, path: ['end'] });
    expect(await codeOf(client.availabilityExceptions.create({ listingId: listing.id, start: dayFromNow(6), end: dayFromNow(400), seats: 1 }))).toMatchObject({ status: 400, path: ['end'] });
    expect(await codeOf(client.availabilityExceptions.create({ listingId: listing.id, start: dayFromNow(6), end: dayFromNow(7), seats: -1 }))).toMatchObject({ status: 400, path: ['seats'] });
    expect(await codeOf(client.availabilityExceptions.create({ listingId: listing.id, start: dayFromNow(6), end: dayFromNow(7) }))).toMatchObject({ status: 400, code: 'validation-missing-key', path: ['seats'] });
    expect(await codeOf(other.client.availabilityExceptions.create({ listingId: listing.id, start: dayFromNow(6), end: dayFromNow(7), seats: 1 }))).toMatchObject({ status: 403 });
    expect(await codeOf(other.client.availabilityExceptions.query({ listingId: listing.id, start: dayFromNow(1), end: dayFromNow(7) }))).toMatchObject({ status: 403 });
    expect(await codeOf(client.availabilityExceptions.query({ listingId: listing.id, start: dayFromNow(1), end: dayFromNow(100) }))).toMatchObject({ status: 400, path: ['end'] });
    expect(await codeOf(client.availabilityExceptions.delete({ id: listing.id }))).toMatchObject({ status: 404 });
  });

  it('validates availability plans on create and update in both APIs, each problem at its path', async () => {
    const { client, id } = await member();
    const bad = { type: 'availability-plan/time', timezone: 'Europe/Helsinki', entries: [{ dayOfWeek: 'mon', startTime: '12:00', endTime: '10:00', seats: 1 }] };
    expect(await codeOf(client.ownListings.create({ title: 'x', availabilityPlan: bad }))).toMatchObject({ status: 400, code: 'validation-invalid-value', path: ['availabilityPlan', 'entries', '0', 'endTime'] });
    expect(await codeOf(client.ownListings.create({ title: 'x', availabilityPlan: { ...bad, timezone: 'Nowhere/Town' } }))).toMatchObject({ status: 400, path: ['availabilityPlan', 'timezone'] });
    const listing = await listingWith(client, null);
    const overlapping = { ...bad, entries: [{ dayOfWeek: 'mon', startTime: '09:00', endTime: '12:00', seats: 1 }, { dayOfWeek: 'mon', startTime: '11:00', endTime: '00:00', seats: 1 }] };
    expect(await codeOf(client.ownListings.update({ id: listing.id, availabilityPlan: overlapping }))).toMatchObject({ status: 400, path: ['availabilityPlan', 'entries', '1', 'startTime'] });
    expect(await codeOf(client.ownListings.update({ id: listing.id, availabilityPlan: { type: 'availability-plan/day', entries: [{ dayOfWeek: 'someday', seats: -1 }] } }))).toMatchObject({ status: 400, path: ['availabilityPlan', 'entries', '0', 'dayOfWeek'] });
    const wholeDays = { type: 'availability-plan/time', timezone: 'America/New_York', entries: everyDay('00:00', '00:00', 2) };
    const updated = await integ().listings.update({ id: new IN.UUID(listing.id.uuid), availabilityPlan: wholeDays }, { expand: true });
    expect(updated.data.data.attributes.availabilityPlan).toEqual(wholeDays);
    expect(await codeOf(integ().listings.create({ title: 'y', authorId: new IN.UUID(id.uuid), state: 'published', availabilityPlan: { type: 'availability-plan/day', timezone: 'Europe/Helsinki', entries: [] } }))).toMatchObject({ status: 400, path: ['availabilityPlan', 'timezone'] });
  });

  it('keeps each marketplace apart: another marketplace cannot see or change the exceptions', async () => {
    const { client } = await member();
    const listing = await listingWith(client, null);
    await client.availabilityExceptions.create({ listingId: listing.id, start: dayFromNow(2), end: dayFromNow(3), seats: 0 });
    const elsewhere = integrationSdkFor(server.baseUrl, await server.createMarketplace('Other'));
    const seen = await elsewhere.availabilityExceptions.query({ listingId: new IN.UUID(listing.id.uuid), start: dayFromNow(1), end: dayFromNow(5) });
    expect(seen.data.data).toEqual([]);
    expect(await codeOf(elsewhere.availabilityExceptions.create({ listingId: new IN.UUID(listing.id.uuid), start: dayFromNow(5), end: dayFromNow(6), seats: 0 }))).toMatchObject({ status: 409, code: 'listing-not-found' });
  });

  it('answers time slots from the plan, exceptions and held seats, and the Web Template monthly call', async () => {
    const { client } = await member();
    const listing = await listingWith(client, { type: 'availability-plan/time', timezone: 'Etc/UTC', entries: everyDay('10:00', '13:00', 3) });
    const day = dayFromNow(5);
    const at = (h: number) => new Date(day.getTime() + h * HOUR);
    await client.availabilityExceptions.create({ listingId: listing.id, start: at(11), end: at(12), seats: 1 });
    const slots = await client.timeslots.query({ listingId: listing.id, start: day, end: dayFromNow(6) });
    expect(slots.data.data.map((s: any) => [s.attributes.type, s.attributes.start, s.attributes.end, s.attributes.seats])).toEqual([
      ['time-slot/time', at(10), at(11), 3],
      ['time-slot/time', at(11), at(12), 1],
      ['time-slot/time', at(12), at(13), 3],
    ]);
    // With an explicit minimum the stretches are expanded per seat count: 10–13 (1), 10–11 (3), 12–13 (3).
    const expanded = await client.timeslots.query({ listingId: listing.id, start: day, end: dayFromNow(6), intervalDuration: 'P1D', minDurationStartingInInterval: 60 });
    expect(expanded.data.data.map((s: any) => [s.attributes.start, s.attributes.end, s.attributes.seats])).toEqual([
      [at(10), at(13), 1],
      [at(10), at(11), 3],
      [at(12), at(13), 3],
    ]);
    await ledger().reserve(ctx(), { bookingId: '00000000-0000-4000-8000-000000000001', listingId: listing.id.uuid, start: at(10), end: at(11), seats: 2 });
    const booked = await client.timeslots.query({ listingId: listing.id, start: day, end: dayFromNow(6) });
    // 10–11 now has one seat free, like the exception's 11–12: one stretch.
    expect(booked.data.data[0].attributes).toMatchObject({ start: at(10), end: at(12), seats: 1 });
    // The Web Template's monthly call for hourly listings: one slot per day of at least 60 minutes.
    const month = await client.timeslots.query({
      listingId: listing.id, start: dayFromNow(1), end: dayFromNow(32), intervalDuration: 'P1D', intervalAlign: dayFromNow(1), maxPerInterval: 1, minDurationStartingInInterval: 60, perPage: 31, page: 1,
    });
    expect(month.data.data).toHaveLength(31);
    expect(month.data.meta).toMatchObject({ totalItems: 31, perPage: 31 });
    const second = await client.timeslots.query({ listingId: listing.id, start: dayFromNow(1), end: dayFromNow(11), perPage: 4, page: 2 });
    expect(second.data.meta).toMatchObject({ totalItems: 11, totalPages: 3, page: 2, perPage: 4 });
    expect(second.data.data[0].attributes.start).toEqual(new Date(dayFromNow(5).getTime() + 10 * HOUR));
    const anonymous = marketplaceSdk(server.baseUrl, server.marketplace);
    expect((await anonymous.timeslots.query({ listingId: listing.id, start: dayFromNow(1), end: dayFromNow(2) })).data.data).toHaveLength(1);
    expect(await codeOf(client.timeslots.query({ listingId: listing.id, start: dayFromNow(1), end: dayFromNow(100) }))).toMatchObject({ status: 400, path: ['end'] });
    expect(await codeOf(client.timeslots.query({ listingId: listing.id, start: dayFromNow(1), end: dayFromNow(2), perPage: 501 }))).toMatchObject({ status: 400, path: ['perPage'] });
    expect(await codeOf(client.timeslots.query({ start: dayFromNow(1), end: dayFromNow(2) }))).toMatchObject({ status: 400, code: 'validation-missing-key' });
  });

  it('day plans give whole UTC days; a partial exception takes the whole day', async () => {
    const { client } = await member();
    const listing = await listingWith(client, null);
    await client.availabilityExceptions.create({ listingId: listing.id, start: new Date(dayFromNow(3).getTime() + 12 * HOUR), end: new Date(dayFromNow(3).getTime() + 13 * HOUR), seats: 0 });
    const slots = await client.timeslots.query({ listingId: listing.id, start: dayFromNow(2), end: dayFromNow(5) });
    expect(slots.data.data.map((s: any) => [s.attributes.type, s.attributes.start, s.attributes.end])).toEqual([
      ['time-slot/day', dayFromNow(2), dayFromNow(3)],
      ['time-slot/day', dayFromNow(4), dayFromNow(5)],
    ]);
  });

  it('filters listings/query by dates, availability, seats and minDuration, in both APIs', async () => {
    const marketplace = await server.createMarketplace('Search');
    const client = marketplaceSdk(server.baseUrl, marketplace);
    await client.currentUser.create({ email: 'searcher@example.com', password: PASSWORD, firstName: 'S', lastName: 'S' });
    await client.login({ username: 'searcher@example.com', password: PASSWORD });
    const create = async (title: string, availabilityPlan: unknown) => (await client.ownListings.create({ title, availabilityPlan })).data.data.id;
    const mornings = await create('mornings', { type: 'availability-plan/time', timezone: 'Etc/UTC', entries: everyDay('08:00', '12:00', 2) });
    const evenings = await create('evenings', { type: 'availability-plan/time', timezone: 'Etc/UTC', entries: everyDay('18:00', '20:00', 1) });
    const daily = await create('daily', null);
    const blocked = await create('blocked', { type: 'availability-plan/time', timezone: 'Etc/UTC', entries: everyDay('08:00', '12:00', 1) });
    const day = dayFromNow(4);
    const at = (h: number) => new Date(day.getTime() + h * HOUR);
    await client.availabilityExceptions.create({ listingId: blocked, start: at(0), end: at(24), seats: 0 });
    const titles = async (params: Record<string, unknown>, sdk: any = client.listings) => {
      const res = await sdk.query({ start: at(0), end: at(24), ...params });
      return { titles: res.data.data.map((l: any) => l.attributes.title).sort(), meta: res.data.meta };
    };
    const partial = await titles({ availability: 'time-partial' });
    expect(partial.titles).toEqual(['evenings', 'mornings']);
    expect(partial.meta.paginationUnsupported).toBe(true);
    expect(partial.meta.totalItems).toBeUndefined();
    expect((await titles({ availability: 'time-partial', minDuration: 180 })).titles).toEqual(['mornings']);
    expect((await titles({ availability: 'time-partial', seats: 2 })).titles).toEqual(['mornings']);
    expect((await titles({ availability: 'time-full', start: at(9), end: at(11) })).titles).toEqual(['mornings']);
    const days = await titles({ availability: 'day-full' });
    expect(days.titles).toEqual(['daily']);
    expect(days.meta.totalItems).toBe(1);
    expect((await titles({ availability: 'full' })).titles).toEqual(['daily']);
    // A held seat takes the daily listing out for its day, and the exception lets the blocked one back in on another.
    await ledger().reserve(operatorContext(marketplace.marketplaceId, new Date()), { bookingId: '00000000-0000-4000-8000-00000000abcd', listingId: daily.uuid, start: at(10), end: at(11), seats: 1 });
    expect((await titles({ availability: 'day-partial' })).titles).toEqual([]);
    await client.availabilityExceptions.create({ listingId: blocked, start: new Date(day.getTime() + DAY + 20 * HOUR), end: new Date(day.getTime() + DAY + 23 * HOUR), seats: 1 });
    expect((await titles({ availability: 'time-partial', minDuration: 120, start: new Date(day.getTime() + DAY + 19 * HOUR), end: new Date(day.getTime() + 2 * DAY) })).titles).toEqual(['blocked']);
    // The read models rebuilt from the log answer the same.
    const answers = async () => [await titles({ availability: 'time-partial' }), await titles({ availability: 'day-partial' }), await titles({ availability: 'time-partial', minDuration: 120, start: new Date(day.getTime() + DAY + 19 * HOUR), end: new Date(day.getTime() + 2 * DAY) })];
    const before = await answers();
    await rebuildReadModels(server.infra.events, server.infra, ALL_PROJECTIONS);
    expect(await answers()).toEqual(before);
    const integration = integrationSdkFor(server.baseUrl, marketplace);
    expect((await titles({ availability: 'time-partial', start: at(0), end: at(24) }, integration.listings)).titles).toEqual(['evenings', 'mornings']);
    expect(await codeOf(client.listings.query({ start: at(0) }))).toMatchObject({ status: 400, code: 'validation-missing-key', path: ['end'] });
    expect(await codeOf(client.listings.query({ start: at(0), end: dayFromNow(120) }))).toMatchObject({ status: 400, path: ['end'] });
    expect(await codeOf(client.listings.query({ start: dayFromNow(-3), end: at(0) }))).toMatchObject({ status: 400, path: ['start'] });
  });

  it('of 100 concurrent reservations of the last seat exactly one succeeds', async () => {
    const { client } = await member();
    const listing = await listingWith(client, { type: 'availability-plan/day', entries: [{ dayOfWeek: 'mon', seats: 1 }, { dayOfWeek: 'tue', seats: 1 }, { dayOfWeek: 'wed', seats: 1 }, { dayOfWeek: 'thu', seats: 1 }, { dayOfWeek: 'fri', seats: 1 }, { dayOfWeek: 'sat', seats: 1 }, { dayOfWeek: 'sun', seats: 1 }] });
    const booking = (i: number) => ({ bookingId: `00000000-0000-4000-8000-${String(1000 + i).padStart(12, '0')}`, listingId: listing.id.uuid, start: dayFromNow(10), end: dayFromNow(11), seats: 1 });
    expect(await ledger().check(ctx(), booking(0))).toBe(true);
    const results = await Promise.allSettled(Array.from({ length: 100 }, (_, i) => ledger().reserve(ctx(), booking(i))));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const codes = new Set(results.flatMap((r) => (r.status === 'rejected' ? [(r.reason as { code: string }).code] : [])));
    expect([...codes]).toEqual(['transaction-booking-time-not-available']);
    const winner = results.findIndex((r) => r.status === 'fulfilled');
    expect(await ledger().check(ctx(), booking(winner === 0 ? 1 : 0))).toBe(false);
    await ledger().release(ctx(), booking(winner));
    expect(await ledger().check(ctx(), booking(winner === 0 ? 1 : 0))).toBe(true);
  });
});
