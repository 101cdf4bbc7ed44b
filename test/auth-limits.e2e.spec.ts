import { loadConfig } from '../src/config';
import { DEFAULT_AUTH_LIMITS, parseAuthLimits } from '../src/http/rate-limits';
import { bearer, form, http } from './support/http';
import { marketplaceSdk } from './support/sdks';
import { startTestServer, TestServer } from './support/test-server';
import { testEnv } from './support/test-env';

const PASSWORD = 'secret-password';

/**
 * Issue 24, item 2: password guessing and mail flooding. Failed logins are limited per account and per client
 * address, reset and verification mails per address or user and per client address; 429 with Retry-After, a
 * backoff that doubles to a short cap, so an attacker cannot lock a user out for long.
 */
describe('limits on the Authentication API and the account mails (AUTH_LIMITS)', () => {
  let server: TestServer;
  let users = 0;
  const clientId = () => server.marketplace.marketplaceClient.clientId;
  const login = (username: string, password: string) => http(server.baseUrl, '/v1/auth/token', form({ client_id: clientId(), grant_type: 'password', username, password, scope: 'user' }));
  const signUp = async () => {
    users += 1;
    const email = `limits${users}@example.com`;
    await marketplaceSdk(server.baseUrl, server.marketplace).currentUser.create({ email, password: PASSWORD, firstName: 'L', lastName: 'M' });
    return email;
  };
  const anonymousToken = async () => (await http(server.baseUrl, '/v1/auth/token', form({ client_id: clientId(), grant_type: 'client_credentials', scope: 'public-read' }))).body.access_token;
  const resetRequest = async (token: string, email: string) =>
    http(server.baseUrl, '/v1/api/password_reset/request', { method: 'POST', headers: bearer(token, { 'content-type': 'application/json', accept: 'application/json' }), body: JSON.stringify({ email }) });

  it('is on by default, even in local mode, and configurable per part', () => {
    expect(loadConfig(testEnv(), { tokenSecret: 'x' }).authLimits).toEqual(DEFAULT_AUTH_LIMITS);
    expect(parseAuthLimits('off')).toBeNull();
    expect(parseAuthLimits('login-account=3/60/30,mail-address=off')).toEqual({ ...DEFAULT_AUTH_LIMITS, loginPerAccount: { free: 3, windowSeconds: 60, maxBlockSeconds: 30 }, mailPerAddress: null });
    expect(() => parseAuthLimits('login=lots')).toThrow(/AUTH_LIMITS/);
  });

  describe('with the default policy', () => {
    beforeAll(async () => {
      server = await startTestServer();
    });
    afterAll(() => server.close());

    it('answers 429 after 10 wrong passwords for one account, backs off to at most a minute, and lets the right password in after', async () => {
      const email = await signUp();
      const statuses: number[] = [];
      for (let i = 0; i < 11; i += 1) statuses.push((await login(email, `guess-${i}`)).status);
      expect(statuses).toEqual([...Array(10).fill(401), 429]);
      const refused = await login(email, PASSWORD);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('1');
      expect(refused.body).toMatchObject({ errors: [{ status: 429, code: 'too-many-requests' }] });
      // An attacker who keeps guessing waits longer each time, never more than a minute.
      let longest = 0;
      for (let i = 0; i < 12; i += 1) {
        const wait = Number((await login(email, 'guess')).headers.get('retry-after') ?? 0);
        longest = Math.max(longest, wait);
        server.clock.advance(wait * 1000);
        expect((await login(email, `guess-more-${i}`)).status).toBe(401);
      }
      expect(longest).toBe(60);
      expect((await login(email, PASSWORD)).status).toBe(429);
      server.clock.advance(60_000);
      expect((await login(email, PASSWORD)).status).toBe(200);
      // The right password forgives the account's failures.
      expect((await login(email, 'one-more-typo')).status).toBe(401);
      expect((await login(email, PASSWORD)).status).toBe(200);
    });

    it('counts wrong current passwords (change_password, change_email, delete) as failed logins: a stolen token cannot guess', async () => {
      const email = await signUp();
      const sdk = marketplaceSdk(server.baseUrl, server.marketplace);
      await sdk.login({ username: email, password: PASSWORD });
      const statusOf = (p: Promise<unknown>) => p.then(() => 200, (e: { status: number }) => e.status);
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1) statuses.push(await statusOf(sdk.currentUser.changePassword({ currentPassword: `guess-${i}`, newPassword: 'new-password-1' })));
      for (let i = 0; i < 5; i += 1) statuses.push(await statusOf(sdk.currentUser.changeEmail({ currentPassword: `guess-${i}`, email: 'other@example.com' })));
      statuses.push(await statusOf(sdk.currentUser.delete({ currentPassword: 'guess-delete' })));
      expect(statuses).toEqual([...Array(10).fill(403), 429]);
      server.clock.advance(1000);
      expect(await statusOf(sdk.currentUser.changePassword({ currentPassword: PASSWORD, newPassword: 'new-password-1' }))).toBe(200);
    });

    it('limits password reset mails to one address: 5, then 429', async () => {
      const email = await signUp();
      const token = await anonymousToken();
      const statuses: number[] = [];
      for (let i = 0; i < 7; i += 1) statuses.push((await resetRequest(token, email)).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
      // Unknown addresses count too, so the limit tells nothing about who has an account.
      const unknown: number[] = [];
      for (let i = 0; i < 6; i += 1) unknown.push((await resetRequest(token, 'nobody-here@example.com')).status);
      expect(unknown).toEqual([409, 409, 409, 409, 409, 429]);
    });
  });

  describe('per client address, and verification mails', () => {
    beforeAll(async () => {
      server = await startTestServer({
        authLimits: { ...DEFAULT_AUTH_LIMITS, loginPerAddress: { free: 5, windowSeconds: 900, maxBlockSeconds: 900 }, mailPerAccount: { free: 2, windowSeconds: 3600, maxBlockSeconds: 900 } },
      });
    });
    afterAll(() => server.close());

    it('counts failed logins of every account from one address', async () => {
      const accounts = [await signUp(), await signUp(), await signUp()];
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1) statuses.push((await login(accounts[i % 3], 'wrong')).status);
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
      expect((await login(accounts[0], PASSWORD)).status).toBe(429);
      server.clock.advance(1000);
      expect((await login(accounts[0], PASSWORD)).status).toBe(200);
    });

    it('limits send_verification_email per user', async () => {
      const email = await signUp();
      const sdk = marketplaceSdk(server.baseUrl, server.marketplace);
      server.clock.advance(900_000);
      await sdk.login({ username: email, password: PASSWORD });
      const statuses: number[] = [];
      for (let i = 0; i < 3; i += 1) statuses.push(await sdk.currentUser.sendVerificationEmail().then(() => 200, (e: { status: number }) => e.status));
      expect(statuses).toEqual([200, 200, 429]);
    });
  });
});
