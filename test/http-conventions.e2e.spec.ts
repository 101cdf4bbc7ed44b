import { bearer, form, http } from './support/http';
import { startTestServer, TestServer } from './support/test-server';

describe('HTTP conventions and the Authentication API', () => {
  let server: TestServer;
  let anonymous: string;
  let integration: { access_token: string; refresh_token: string };
  const call = (path: string, init?: Parameters<typeof http>[2]) => http(server.baseUrl, path, init);
  const token = (fields: Record<string, string>) => call('/v1/auth/token', form(fields));

  beforeAll(async () => {
    server = await startTestServer();
    const { marketplaceClient, integrationClient } = server.marketplace;
    anonymous = (await token({ client_id: marketplaceClient.clientId, grant_type: 'client_credentials', scope: 'public-read' })).body.access_token;
    integration = (
      await token({ client_id: integrationClient.clientId, client_secret: integrationClient.clientSecret, grant_type: 'client_credentials', scope: 'integ' })
    ).body;
  });
  afterAll(() => server.close());

  describe('formats', () => {
    it('answers plain JSON when asked for JSON, Transit by default for Transit clients, verbose on request', async () => {
      const json = await call('/v1/api/marketplace/show', { headers: bearer(anonymous, { accept: 'application/json' }) });
      expect(json.headers.get('content-type')).toBe('application/json;charset=UTF-8');
      expect(json.body.data).toEqual({ id: server.marketplace.marketplaceId, type: 'marketplace', attributes: { name: 'Test marketplace', description: null } });
      const transit = await call('/v1/api/marketplace/show', { headers: bearer(anonymous, { accept: 'application/transit+json' }) });
      expect(transit.headers.get('content-type')).toBe('application/transit+json;charset=UTF-8');
      expect(transit.text).toContain('"~:marketplace"');
      const verbose = await call('/v1/api/marketplace/show', { headers: bearer(anonymous, { accept: 'application/transit+json', 'x-transit-verbose': 'true' }) });
      expect(verbose.text.startsWith('{')).toBe(true);
    });

    it('answers unknown routes with 404 in the request format', async () => {
      const res = await call('/v1/api/nothing/here', { headers: { accept: 'application/transit+json' } });
      expect(res.status).toBe(404);
      expect(res.body.errors[0]).toMatchObject({ status: 404, code: 'not-found' });
    });

    it('rejects unsupported content types and malformed bodies with 4xx, never 500', async () => {
      const text = await call('/v1/api/current_user/create', { method: 'POST', headers: bearer(anonymous, { 'content-type': 'text/plain', accept: 'application/json' }), body: 'x' });
      expect(text.status).toBe(415);
      expect(text.body.errors[0].code).toBe('unsupported-content-type');
      const broken = await call('/v1/api/current_user/create', { method: 'POST', headers: bearer(anonymous, { 'content-type': 'application/transit+json', accept: 'application/json' }), body: '["^ ",' });
      expect(broken.status).toBe(400);
      const notAMap = await call('/v1/api/current_user/create', { method: 'POST', headers: bearer(anonymous, { accept: 'application/json' }), transit: [1, 2] });
      expect(notAMap.status).toBe(400);
      expect(notAMap.body.errors[0].code).toBe('validation-invalid-params');
      const json = await call('/v1/api/current_user/create', {
        method: 'POST',
        headers: bearer(anonymous, { 'content-type': 'application/json', accept: 'application/json' }),
        body: JSON.stringify({ email: 'json@example.com', password: 'secret-password', firstName: 'J', lastName: 'S' }),
      });
      expect(json.status).toBe(200);
      expect(json.body.data.type).toBe('currentUser');
    });

    it('answers CORS preflights for the SDK headers', async () => {
      const res = await fetch(`${server.baseUrl}/v1/api/current_user/show`, {
        method: 'OPTIONS',
        headers: { origin: 'https://shop.example.com', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type,x-transit-verbose' },
      });
      expect(res.status).toBeLessThan(300);
      expect(res.headers.get('access-control-allow-origin')).toBe('https://shop.example.com');
      expect(res.headers.get('access-control-allow-headers')).toContain('x-transit-verbose');
      const simple = await fetch(`${server.baseUrl}/v1/auth/token`, { ...form({}), headers: { ...form({}).headers, origin: 'https://shop.example.com' } });
      expect(simple.headers.get('access-control-allow-origin')).toBe('https://shop.example.com');
    });
  });

  describe('tokens and scopes', () => {
    it('401 for a missing, malformed or expired token; 403 for the wrong scope', async () => {
      expect((await call('/v1/api/marketplace/show')).body.errors[0]).toMatchObject({ status: 401, code: 'auth-missing-access-token' });
      expect((await call('/v1/api/marketplace/show', { headers: bearer('garbage') })).status).toBe(401);
      expect((await call('/v1/integration_api/marketplace/show', { headers: bearer(anonymous) })).body.errors[0]).toMatchObject({ status: 403, code: 'forbidden' });
      expect((await call('/v1/api/marketplace/show', { headers: bearer(integration.access_token) })).body.errors[0]).toMatchObject({ status: 403, code: 'forbidden' });
      const before = server.clock.now();
      server.clock.advance(3601 * 1000);
      try {
        expect((await call('/v1/api/marketplace/show', { headers: bearer(anonymous) })).body.errors[0]).toMatchObject({ status: 401 });
      } finally {
        server.clock.set(before);
      }
    });

    it('issues integration tokens with a refresh token that refreshes with the client id alone', async () => {
      expect(integration).toMatchObject({ token_type: 'bearer', scope: 'integ', expires_in: 3600 });
      const refreshed = await token({ client_id: server.marketplace.integrationClient.clientId, grant_type: 'refresh_token', refresh_token: integration.refresh_token });
      expect(refreshed.status).toBe(200);
      expect(refreshed.body.scope).toBe('integ');
    });

    it('answers malformed token requests with 400 and bad credentials with 401', async () => {
      const missing = await token({ client_id: server.marketplace.marketplaceClient.clientId });
      expect(missing.status).toBe(400);
      expect(missing.body).toMatchObject({ error: 'invalid_request', errors: [{ code: 'validation-missing-key', source: { path: ['grant_type'] } }] });
      expect((await token({ client_id: server.marketplace.marketplaceClient.clientId, grant_type: 'magic' })).body.error).toBe('unsupported_grant_type');
      expect((await token({ client_id: '00000000-0000-4000-8000-000000000000', grant_type: 'client_credentials', scope: 'public-read' })).status).toBe(401);
      const wrongSecret = await token({ client_id: server.marketplace.integrationClient.clientId, client_secret: 'nope', grant_type: 'client_credentials', scope: 'integ' });
      expect(wrongSecret.status).toBe(401);
      expect((await token({ client_id: server.marketplace.marketplaceClient.clientId, grant_type: 'refresh_token', refresh_token: 'x.y.z' })).status).toBe(401);
      const wrongScope = await token({ client_id: server.marketplace.marketplaceClient.clientId, grant_type: 'client_credentials', scope: 'integ' });
      expect(wrongScope.status).toBe(400);
    });

    it('revokes a refresh token: revoke answers revoked: true and the token stops refreshing', async () => {
      const { integrationClient } = server.marketplace;
      const session = (await token({ client_id: integrationClient.clientId, client_secret: integrationClient.clientSecret, grant_type: 'client_credentials', scope: 'integ' })).body;
      const revoke = await call('/v1/auth/revoke', { ...form({ token: session.refresh_token }), headers: { ...form({}).headers, authorization: `Bearer ${session.access_token}` } });
      expect(revoke.body).toEqual({ revoked: true });
      expect((await token({ client_id: integrationClient.clientId, grant_type: 'refresh_token', refresh_token: session.refresh_token })).status).toBe(401);
      expect((await call('/v1/auth/revoke', form({ token: 'unknown' }))).body).toEqual({ revoked: true });
    });

    it('shows token details', async () => {
      const details = await call('/v1/auth/token', { headers: bearer(integration.access_token) });
      expect(details.body).toMatchObject({ 'client-id': server.marketplace.integrationClient.clientId, scope: 'integ', 'marketplace-id': server.marketplace.marketplaceId });
      expect(typeof details.body.exp).toBe('number');
      expect((await call('/v1/auth/token')).status).toBe(401);
    });
  });

  describe('events/query parameters', () => {
    it('validates its parameters', async () => {
      const q = (query: string) => call(`/v1/integration_api/events/query?${query}`, { headers: bearer(integration.access_token, { accept: 'application/json' }) });
      expect((await q('createdAtStart=yesterday')).body.errors[0].source).toEqual({ path: ['createdAtStart'], type: 'query' });
      expect((await q('startAfterSequenceId=1&createdAtStart=2026-01-01T00:00:00.000Z')).status).toBe(400);
      expect((await q('eventTypes=user/created;drop')).status).toBe(400);
      expect((await q('unknown=1')).body.errors[0]).toMatchObject({ code: 'validation-disallowed-key', source: { path: ['unknown'] } });
      const ok = await q('eventTypes=user&createdAtStart=2020-01-01T00:00:00.000Z');
      expect(ok.status).toBe(200);
      expect(ok.body.meta).toMatchObject({ perPage: 100, paginationUnsupported: true });
    });
  });
});
