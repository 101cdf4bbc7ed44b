import { ReadModelsNotCurrentError } from '../src/event-sourcing/read-model-visibility';
import { READ_MODELS_BEHIND_HEADER } from '../src/http/read-models-behind';
import { bearer, form, http } from './support/http';
import { integrationSdk, integrationSdkFor, marketplaceSdk } from './support/sdks';
import { startTestServer, TestServer } from './support/test-server';

describe('health probes and commands ahead of the read models', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers live and ready, with the engines\' report', async () => {
    const live = await http(server.baseUrl, '/health/live');
    expect(live.status).toBe(200);
    expect(live.body).toEqual({ live: true });
    const ready = await http(server.baseUrl, '/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual(
      expect.objectContaining({ ready: true, reasons: [], projections: expect.objectContaining({ engine: 'inline', state: 'running', caughtUp: true }) }),
    );
    expect((ready.body as { reactors: Array<{ name: string }> }).reactors.map((r) => r.name)).toEqual(expect.arrayContaining(['account-mails']));
  });

  it('answers a stored command through the SDK even when the read models are behind, and says so in a header', async () => {
    const integ = integrationSdkFor(server.baseUrl, server.marketplace);
    const member = marketplaceSdk(server.baseUrl, server.marketplace);
    const signedUp = await member.currentUser.create({ email: 'lag@example.com', password: 'secret-password', firstName: 'L', lastName: 'Ag' });
    const engine = server.infra.projections;
    const waitFor = engine.waitFor.bind(engine);
    // A projection failing: every wait is refused at once, as the catch-up engine does while it retries.
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    engine.waitFor = (position: number) => Promise.reject(new ReadModelsNotCurrentError('projections failing: boom', position, { message: 'boom' }, position - 1));
    try {
      const answer = await integ.users.updateProfile({ id: new integrationSdk.types.UUID(signedUp.data.data.id.uuid), publicData: { nick: 'laggy' } });
      expect(answer.status).toBe(200);
      // The SDK does not show headers: the same command over plain HTTP.
      const { integrationClient } = server.marketplace;
      const token = await http(
        server.baseUrl,
        '/v1/auth/token',
        form({ grant_type: 'client_credentials', client_id: integrationClient.clientId, client_secret: integrationClient.clientSecret, scope: 'integ' }),
      );
      const raw = await http(server.baseUrl, '/v1/integration_api/users/update_profile', {
        method: 'POST',
        headers: bearer(token.body.access_token, { 'content-type': 'application/json', accept: 'application/json' }),
        body: JSON.stringify({ id: signedUp.data.data.id.uuid, publicData: { nick: 'laggier' } }),
      });
      expect(raw.status).toBe(200);
      expect(raw.headers.get(READ_MODELS_BEHIND_HEADER)).toMatch(/^\d+; applied=\d+$/);
    } finally {
      engine.waitFor = waitFor;
    }
    const shown = await integ.users.show({ id: new integrationSdk.types.UUID(signedUp.data.data.id.uuid) });
    expect(shown.data.data.attributes.profile.publicData).toEqual({ nick: 'laggier' });
  });
});
