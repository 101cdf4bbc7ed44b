import { ModulesContainer } from '@nestjs/core';
import { declaredRoutes } from '../src/http/openapi/declared-routes';
import { userAndIntegrationTokens } from './support/api-tokens';
import { bearer, http } from './support/http';
import { startTestServer, TestServer } from './support/test-server';

/**
 * Every data-API endpoint the application declares (ApiQuery/ApiCommand), read from Nest's metadata. Routes outside
 * the two data APIs are not among them on purpose: the asset delivery routes and the file storage routes
 * (`/v1/files/storage/{upload,download}/<token>`, src/files/http/file-storage.routes.ts) take no parameters but a
 * signed token (anything else is 403) and a raw body (any bytes are valid content); test/files.e2e.spec.ts covers them.
 */
const endpointsOf = (server: TestServer) => declaredRoutes(server.app.get(ModulesContainer)).filter((route) => route.spec);

const deep = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

/** The malformed inputs of issue 17, as (query, body) pairs: each must answer 4xx in the envelope and append nothing. */
const CASES: Array<{ name: string; query?: string; body?: string; onlyFor?: 'POST' }> = [
  { name: 'JSON nested 3,000 deep', body: `{"title":${deep(3000)}}`, onlyFor: 'POST' },
  { name: 'lat/lng null', body: JSON.stringify({ geolocation: { lat: null, lng: null } }), onlyFor: 'POST' },
  { name: 'NUL in a string', body: JSON.stringify({ title: 'a\u0000b', firstName: 'a\u0000b', bio: 'a\u0000b' }), onlyFor: 'POST' },
  { name: 'lone surrogate', body: '{"title":"a\\ud800b","firstName":"\\udc00","bio":"x\\ud800"}', onlyFor: 'POST' },
  { name: '__proto__ in the body', body: '{"__proto__":{"polluted":true}}', onlyFor: 'POST' },
  { name: 'an identity provider named by an Object.prototype member', body: JSON.stringify({ idpId: 'valueOf', idpClientId: 'c', idpToken: 't' }), onlyFor: 'POST' },
  { name: 'query __proto__', query: '__proto__=1' },
  { name: 'query constructor', query: 'constructor=1' },
  { name: 'query toString', query: 'toString=1' },
  { name: 'impossible timestamp', query: 'createdAtStart=2020-13-45' },
  { name: 'year 0', query: 'createdAtStart=0000-01-01T00:00:00Z' },
];

describe('fuzz: malformed input to every endpoint', () => {
  let server: TestServer;
  let userToken: string;
  let integToken: string;

  beforeAll(async () => {
    server = await startTestServer();
    ({ userToken, integToken } = await userAndIntegrationTokens(server, 'fuzz@example.com'));
  });
  afterAll(() => server.close());

  it('finds the endpoints of both data APIs', () => {
    const endpoints = endpointsOf(server);
    expect(endpoints.length).toBeGreaterThan(40);
    expect(endpoints.some((e) => e.path === '/v1/integration_api/listings/create' && e.method === 'POST')).toBe(true);
    for (const path of ['/v1/api/own_files/create', '/v1/api/file_uploads/create', '/v1/api/own_file_downloads/create', '/v1/integration_api/files/create'])
      expect(endpoints.some((e) => e.path === path && e.method === 'POST')).toBe(true);
    expect(endpoints.some((e) => e.path.startsWith('/v1/files/storage/'))).toBe(false);
  });

  it('answers every case on every endpoint with a 4xx in the envelope, and appends no event', async () => {
    const head = await server.infra.events.headPosition();
    const failures: string[] = [];
    for (const endpoint of endpointsOf(server)) {
      const token = endpoint.path.startsWith('/v1/integration_api/') ? integToken : userToken;
      for (const c of CASES) {
        if (c.onlyFor && c.onlyFor !== endpoint.method) continue;
        const body = endpoint.method === 'POST' ? (c.body ?? '{}') : undefined;
        const res = await http(server.baseUrl, `${endpoint.path}${c.query ? `?${c.query}` : ''}`, {
          method: endpoint.method,
          headers: bearer(token, { accept: 'application/json', ...(body !== undefined ? { 'content-type': 'application/json' } : {}) }),
          body,
        });
        const item = res.body?.errors?.[0];
        if (res.status < 400 || res.status >= 500 || item?.status !== res.status || typeof item?.code !== 'string')
          failures.push(`${endpoint.method} ${endpoint.path} [${c.name}]: ${res.status} ${res.text.slice(0, 160)}`);
      }
    }
    await server.idle();
    expect(failures).toEqual([]);
    expect(await server.infra.events.headPosition()).toBe(head);
  });
});
