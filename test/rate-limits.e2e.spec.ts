import { parseRateLimits } from '../src/http/rate-limits';
import { bearer, form, http } from './support/http';
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
});
