import { MAILER, Mailer } from '../src/mail/mailer.port';
import { bearer, form, http } from './support/http';
import { failureOf, marketplaceSdk, sharetribeSdk, trustedMarketplaceSdk } from './support/sdks';
import { startTestServer, TestServer } from './support/test-server';

const PASSWORD = 'secret-password';

/**
 * Issue 24, item 3: a password change ends the user's other sessions (the one it came from stays), a reset ends
 * them all, and neither a revoked session nor a deleted user gets a token again: not by refresh, not by
 * token_exchange, and `GET /v1/auth/token` is 401 for a deleted user.
 */
describe('sessions after a password change or reset, a logout, a deletion', () => {
  let server: TestServer;
  let users = 0;
  const clientId = () => server.marketplace.marketplaceClient.clientId;
  const token = (fields: Record<string, string>) => http(server.baseUrl, '/v1/auth/token', form({ client_id: clientId(), ...fields }));
  /** A login from its own device: the token store holds its access and refresh tokens. */
  const device = async (email: string, password = PASSWORD) => {
    const tokenStore = sharetribeSdk.tokenStore.memoryStore();
    const sdk = marketplaceSdk(server.baseUrl, server.marketplace, { tokenStore });
    await sdk.login({ username: email, password });
    const stored = tokenStore.getToken() as { access_token: string; refresh_token: string };
    return { sdk, tokenStore, access: stored.access_token, refresh: stored.refresh_token };
  };
  const refreshStatus = async (d: { refresh: string }) => (await token({ grant_type: 'refresh_token', refresh_token: d.refresh })).status;
  const exchangeStatus = async (d: { access: string }) =>
    (await token({ grant_type: 'token_exchange', client_secret: server.marketplace.marketplaceClient.clientSecret, subject_token: d.access, scope: 'trusted:user' })).status;
  const signUp = async () => {
    users += 1;
    const email = `session${users}@example.com`;
    await marketplaceSdk(server.baseUrl, server.marketplace).currentUser.create({ email, password: PASSWORD, firstName: 'S', lastName: 'R' });
    return email;
  };

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('a password change ends every other session and keeps the current one', async () => {
    const email = await signUp();
    const [laptop, phone, stolen] = [await device(email), await device(email), await device(email)];
    expect([await refreshStatus(phone), await exchangeStatus(phone)]).toEqual([200, 200]);
    await laptop.sdk.currentUser.changePassword({ currentPassword: PASSWORD, newPassword: 'changed-password' });
    expect([await refreshStatus(phone), await refreshStatus(stolen)]).toEqual([401, 401]);
    expect([await exchangeStatus(phone), await exchangeStatus(stolen)]).toEqual([401, 401]);
    expect([await refreshStatus(laptop), await exchangeStatus(laptop)]).toEqual([200, 200]);
    // A new login after the change is a session like any other, and a later change from it ends the laptop's.
    const tablet = await device(email, 'changed-password');
    expect(await refreshStatus(tablet)).toBe(200);
    await tablet.sdk.currentUser.changePassword({ currentPassword: 'changed-password', newPassword: 'changed-again' });
    expect([await refreshStatus(laptop), await refreshStatus(tablet)]).toEqual([401, 200]);
  });

  it('a password reset ends every session', async () => {
    const email = await signUp();
    const [laptop, stolen] = [await device(email), await device(email)];
    const anonymous = marketplaceSdk(server.baseUrl, server.marketplace);
    await anonymous.passwordReset.request({ email });
    await server.idle();
    const mail = (await server.app.get<Mailer>(MAILER).outbox(server.marketplace.marketplaceId)).filter((m) => m.to === email).at(-1)!;
    await anonymous.passwordReset.reset({ email, passwordResetToken: mail.context.token, newPassword: 'recovered-password' });
    expect([await refreshStatus(laptop), await refreshStatus(stolen), await exchangeStatus(stolen)]).toEqual([401, 401, 401]);
    const again = await device(email, 'recovered-password');
    expect([await refreshStatus(again), await exchangeStatus(again)]).toEqual([200, 200]);
  });

  it('token_exchange refuses a logged-out session; a deleted user gets no trusted token and GET /v1/auth/token is 401', async () => {
    const email = await signUp();
    const [out, gone] = [await device(email), await device(email)];
    await out.sdk.logout();
    expect(await exchangeStatus(out)).toBe(401);
    expect((await http(server.baseUrl, '/v1/auth/token', { headers: bearer(gone.access) })).status).toBe(200);
    const trusted = trustedMarketplaceSdk(server.baseUrl, server.marketplace, gone.tokenStore);
    await gone.sdk.currentUser.delete({ currentPassword: PASSWORD });
    expect((await failureOf(trusted.exchangeToken())).status).toBe(401);
    expect(await exchangeStatus(gone)).toBe(401);
    const details = await http(server.baseUrl, '/v1/auth/token', { headers: bearer(gone.access) });
    expect(details.status).toBe(401);
    expect(details.body).toMatchObject({ errors: [{ status: 401, code: 'auth-invalid-access-token' }] });
  });
});
