import { OperatorAccounts } from '../src/operators/operator-accounts';
import { addOperator, consolePost, integ, mintToken, OPERATOR_PASSWORD, signIn, signUpUser } from './support/console';
import { http } from './support/http';
import { startTestServer, TestServer } from './support/test-server';

describe('console operators: sign-in, session cookie, CSRF, minted tokens, revocation', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ trustProxy: true });
    await addOperator(server, 'ada@example.com');
  });
  afterAll(() => server.close());

  it('signs in with an HttpOnly, SameSite=Strict cookie for /console, Secure behind https', async () => {
    const plain = await signIn(server, 'Ada@Example.com');
    expect(plain.res.status).toBe(200);
    expect(plain.res.body.data.operator.email).toBe('ada@example.com');
    expect(plain.setCookie).toMatch(/^console_session=[^;]+; Path=\/console; Max-Age=43200; HttpOnly; SameSite=Strict$/);
    const proxied = await http(server.baseUrl, '/console/api/sign-in', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'x-forwarded-proto': 'https' },
      body: JSON.stringify({ email: 'ada@example.com', password: OPERATOR_PASSWORD }),
    });
    expect(proxied.headers.get('set-cookie')).toMatch(/; HttpOnly; SameSite=Strict; Secure$/);
  });

  it('answers a wrong password and an unknown email alike, in the error envelope, and sets no cookie', async () => {
    const wrong = await signIn(server, 'ada@example.com', 'not-the-password');
    const unknown = await signIn(server, 'nobody@example.com', 'not-the-password');
    for (const attempt of [wrong, unknown]) {
      expect(attempt.res.status).toBe(401);
      expect(attempt.setCookie).toBe('');
      expect(attempt.res.body.errors[0]).toMatchObject({ status: 401, code: 'console-sign-in-failed', details: 'The email or the password is wrong.' });
    }
  });

  it('refuses a sign-in from a plain form (login CSRF): JSON only', async () => {
    const res = await http(server.baseUrl, '/console/api/sign-in', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ email: 'ada@example.com', password: OPERATOR_PASSWORD }).toString(),
    });
    expect([res.status, res.body.errors[0].code, res.headers.get('set-cookie')]).toEqual([415, 'unsupported-content-type', null]);
  });

  it('limits sign-in attempts per email: 429 with Retry-After after the free failures, even with the right password', async () => {
    await addOperator(server, 'limited@example.com');
    for (let i = 0; i < 10; i++) expect((await signIn(server, 'limited@example.com', 'wrong-password')).res.status).toBe(401);
    const blocked = await signIn(server, 'limited@example.com');
    expect(blocked.res.status).toBe(429);
    expect(blocked.res.body.errors[0].code).toBe('too-many-requests');
    expect(Number(blocked.res.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('refuses writes without the session CSRF token, and reads without the cookie', async () => {
    const session = await signIn(server, 'ada@example.com');
    const mp = server.marketplace.marketplaceId;
    expect((await consolePost(server, 'token', { cookie: session.cookie }, { marketplaceId: mp })).body.errors[0]).toMatchObject({ status: 403, code: 'console-csrf-refused' });
    expect((await consolePost(server, 'token', { cookie: session.cookie, csrf: 'forged' }, { marketplaceId: mp })).status).toBe(403);
    expect((await http(server.baseUrl, '/console/api/session', { headers: { accept: 'application/json' } })).status).toBe(401);
    const read = await http(server.baseUrl, '/console/api/session', { headers: { accept: 'application/json', cookie: session.cookie } });
    expect(read.body.data).toMatchObject({ operator: { email: 'ada@example.com' }, csrfToken: session.csrf });
    expect(read.body.data.marketplaces).toEqual([{ id: mp, name: 'Test marketplace' }]);
    const badBody = await mintToken(server, session, 'not-a-uuid');
    expect(badBody.body.errors[0]).toMatchObject({ code: 'validation-invalid-value', source: { path: ['marketplaceId'] } });
  });

  it("mints an Integration API token for one marketplace the operator may use; its changes name the operator", async () => {
    const other = await server.createMarketplace('Other marketplace');
    const here = await addOperator(server, 'here@example.com', [server.marketplace.marketplaceId]);
    const session = await signIn(server, 'here@example.com');
    expect(session.res.body.data.marketplaces.map((m: { id: string }) => m.id)).toEqual([server.marketplace.marketplaceId]);
    const elsewhere = await mintToken(server, session, other.marketplaceId);
    expect(elsewhere.body.errors[0]).toMatchObject({ status: 403, code: 'forbidden' });
    const minted = await mintToken(server, session, server.marketplace.marketplaceId);
    expect(minted.status).toBe(200);
    const token = minted.body.data.accessToken as string;
    const mine = await signUpUser(server, server.marketplace.marketplaceClient.clientId, 'mine@example.com');
    await signUpUser(server, other.marketplaceClient.clientId, 'theirs@example.com');
    const users = await integ(server, token, 'users/query');
    expect(users.body.data.map((u: { id: string }) => u.id)).toEqual([mine]);
    expect((await integ(server, token, 'users/update_profile', { id: mine, metadata: { checked: true } })).status).toBe(200);
    const events = await integ(server, token, 'events/query?eventTypes=user/updated');
    expect(events.body.data.at(-1).attributes).toMatchObject({ source: 'source/console', auditData: { adminId: here.id, userId: null, clientId: null } });
  });

  it('stops the tokens of a session at once when it ends: sign-out, revocation, password reset, removal', async () => {
    const accounts = server.app.get(OperatorAccounts);
    await addOperator(server, 'grace@example.com');
    const mp = server.marketplace.marketplaceId;
    const ends: Array<(s: Awaited<ReturnType<typeof signIn>>) => Promise<unknown>> = [
      (s) => consolePost(server, 'sign-out', s),
      () => accounts.revokeSessions('grace@example.com'),
      () => accounts.resetPassword('grace@example.com', OPERATOR_PASSWORD),
    ];
    for (const end of ends) {
      const session = await signIn(server, 'grace@example.com');
      const token = (await mintToken(server, session, mp)).body.data.accessToken as string;
      expect((await integ(server, token, 'users/query')).status).toBe(200);
      await end(session);
      expect((await integ(server, token, 'users/query')).body.errors[0]).toMatchObject({ status: 401, code: 'auth-invalid-access-token' });
      expect((await http(server.baseUrl, '/console/api/session', { headers: { accept: 'application/json', cookie: session.cookie } })).status).toBe(401);
    }
    const session = await signIn(server, 'grace@example.com');
    const token = (await mintToken(server, session, mp)).body.data.accessToken as string;
    await accounts.remove('grace@example.com');
    expect((await integ(server, token, 'users/query')).status).toBe(401);
    expect((await signIn(server, 'grace@example.com')).res.status).toBe(401);
  });
});
