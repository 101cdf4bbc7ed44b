import { request } from 'node:http';
import { parseRateLimits } from '../src/http/rate-limits';
import { bearer, form, http } from './support/http';
import { failureOf, integrationSdkFor } from './support/sdks';
import { startTestServer, TestServer } from './support/test-server';

describe('rate and concurrency limits (RATE_LIMITS)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ rateLimits: { queries: { burst: 3, perSecond: 0.001 }, commands: null, integrationConcurrency: 2 } });
  });
  afterAll(() => server.close());

  it('parses the policy: off by default, the platform dev limits, or explicit buckets', () => {
    expect(parseRateLimits(undefined)).toBeNull();
    expect(parseRateLimits('dev')).toMatchObject({ integrationConcurrency: 10 });
    expect(parseRateLimits('q=10/2,c=5/0.5,concurrency=4')).toEqual({ queries: { burst: 10, perSecond: 2 }, commands: { burst: 5, perSecond: 0.5 }, integrationConcurrency: 4 });
    expect(() => parseRateLimits('q=lots')).toThrow(/RATE_LIMITS/);
  });

  it('answers 429 too-many-requests in the request format once the query bucket is empty', async () => {
    const token = (await http(server.baseUrl, '/v1/auth/token', form({ client_id: server.marketplace.marketplaceClient.clientId, grant_type: 'client_credentials', scope: 'public-read' }))).body.access_token;
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 5; i += 1) {
      last = await http(server.baseUrl, '/v1/api/marketplace/show', { headers: bearer(token, { accept: 'application/transit+json' }) });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect(last!.body.errors[0]).toMatchObject({ status: 429, code: 'too-many-requests' });
    // The Authentication API is not limited: a client can always get a token.
    expect((await http(server.baseUrl, '/v1/auth/token', form({ client_id: server.marketplace.marketplaceClient.clientId, grant_type: 'client_credentials', scope: 'public-read' }))).status).toBe(200);
  });

  describe('the Integration API concurrency limit', () => {
    let limited: TestServer;
    beforeAll(async () => {
      limited = await startTestServer({ rateLimits: { queries: null, commands: null, integrationConcurrency: 2 } });
    });
    afterAll(() => limited.close());

    it('answers 429 with an empty body to an Integration API request beyond the limit in flight, and serves it again after', async () => {
      const integ = integrationSdkFor(limited.baseUrl, limited.marketplace);
      expect((await integ.marketplace.show()).status).toBe(200);
      // Two requests whose bodies have not arrived yet are in flight (the limit counts from their headers).
      const { port } = new URL(limited.baseUrl);
      const pending = [0, 1].map(() => {
        const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/v1/integration_api/users/approve', headers: { 'content-type': 'application/json', 'content-length': '2' } });
        const answered = new Promise<number>((resolve, reject) => {
          req.on('response', (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode!));
          });
          req.on('error', reject);
        });
        req.write('{');
        return { req, answered };
      });
      try {
        await new Promise((resolve) => setTimeout(resolve, 100));
        const refused = await failureOf(integ.marketplace.show());
        expect(refused.status).toBe(429);
        expect(refused.data ?? '').toBe('');
        // The Marketplace API is not under this limit.
        expect((await http(limited.baseUrl, '/v1/api/marketplace/show', {})).status).not.toBe(429);
      } catch (error) {
        for (const { req, answered } of pending) {
          answered.catch(() => undefined);
          req.destroy();
        }
        throw error;
      }
      for (const { req } of pending) req.end('}');
      expect(await Promise.all(pending.map((p) => p.answered))).toEqual([401, 401]);
      expect((await integ.marketplace.show()).status).toBe(200);
    });
  });
});
