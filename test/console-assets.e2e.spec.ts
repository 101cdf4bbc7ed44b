import { addOperator, integ, mintToken, signIn } from './support/console';
import { form, http } from './support/http';
import { startTestServer, TestServer } from './support/test-server';

/** The console's asset tree endpoints (src/assets/http/assets.operator.controller.ts). */
describe('x-assets: versions, files and publishing a changed JSON asset', () => {
  let server: TestServer;
  let operator: string;
  let integrationClient: string;
  const PATH = 'content/footer.json';

  beforeAll(async () => {
    server = await startTestServer();
    await addOperator(server, 'assets@example.com');
    const session = await signIn(server, 'assets@example.com');
    operator = (await mintToken(server, session, server.marketplace.marketplaceId)).body.data.accessToken;
    const { clientId, clientSecret } = server.marketplace.integrationClient;
    integrationClient = (await http(server.baseUrl, '/v1/auth/token', form({ client_id: clientId, client_secret: clientSecret, grant_type: 'client_credentials', scope: 'integ' }))).body.access_token;
  });
  afterAll(() => server.close());

  it("lists versions, a version's files and a JSON asset's text; publishes a changed one as a new version that the Asset Delivery API serves", async () => {
    const versions = await integ(server, integrationClient, 'x-assets/versions');
    expect(versions.status).toBe(200);
    const first = versions.body.data[0];
    const tree = await integ(server, integrationClient, 'x-assets/tree');
    expect(tree.body.data.attributes.files).toEqual(expect.arrayContaining([expect.objectContaining({ path: `/${PATH}`, kind: 'json' }), expect.objectContaining({ kind: 'image' })]));
    const before = await integ(server, integrationClient, `x-assets/file?path=${PATH}`);
    const content = JSON.parse(before.body.data.attributes.text);

    const published = await integ(server, operator, 'x-assets/update_json?expand=true', { path: PATH, content: { ...content, changedByConsole: true } });
    expect(published.status).toBe(200);
    expect(published.body.data.attributes).toMatchObject({ published: true, modified: [`/${PATH}`], added: [], removed: [] });
    const second = published.body.data.attributes.version;
    const after = await integ(server, integrationClient, 'x-assets/versions');
    const versionsOf = (page: { body: { data: Array<{ attributes: { version: string } }> } }) => page.body.data.map((v) => v.attributes.version);
    expect(versionsOf(after)).toEqual([second, ...versionsOf(versions)]);
    // The old version keeps its text; the latest alias serves the new one.
    expect(JSON.parse((await integ(server, integrationClient, `x-assets/file?path=${PATH}&version=${first.attributes.version}`)).body.data.attributes.text)).toEqual(content);
    const delivered = await http(server.baseUrl, `/v1/assets/pub/${server.marketplace.marketplaceClient.clientId}/a/latest/${PATH}`);
    expect(delivered.body.data.changedByConsole).toBe(true);
    // The version's event names the operator.
    const [last] = (await server.infra.events.readAll({ limit: 1000, filter: { marketplaceId: server.marketplace.marketplaceId } })).filter((e) => e.type === 'assets/version-published').slice(-1);
    expect(last.metadata.auditData).toMatchObject({ adminId: expect.any(String), clientId: null });
    // The same content again publishes nothing.
    const same = await integ(server, operator, 'x-assets/update_json?expand=true', { path: PATH, content: { ...content, changedByConsole: true } });
    expect(same.body.data.attributes.published).toBe(false);
  });

  it('refuses a client that is not an operator, a bad path, content that is not an object, and unknown versions', async () => {
    const denied = await integ(server, integrationClient, 'x-assets/update_json', { path: PATH, content: {} });
    expect([denied.status, denied.body.errors[0].code]).toEqual([403, 'forbidden']);
    const badPath = await integ(server, operator, 'x-assets/update_json', { path: '../secrets.json', content: {} });
    expect([badPath.status, badPath.body.errors[0].source.path]).toEqual([400, ['path']]);
    const notObject = await integ(server, operator, 'x-assets/update_json', { path: PATH, content: [1, 2] });
    expect([notObject.status, notObject.body.errors[0].source.path]).toEqual([400, ['content']]);
    expect((await integ(server, integrationClient, 'x-assets/tree?version=nope')).status).toBe(404);
    expect((await integ(server, integrationClient, 'x-assets/file?path=content/missing.json')).status).toBe(404);
  });
});
