import { addOperator, integ, mintToken, signIn, signUpUser } from './support/console';
import { form, http } from './support/http';
import { startTestServer, TestServer } from './support/test-server';

/** The console's Operations endpoints (src/operators/http/operations.operator.controller.ts): operators only. */
describe('operations through an operator token: reactors, the mail outbox, payments and the emulator', () => {
  let server: TestServer;
  let everyMarketplace: string;
  let oneMarketplace: string;
  let integrationClient: string;

  const operatorToken = async (email: string, marketplaces: string[] | null) => {
    await addOperator(server, email, marketplaces);
    const session = await signIn(server, email);
    return (await mintToken(server, session, server.marketplace.marketplaceId)).body.data.accessToken as string;
  };

  beforeAll(async () => {
    server = await startTestServer();
    everyMarketplace = await operatorToken('all@example.com', null);
    oneMarketplace = await operatorToken('one@example.com', [server.marketplace.marketplaceId]);
    const { clientId, clientSecret } = server.marketplace.integrationClient;
    integrationClient = (await http(server.baseUrl, '/v1/auth/token', form({ client_id: clientId, client_secret: clientSecret, grant_type: 'client_credentials', scope: 'integ' }))).body.access_token;
  });
  afterAll(() => server.close());

  it('lists the marketplace mails, newest first, paged; never for a client that is not an operator (mails hold reset links)', async () => {
    await signUpUser(server, server.marketplace.marketplaceClient.clientId, 'first@example.com');
    await signUpUser(server, server.marketplace.marketplaceClient.clientId, 'second@example.com');
    await server.idle();
    const page = await integ(server, oneMarketplace, 'x-mail/outbox?perPage=1');
    expect(page.status).toBe(200);
    expect(page.body.meta).toMatchObject({ totalItems: 2, totalPages: 2, page: 1, perPage: 1 });
    expect(page.body.data[0].attributes).toMatchObject({ to: 'second@example.com', template: 'verify-email-address' });
    expect(page.body.data[0].attributes.text).toContain('http');
    const denied = await integ(server, integrationClient, 'x-mail/outbox');
    expect([denied.status, denied.body.errors[0].code]).toEqual([403, 'forbidden']);
    const bad = await integ(server, oneMarketplace, 'x-mail/outbox?perPage=500');
    expect([bad.status, bad.body.errors[0].source.path]).toEqual([400, ['perPage']]);
  });

  it('resumes a stopped reactor (operators of every marketplace only) and says which it does not know', async () => {
    const [name] = (await server.infra.checkpoints.list()).map((r) => r.name).filter((n) => !n.startsWith('webhook'));
    const record = (await server.infra.checkpoints.load(name))!;
    await server.infra.checkpoints.save(name, { ...record, attempts: 5, stoppedAt: new Date().toISOString(), lastError: 'boom' });
    const limited = await integ(server, oneMarketplace, 'x-reactors/resume?expand=true', { name });
    expect([limited.status, limited.body.errors[0].code]).toEqual([403, 'forbidden']);
    const resumed = await integ(server, everyMarketplace, 'x-reactors/resume?expand=true', { name });
    expect([resumed.status, resumed.body.data.attributes]).toEqual([200, { name, resumed: true }]);
    expect((await server.infra.checkpoints.load(name))?.stoppedAt).toBeNull();
    const again = await integ(server, everyMarketplace, 'x-reactors/resume?expand=true', { name });
    expect(again.body.data.attributes.resumed).toBe(false);
    const unknown = await integ(server, everyMarketplace, 'x-reactors/resume', { name: 'no-such-reactor' });
    expect(unknown.status).toBe(404);
    expect((await integ(server, integrationClient, 'x-reactors/resume?expand=true', { name })).status).toBe(403);
  });

  it("shows payments and drives the emulator: the clock (every marketplace's operators) and a reset", async () => {
    const report = await integ(server, oneMarketplace, 'x-payments/show');
    expect(report.status).toBe(200);
    expect(report.body.data.attributes).toMatchObject({ provider: 'emulator', accounts: [], customers: [], intents: [] });
    expect((await integ(server, oneMarketplace, 'x-emulator/clock_advance?expand=true', { duration: 'P1D' })).status).toBe(403);
    const bad = await integ(server, everyMarketplace, 'x-emulator/clock_advance', { duration: 'forever' });
    expect([bad.status, bad.body.errors[0].source.path]).toEqual([400, ['duration']]);
    const advanced = await integ(server, everyMarketplace, 'x-emulator/clock_advance?expand=true', { duration: 'P1D' });
    expect([advanced.status, advanced.body.data.attributes.offsetMs]).toEqual([200, 86_400_000]);
    const reset = await integ(server, oneMarketplace, 'x-emulator/reset?expand=true', {});
    expect([reset.status, reset.body.data.attributes.generation]).toEqual([200, 1]);
    expect((await integ(server, integrationClient, 'x-emulator/reset?expand=true', {})).status).toBe(403);
  });
});
