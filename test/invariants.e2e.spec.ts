import { ALL_PROJECTIONS } from '../projections/registry';
import { rebuildReadModels } from '../projections/projection-engine';
import { failureOf, integrationSdk, integrationSdkFor, marketplaceSdk } from './support/sdks';
import { startTestServer, TestServer } from './support/test-server';

/** The invariants of shared/design.md that users rely on, each shown through the real server. */
describe('the invariants of docs/invariants.md', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const signUp = (email: string) =>
    marketplaceSdk(server.baseUrl, server.marketplace).currentUser.create({ email, password: 'secret-password', firstName: 'A', lastName: 'B' });

  it('1: a command answers after its events are appended, and the next read sees them', async () => {
    const sdk = marketplaceSdk(server.baseUrl, server.marketplace);
    await sdk.currentUser.create({ email: 'read-after@example.com', password: 'secret-password', firstName: 'A', lastName: 'B' });
    await sdk.login({ username: 'read-after@example.com', password: 'secret-password' });
    for (let i = 0; i < 5; i += 1) {
      await sdk.currentUser.updateProfile({ publicData: { counter: i } });
      expect((await sdk.currentUser.show()).data.data.attributes.profile.publicData.counter).toBe(i);
    }
  });

  it('2: of 50 concurrent sign-ups with one email exactly one succeeds, the others get email-taken', async () => {
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => signUp('race@example.com')));
    const ok = results.filter((r) => r.status === 'fulfilled');
    const codes = results.flatMap((r) => (r.status === 'rejected' ? [(r.reason as any).data.errors[0].code] : []));
    expect(ok).toHaveLength(1);
    expect(new Set(codes)).toEqual(new Set(['email-taken']));
    const integ = integrationSdkFor(server.baseUrl, server.marketplace);
    const events = await integ.events.query({ eventTypes: 'user/created' });
    expect(events.data.data.filter((e: any) => e.attributes.resource.attributes.email === 'race@example.com')).toHaveLength(1);
  });

  it('2: concurrent profile updates of different keys on one user lose no key', async () => {
    const sdk = marketplaceSdk(server.baseUrl, server.marketplace);
    await sdk.currentUser.create({ email: 'parallel@example.com', password: 'secret-password', firstName: 'A', lastName: 'B' });
    await sdk.login({ username: 'parallel@example.com', password: 'secret-password' });
    await Promise.all(Array.from({ length: 20 }, (_, i) => sdk.currentUser.updateProfile({ publicData: { [`key${i}`]: i } })));
    const publicData = (await sdk.currentUser.show()).data.data.attributes.profile.publicData;
    expect(Object.keys(publicData).sort()).toEqual(Array.from({ length: 20 }, (_, i) => `key${i}`).sort());
  });

  it('4: a second marketplace never sees, queries or logs in as the first one\'s users', async () => {
    const created = await signUp('tenant@example.com');
    const userId = created.data.data.id.uuid;
    const other = await server.createMarketplace('Other marketplace');
    const otherSdk = marketplaceSdk(server.baseUrl, other);
    expect((await failureOf(otherSdk.users.show({ id: created.data.data.id }))).status).toBe(404);
    expect((await failureOf(otherSdk.login({ username: 'tenant@example.com', password: 'secret-password' }))).status).toBe(401);
    const otherInteg = integrationSdkFor(server.baseUrl, other);
    expect((await failureOf(otherInteg.users.show({ email: 'tenant@example.com' }))).status).toBe(404);
    expect((await failureOf(otherInteg.users.show({ id: new integrationSdk.types.UUID(userId) }))).status).toBe(404);
    expect((await otherInteg.events.query({})).data.data).toEqual([]);
    expect((await otherInteg.events.query({ resourceId: new integrationSdk.types.UUID(userId) })).data.data).toEqual([]);
    // The same email is free in the other marketplace.
    await otherSdk.currentUser.create({ email: 'tenant@example.com', password: 'secret-password', firstName: 'C', lastName: 'D' });
  });

  it('5 and 6: dropping and rebuilding every read model from the log gives the same answers and leaves the log as it was', async () => {
    const integ = integrationSdkFor(server.baseUrl, server.marketplace);
    const created = await signUp('replay@example.com');
    const id = new integrationSdk.types.UUID(created.data.data.id.uuid);
    await integ.users.updateProfile({ id, metadata: { tier: 'gold' } });
    const before = (await integ.users.show({ id })).data;
    const byEmail = (await integ.users.show({ email: 'replay@example.com' })).data;
    const market = (await marketplaceSdk(server.baseUrl, server.marketplace).marketplace.show()).data;
    const logBefore = await server.infra.events.readAll({ limit: 100_000 });

    const result = await rebuildReadModels(server.infra.events, server.infra, ALL_PROJECTIONS);
    expect(result.events).toBe(logBefore.length);

    expect((await integ.users.show({ id })).data).toEqual(before);
    expect((await integ.users.show({ email: 'replay@example.com' })).data).toEqual(byEmail);
    expect((await marketplaceSdk(server.baseUrl, server.marketplace).marketplace.show()).data).toEqual(market);
    expect(await server.infra.events.readAll({ limit: 100_000 })).toEqual(logBefore);
  });

  describe('2 and 3 with decisions that interleave between their reads and their appends', () => {
    const race = async (checkRevisions: boolean) => {
      // A read waits (up to 100 ms) for another decision on the same stream, so two requests decide on one revision.
      const racing = await startTestServer({}, { interleaving: { checkRevisions, delayMs: 100 } });
      try {
        const sdk = marketplaceSdk(racing.baseUrl, racing.marketplace);
        const signUps = await Promise.allSettled(
          Array.from({ length: 50 }, () => sdk.currentUser.create({ email: 'race@example.com', password: 'secret-password', firstName: 'A', lastName: 'B' })),
        );
        const created = (await racing.infra.events.readAll({ limit: 100_000 })).filter((e) => e.type === 'user/created');
        await sdk.currentUser.create({ email: 'parallel@example.com', password: 'secret-password', firstName: 'A', lastName: 'B' });
        await sdk.login({ username: 'parallel@example.com', password: 'secret-password' });
        const updates = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => sdk.currentUser.updateProfile({ publicData: { [`key${i}`]: i } })));
        const publicData = (await sdk.currentUser.show()).data.data.attributes.profile.publicData;
        return { signUps, created, updates, keys: Object.keys(publicData) };
      } finally {
        await racing.close();
      }
    };
    const codesOf = (results: PromiseSettledResult<unknown>[]) =>
      new Set(results.flatMap((r) => (r.status === 'rejected' ? [(r.reason as any).data.errors[0].code] : [])));

    it('exactly one of 50 sign-ups takes the email; every acknowledged profile update is kept, the others answer 409', async () => {
      const { signUps, created, updates, keys } = await race(true);
      expect(signUps.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect(codesOf(signUps)).toEqual(new Set(['email-taken']));
      expect(created).toHaveLength(1);
      const acknowledged = updates.flatMap((r, i) => (r.status === 'fulfilled' ? [`key${i}`] : []));
      expect(acknowledged.length).toBeGreaterThan(0);
      expect(keys.sort()).toEqual(acknowledged.sort());
      for (const code of codesOf(updates)) expect(code).toBe('conflict');
    });

    it('without expected revisions the same race takes one email twice and loses acknowledged updates (the test above can fail)', async () => {
      const { signUps, created, updates, keys } = await race(false);
      expect(signUps.filter((r) => r.status === 'fulfilled').length).toBeGreaterThan(1);
      expect(created.length).toBeGreaterThan(1);
      expect(keys.length).toBeLessThan(updates.filter((r) => r.status === 'fulfilled').length);
    });
  });
});
