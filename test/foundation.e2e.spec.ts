import { failureOf, integrationSdk, integrationSdkFor, marketplaceSdk, sharetribeSdk, trustedMarketplaceSdk } from './support/sdks';
import { startTestServer, TestServer } from './support/test-server';

const { UUID } = sharetribeSdk.types;

describe('the official SDKs against the server (Transit end to end)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const newSdk = () => marketplaceSdk(server.baseUrl, server.marketplace);
  const signUp = async (sdk: any, email: string) =>
    sdk.currentUser.create(
      { email, password: 'secret-password', firstName: 'Jane', lastName: 'Doe', publicData: { age: 30, 'key-with-dash': 1 }, privateData: { note: '~tilde' } },
      { expand: true },
    );

  it('serves marketplace/show to an anonymous SDK', async () => {
    const res = await newSdk().marketplace.show();
    expect(res.status).toBe(200);
    expect(res.data.data.id).toBeInstanceOf(UUID);
    expect(res.data.data.id.uuid).toBe(server.marketplace.marketplaceId);
    expect(res.data.data.type).toBe('marketplace');
    expect(res.data.data.attributes).toEqual({ name: 'Test marketplace', description: null });
  });

  it('signs up, logs in, shows and updates the current user, and logs out', async () => {
    const sdk = newSdk();
    const created = await signUp(sdk, 'jane@example.com');
    expect(created.data.data.type).toBe('currentUser');
    const attrs = created.data.data.attributes;
    expect(attrs.email).toBe('jane@example.com');
    expect(attrs.createdAt).toBeInstanceOf(Date);
    expect(attrs.profile).toMatchObject({ displayName: 'Jane D', abbreviatedName: 'JD', publicData: { age: 30, 'key-with-dash': 1 }, privateData: { note: '~tilde' } });

    await sdk.login({ username: 'JANE@example.com', password: 'secret-password' });
    expect((await sdk.authInfo()).isAnonymous).toBe(false);
    const me = await sdk.currentUser.show({ include: ['effectivePermissionSet', 'marketplace'] });
    expect(me.data.data.id.uuid).toBe(created.data.data.id.uuid);
    expect(me.data.data.relationships.effectivePermissionSet.data.type).toBe('permissionSet');
    expect(me.data.included.map((r: any) => r.type).sort()).toEqual(['marketplace', 'permissionSet']);

    const updated = await sdk.currentUser.updateProfile({ displayName: 'JD', publicData: { age: null, city: 'Helsinki' } }, { expand: true });
    expect(updated.data.data.attributes.profile.displayName).toBe('JD');
    expect(updated.data.data.attributes.profile.publicData).toEqual({ 'key-with-dash': 1, city: 'Helsinki' });
    const reference = await sdk.currentUser.updateProfile({ bio: 'Hello' });
    expect(reference.data.data.attributes).toBeUndefined();

    await sdk.logout();
    expect((await sdk.authInfo()).isAnonymous).toBeUndefined();
    const anonymous = await failureOf(sdk.currentUser.show());
    expect(anonymous.data.errors[0]).toMatchObject({ status: 403, code: 'forbidden' });
  });

  it('answers a wrong password with 401 Unauthorized and an email taken with 409 email-taken', async () => {
    const sdk = newSdk();
    await signUp(sdk, 'taken@example.com');
    const login = await failureOf(sdk.login({ username: 'taken@example.com', password: 'wrong-password' }));
    expect(login.status).toBe(401);
    expect(login.statusText).toBe('Unauthorized');
    const again = await failureOf(signUp(sdk, 'TAKEN@example.com'));
    expect(again.status).toBe(409);
    expect(again.data.errors[0].code).toBe('email-taken');
  });

  it('refreshes an expired access token on the 401 and keeps the user logged in', async () => {
    const sdk = newSdk();
    await signUp(sdk, 'refresh@example.com');
    await sdk.login({ username: 'refresh@example.com', password: 'secret-password' });
    const before = server.clock.now();
    server.clock.advance(2 * 3600 * 1000);
    try {
      const me = await sdk.currentUser.show();
      expect(me.data.data.attributes.email).toBe('refresh@example.com');
      expect((await sdk.authInfo()).scopes).toEqual(['user']);
    } finally {
      server.clock.set(before);
    }
  });

  it('exchanges a user token for a trusted:user token with the client secret', async () => {
    const tokenStore = sharetribeSdk.tokenStore.memoryStore();
    const sdk = marketplaceSdk(server.baseUrl, server.marketplace, { tokenStore });
    await signUp(sdk, 'trusted@example.com');
    await sdk.login({ username: 'trusted@example.com', password: 'secret-password' });
    const trusted = trustedMarketplaceSdk(server.baseUrl, server.marketplace, tokenStore);
    const res = await trusted.exchangeToken();
    expect(res.data).toMatchObject({ token_type: 'bearer', scope: 'trusted:user' });
    const trustedStore = sharetribeSdk.tokenStore.memoryStore();
    trustedStore.setToken(res.data);
    const trustedSdk = marketplaceSdk(server.baseUrl, server.marketplace, { tokenStore: trustedStore });
    expect((await trustedSdk.authInfo()).scopes).toEqual(['trusted:user']);
    const me = await trustedSdk.currentUser.show();
    expect(me.data.data.attributes.email).toBe('trusted@example.com');
    const wrongSecret = await failureOf(
      sharetribeSdk.createInstance({ clientId: server.marketplace.marketplaceClient.clientId, clientSecret: 'wrong', baseUrl: server.baseUrl, tokenStore }).exchangeToken(),
    );
    expect(wrongSecret.status).toBe(401);
  });

  it('lets the Integration SDK read users by id and email and poll events/query', async () => {
    const sdk = newSdk();
    const created = await signUp(sdk, 'integ@example.com');
    const userId = new integrationSdk.types.UUID(created.data.data.id.uuid);
    const integ = integrationSdkFor(server.baseUrl, server.marketplace);
    const byId = await integ.users.show({ id: userId });
    expect(byId.data.data.attributes.email).toBe('integ@example.com');
    expect(byId.data.data.attributes.profile.privateData).toEqual({ note: '~tilde' });
    const byEmail = await integ.users.show({ email: 'INTEG@example.com' });
    expect(byEmail.data.data.id.uuid).toBe(userId.uuid);

    const events = await integ.events.query({ resourceId: userId });
    expect(events.data.data).toHaveLength(1);
    const event = events.data.data[0].attributes;
    expect(event).toMatchObject({ eventType: 'user/created', resourceType: 'user', source: 'source/marketplace-api' });
    expect(event.resourceId.uuid).toBe(userId.uuid);
    expect(event.auditData.clientId.uuid).toBe(server.marketplace.marketplaceClient.clientId);
    expect(event.resource.attributes.email).toBe('integ@example.com');
    expect(typeof event.sequenceId).toBe('number');

    await integ.users.updateProfile({ id: userId, metadata: { level: 3 } });
    const after = await integ.events.query({ startAfterSequenceId: event.sequenceId, resourceId: userId });
    expect(after.data.data).toHaveLength(1);
    expect(after.data.data[0].attributes).toMatchObject({
      eventType: 'user/updated',
      source: 'source/integration-api',
      previousValues: { attributes: { profile: { metadata: { level: null } } } },
    });
    expect(after.data.data[0].attributes.sequenceId).toBeGreaterThan(event.sequenceId);
  });

  it('answers bad input with 400 and the offending parameter, never a 500', async () => {
    const sdk = newSdk();
    const missing = await failureOf(sdk.currentUser.create({ email: 'x@example.com', password: 'secret-password', firstName: 'X' }));
    expect(missing.status).toBe(400);
    expect(missing.data.errors[0]).toMatchObject({ code: 'validation-missing-key', source: { path: ['lastName'], type: 'body' } });
    const disallowed = await failureOf(
      sdk.currentUser.create({ email: 'x@example.com', password: 'secret-password', firstName: 'X', lastName: 'Y', metadata: {} }),
    );
    expect(disallowed.data.errors[0]).toMatchObject({ code: 'validation-disallowed-key', source: { path: ['metadata'] } });
    const invalid = await failureOf(sdk.users.show({ id: 'not-a-uuid' }));
    expect(invalid.data.errors[0]).toMatchObject({ status: 400, code: 'validation-invalid-value', source: { path: ['id'], type: 'query' } });
    const unknown = await failureOf(sdk.users.show({ id: new UUID('6e1b4b2e-0000-4000-8000-000000000000') }));
    expect(unknown.status).toBe(404);
    const integ = integrationSdkFor(server.baseUrl, server.marketplace);
    const badSeq = await failureOf(integ.events.query({ startAfterSequenceId: 'abc' }));
    expect(badSeq.data.errors[0]).toMatchObject({ code: 'validation-invalid-value', source: { path: ['startAfterSequenceId'] } });
  });
});
