import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deploymentProblems, loadConfig } from '../src/config';
import { form, http } from './support/http';
import { failureOf, marketplaceSdk, sharetribeSdk } from './support/sdks';
import { startTestServer, TestServer } from './support/test-server';
import { testEnv } from './support/test-env';

const PASSWORD = 'secret-password';

/** Issue 24, item 6: redirects, client secrets on refresh, metrics and CORS, security headers, the public base URL. */
describe('redirect targets, refresh client secrets, metrics, security headers', () => {
  let server: TestServer;
  let client: any;
  let tokenStore: any;

  beforeAll(async () => {
    server = await startTestServer();
    tokenStore = sharetribeSdk.tokenStore.memoryStore();
    client = marketplaceSdk(server.baseUrl, server.marketplace, { tokenStore });
    await client.currentUser.create({ email: 'sec@example.com', password: PASSWORD, firstName: 'S', lastName: 'H' });
    await client.login({ username: 'sec@example.com', password: PASSWORD });
    await client.stripeAccount.create({ country: 'US', businessProfileURL: 'https://seller.example', bankAccountToken: 'btok_us_verified' });
  });
  afterAll(() => server.close());

  it('account links take absolute http(s) URLs only: 400 at the path otherwise', async () => {
    const link = (urls: Record<string, string>) => client.stripeAccountLinks.create({ failureURL: 'https://shop.example/f', successURL: 'https://shop.example/s', type: 'custom_account_verification', ...urls });
    for (const bad of ['javascript:alert(document.cookie)', '//evil.example/s', '/relative', 'https://shop.example/\r\nSet-Cookie: a=b', 'ftp://shop.example/s', 'https://', 'data:text/html,hi']) {
      for (const key of ['successURL', 'failureURL']) {
        const failure = await failureOf(link({ [key]: bad }));
        expect([bad, key, failure.status, failure.data.errors[0].code, failure.data.errors[0].source?.path]).toEqual([bad, key, 400, 'validation-invalid-value', [key]]);
      }
    }
    const good = await link({ successURL: 'http://localhost:3000/account/payments?ok=1' });
    const visit = await fetch(good.data.data.attributes.url, { redirect: 'manual' });
    expect([visit.status, visit.headers.get('location')]).toEqual([302, 'http://localhost:3000/account/payments?ok=1']);
  });

  it('the refresh grant refuses a wrong client secret (401 invalid_client) and takes none or the right one', async () => {
    const { refresh_token } = tokenStore.getToken();
    const refresh = (extra: Record<string, string>) =>
      http(server.baseUrl, '/v1/auth/token', form({ client_id: server.marketplace.marketplaceClient.clientId, grant_type: 'refresh_token', refresh_token, ...extra }));
    const wrong = await refresh({ client_secret: 'not-the-secret' });
    expect([wrong.status, wrong.body.error]).toEqual([401, 'invalid_client']);
    expect((await refresh({})).status).toBe(200);
    expect((await refresh({ client_secret: server.marketplace.marketplaceClient.clientSecret })).status).toBe(200);
  });

  it('serves /metrics without CORS; the data APIs keep theirs', async () => {
    const origin = { origin: 'https://evil.example' };
    const metrics = await fetch(`${server.baseUrl}/metrics`, { headers: origin });
    expect(metrics.status).toBe(200);
    expect(metrics.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await fetch(`${server.baseUrl}/metrics`, { method: 'OPTIONS', headers: { ...origin, 'access-control-request-method': 'GET' } });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const api = await fetch(`${server.baseUrl}/v1/api/marketplace/show`, { headers: origin });
    expect(api.headers.get('access-control-allow-origin')).toBe('https://evil.example');
  });

  it('sends nosniff and no-framing headers on every page, script and answer', async () => {
    const mp = server.marketplace.marketplaceId;
    for (const [path, type] of [
      ['/v1/emulator/stripe/v3/', 'application/javascript'],
      [`/v1/emulator/connect/onboarding/${mp}/acct_x/link_x`, 'text/html'],
      ['/v1/api/marketplace/show', 'application/json'],
      ['/v1/nowhere', 'application/json'],
      ['/health/live', ''],
    ]) {
      const res = await fetch(`${server.baseUrl}${path}`, { redirect: 'manual' });
      expect([path, res.headers.get('content-type') ?? '']).toEqual([path, expect.stringContaining(type)]);
      expect([path, res.headers.get('x-content-type-options'), res.headers.get('x-frame-options'), res.headers.get('content-security-policy')]).toEqual([
        path,
        'nosniff',
        'DENY',
        "frame-ancestors 'none'",
      ]);
    }
  });

  it('needs PUBLIC_BASE_URL with a production store, and the compose file publishes the app on loopback only', () => {
    const problems = (env: Record<string, string>) => deploymentProblems(loadConfig(testEnv(env), { tokenSecret: 'x', dataDir: '/tmp/unused' }), testEnv(env));
    const secret = { TOKEN_SECRET: 'a-long-random-value-a-long-random-value' };
    expect(problems({ EVENTSTORE_URL: 'kurrentdb://kurrentdb:2113?tls=false', ...secret })).toEqual([expect.stringContaining('PUBLIC_BASE_URL')]);
    expect(problems({ ELASTICSEARCH_URL: 'http://es:9200' })).toHaveLength(1);
    expect(problems({ ELASTICSEARCH_URL: 'http://es:9200', PUBLIC_BASE_URL: 'https://api.example.com' })).toEqual([]);
    expect(problems({})).toEqual([]);
    // A shared store (several instances) needs one signing key for all of them.
    expect(problems({ DATABASE_URL: 'postgres://db/marketplace', PUBLIC_BASE_URL: 'https://api.example.com' })).toEqual([expect.stringContaining('TOKEN_SECRET must be set')]);
    expect(problems({ EVENTSTORE_URL: 'kurrentdb://kurrentdb:2113?tls=false', PUBLIC_BASE_URL: 'https://api.example.com' })).toEqual([expect.stringContaining('TOKEN_SECRET must be set')]);
    expect(problems({ DATABASE_URL: 'postgres://db/marketplace', PUBLIC_BASE_URL: 'https://api.example.com', ...secret })).toEqual([]);
    expect(problems({ WORKER_LEASES: 'off' })).toEqual([expect.stringContaining('WORKER_LEASES must be "store"')]);
    const compose = readFileSync(join(__dirname, '../docker-compose.yml'), 'utf8');
    expect(compose).toContain('"${APP_PORT:-127.0.0.1:3300}:3300"');
    expect(compose).toContain('PUBLIC_BASE_URL: ${PUBLIC_BASE_URL:-http://localhost:3300}');
    expect(compose).toContain('TOKEN_SECRET: ${TOKEN_SECRET:?');
    expect(compose).not.toMatch(/^\s*- "3300:3300"/m);
  });
});
