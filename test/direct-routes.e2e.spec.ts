import type { ExecutionContext } from '@nestjs/common';
import { ApiGuard } from '../src/http/api.guard';
import { ENDPOINT } from '../src/http/endpoint.decorators';
import { http } from './support/http';
import { failureOf, integrationSdkFor, marketplaceSdk } from './support/sdks';
import { startTestServer, TestServer } from './support/test-server';

/**
 * Endpoints whose handlers take only @Api() are answered by Fastify without Nest's router (src/http/direct-routes.ts):
 * they must answer exactly as before, errors included, and Nest's guard must not run for them.
 */
describe('data-API endpoints answered by Fastify directly', () => {
  let server: TestServer;
  let guardRuns: jest.SpyInstance;

  beforeAll(async () => {
    server = await startTestServer();
  });
  beforeEach(() => {
    guardRuns = jest.spyOn(ApiGuard.prototype, 'canActivate');
  });
  afterEach(() => guardRuns.mockRestore());
  /** The data-API handlers Nest's guard ran for (it runs for the Authentication API's routes too, which declare no endpoint). */
  const guardedEndpoints = () =>
    guardRuns.mock.calls.map(([context]: [ExecutionContext]) => context.getHandler()).filter((handler) => Reflect.getMetadata(ENDPOINT, handler)).map((handler) => handler.name);
  afterAll(() => server.close());

  it('answers a query and a command through the official SDK without Nest’s guard', async () => {
    const sdk = marketplaceSdk(server.baseUrl, server.marketplace);
    const shown = await sdk.marketplace.show();
    expect(shown.data.data.id.uuid).toBe(server.marketplace.marketplaceId);
    await sdk.currentUser.create({ email: 'direct@example.com', password: 'secret-password', firstName: 'D', lastName: 'R' });
    await sdk.login({ username: 'direct@example.com', password: 'secret-password' });
    const updated = await sdk.currentUser.updateProfile({ bio: 'Answered directly' }, { expand: true });
    expect(updated.data.data.attributes.profile.bio).toBe('Answered directly');
    const integ = integrationSdkFor(server.baseUrl, server.marketplace);
    expect((await integ.marketplace.show()).data.data.id.uuid).toBe(server.marketplace.marketplaceId);
    expect(guardedEndpoints()).toEqual([]);
  });

  it('answers its errors in the request’s format as Nest’s filter does: 401, 403, 400 with source.path', async () => {
    const unauthenticated = await http(server.baseUrl, '/v1/api/marketplace/show', { headers: { accept: 'application/json' } });
    expect(unauthenticated.status).toBe(401);
    expect(unauthenticated.body.errors[0]).toMatchObject({ status: 401, code: 'auth-missing-access-token' });

    const sdk = marketplaceSdk(server.baseUrl, server.marketplace);
    // An anonymous (public-read) token on a user endpoint: the SDK's own Transit, decoded by it.
    const forbidden = await failureOf(sdk.currentUser.updateProfile({ bio: 'x' }));
    expect(forbidden.status).toBe(403);
    expect(forbidden.data.errors[0]).toMatchObject({ status: 403, code: 'forbidden' });

    const badParam = await failureOf(sdk.listings.show({ id: 'not-a-uuid' }));
    expect(badParam.status).toBe(400);
    expect(badParam.data.errors[0]).toMatchObject({ status: 400, source: { path: ['id'] } });
    expect(guardedEndpoints()).toEqual([]);
  });

  it('leaves handlers that take more than @Api() (the request, for events/query) to Nest’s router and its guard', async () => {
    const integ = integrationSdkFor(server.baseUrl, server.marketplace);
    await integ.events.query({});
    expect(guardedEndpoints()).toEqual(['query']);
  });
});
