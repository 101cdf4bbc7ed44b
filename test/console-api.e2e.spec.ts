import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addOperator, integ, mintToken, quoteRequest, signIn, signUpUser } from './support/console';
import { http } from './support/http';
import { startTestServer, TestServer } from './support/test-server';

/** A stand-in build (index.html and one hashed asset): serving is tested without running Vite. */
const fakeBuild = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'console-fake-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>console</title><script type="module" src="/console/assets/index-abc.js"></script>');
  writeFileSync(join(dir, 'assets', 'index-abc.js'), 'console.log("console")');
  return dir;
};

describe('the console page, the as-of read and ban through an operator token', () => {
  let server: TestServer;
  let build: string;
  let token: string;
  let operatorId: string;
  beforeAll(async () => {
    build = fakeBuild();
    server = await startTestServer({ consoleDir: build });
    operatorId = (await addOperator(server, 'ops@example.com')).id;
    const session = await signIn(server, 'ops@example.com');
    token = (await mintToken(server, session, server.marketplace.marketplaceId)).body.data.accessToken;
  });
  afterAll(async () => {
    await server.close();
    rmSync(build, { recursive: true, force: true });
  });

  it('serves the page at /console with a CSP that allows no inline or foreign script, and its routes with the same page', async () => {
    const bare = await fetch(`${server.baseUrl}/console`, { redirect: 'manual' });
    expect([bare.status, bare.headers.get('location')]).toEqual([302, '/console/']);
    for (const path of ['/console/', '/console/users/1234/show', '/console/login']) {
      const page = await http(server.baseUrl, path);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(page.headers.get('cache-control')).toBe('no-cache');
      expect(page.headers.get('content-security-policy')).toContain("script-src 'self';");
      expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(page.text).toContain('index-abc.js');
    }
    const script = await http(server.baseUrl, '/console/assets/index-abc.js');
    expect([script.status, script.headers.get('content-type'), script.headers.get('cache-control')]).toEqual([200, 'text/javascript; charset=utf-8', 'public, max-age=31536000, immutable']);
  });

  it('answers 404 in the envelope for missing files and paths out of the build folder', async () => {
    for (const path of ['/console/assets/missing.js', '/console/%2e%2e/%2e%2e/package.json', '/console/..%2f..%2fpackage.json']) {
      const res = await http(server.baseUrl, path, { headers: { accept: 'application/json' } });
      expect(res.status).toBe(404);
      expect(res.body.errors[0].code).toBe('not-found');
    }
  });

  it('gives the console session endpoints no CORS: another origin cannot read them', async () => {
    const preflight = await fetch(`${server.baseUrl}/console/api/session`, { method: 'OPTIONS', headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' } });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const read = await fetch(`${server.baseUrl}/console/api/session`, { headers: { origin: 'https://evil.example' } });
    expect(read.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('bans and unbans through x-users with the operator named in the events', async () => {
    const userId = await signUpUser(server, server.marketplace.marketplaceClient.clientId, 'banned@example.com');
    expect((await integ(server, token, 'x-users/ban', { id: userId })).status).toBe(200);
    expect((await integ(server, token, `users/show?id=${userId}`)).body.data.attributes).toMatchObject({ banned: true, state: 'banned' });
    expect((await integ(server, token, 'x-users/unban', { id: userId })).status).toBe(200);
    const events = await integ(server, token, `events/query?resourceId=${userId}&eventTypes=user/updated`);
    expect(events.body.data.map((e: { attributes: { auditData: { adminId: string } } }) => e.attributes.auditData.adminId)).toEqual([operatorId, operatorId]);
    const bad = await integ(server, token, 'x-users/ban', { id: 'nope' });
    expect(bad.body.errors[0]).toMatchObject({ status: 400, code: 'validation-invalid-value', source: { path: ['id'] } });
  });

  it('reads a resource as of a sequenceId from the log, and refuses a point before it existed', async () => {
    const userId = await signUpUser(server, server.marketplace.marketplaceClient.clientId, 'asof@example.com');
    await integ(server, token, 'users/update_profile', { id: userId, metadata: { tier: 'bronze' } });
    await integ(server, token, 'users/update_profile', { id: userId, metadata: { tier: 'gold' } });
    const events = (await integ(server, token, `events/query?resourceId=${userId}`)).body.data.map((e: { attributes: { sequenceId: number } }) => e.attributes.sequenceId);
    expect(events).toHaveLength(3);
    const [created, bronze, gold] = events;
    const asOf = (seq: number) => integ(server, token, `x-events/resource_as_of?resourceId=${userId}&sequenceId=${seq}`);
    expect((await asOf(bronze)).body.data).toMatchObject({ id: userId, type: 'user', attributes: { profile: { metadata: { tier: 'bronze' } } } });
    expect((await asOf(gold - 1)).body.meta).toMatchObject({ lastEventSequenceId: bronze, lastEventType: 'user/updated', eventCount: 2 });
    expect((await asOf(gold + 1000)).body.data.attributes.profile.metadata).toEqual({ tier: 'gold' });
    expect((await asOf(created)).body.data.attributes.profile.metadata).toEqual({});
    expect((await asOf(created - 1)).body.errors[0]).toMatchObject({ status: 404, code: 'not-found' });
    expect((await integ(server, token, `x-events/resource_as_of?resourceId=${userId}&sequenceId=-1`)).body.errors[0].source.path).toEqual(['sequenceId']);
    // Tenancy: another marketplace's token finds nothing of this one's log.
    const other = await server.createMarketplace('Elsewhere');
    const session = await signIn(server, 'ops@example.com');
    const otherToken = (await mintToken(server, session, other.marketplaceId)).body.data.accessToken;
    expect((await integ(server, otherToken, `x-events/resource_as_of?resourceId=${userId}&sequenceId=${gold}`)).status).toBe(404);
  });

  it("lists the operator's transitions from a transaction's current state (none once it has left it)", async () => {
    const { transactionId } = await quoteRequest(server);
    const names = async () => (await integ(server, token, `x-transactions/operator_transitions?id=${transactionId}`)).body.data.map((t: { id: string }) => t.id);
    expect(await names()).toEqual(['transition/operator-reject-request']);
    const listed = (await integ(server, token, `x-transactions/operator_transitions?id=${transactionId}`)).body.data[0].attributes;
    expect(listed).toMatchObject({ from: 'state/quote-requested', to: 'state/request-rejected', processName: 'default-negotiation' });
    expect((await integ(server, token, 'transactions/transition', { id: transactionId, transition: 'transition/operator-reject-request', params: {} })).status).toBe(200);
    expect(await names()).toEqual([]);
    expect((await integ(server, token, 'x-transactions/operator_transitions?id=00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('lists processes with versions and aliases, and shows a version with its EDN and transitions', async () => {
    const processes = (await integ(server, token, 'x-processes/query')).body.data;
    const negotiation = processes.find((p: { id: string }) => p.id === 'default-negotiation');
    expect(negotiation.attributes).toMatchObject({ versions: [expect.objectContaining({ version: 1 })], aliases: { 'release-1': 1 } });
    const shown = (await integ(server, token, 'x-processes/show?name=default-negotiation&version=1')).body.data.attributes;
    expect(shown.edn).toContain(':transition/request-quote');
    expect(shown.transitions).toContainEqual(expect.objectContaining({ name: 'transition/operator-reject-request', actor: 'operator', from: 'state/quote-requested', timed: false }));
    expect((await integ(server, token, 'x-processes/show?name=default-negotiation&version=99')).status).toBe(404);
    expect((await integ(server, token, 'x-processes/show?name=default-negotiation&version=x')).body.errors[0].source.path).toEqual(['version']);
  });

  it('answers 503 with the build command when the console is not built', async () => {
    const bare = await startTestServer({ consoleDir: join(build, 'nowhere') });
    try {
      const res = await http(bare.baseUrl, '/console/', { headers: { accept: 'application/json' } });
      expect(res.status).toBe(503);
      expect(res.body.errors[0].details).toContain('npm run build');
    } finally {
      await bare.close();
    }
  });
});
