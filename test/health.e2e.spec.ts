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

describe('metrics and readiness with a store down', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('exposes Prometheus metrics: requests by route and status with latency, appends, head, lags', async () => {
    const { marketplaceClient } = server.marketplace;
    const token = await http(server.baseUrl, '/v1/auth/token', form({ client_id: marketplaceClient.clientId, grant_type: 'client_credentials', scope: 'public-read' }));
    await http(server.baseUrl, '/v1/api/marketplace/show', { headers: bearer(token.body.access_token, { accept: 'application/json' }) });
    await http(server.baseUrl, `/v1/api/listings/show?id=${'0'.repeat(8)}`, { headers: bearer(token.body.access_token, { accept: 'application/json' }) });
    await http(server.baseUrl, '/v1/api/current_user/create', {
      method: 'POST',
      headers: bearer(token.body.access_token, { 'content-type': 'application/json', accept: 'application/json' }),
      body: JSON.stringify({ email: 'metrics@example.com', password: 'secret-password', firstName: 'M', lastName: 'E' }),
    });
    const res = await fetch(`${server.baseUrl}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/v1\/api\/marketplace\/show",status="200"\} 1/);
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/v1\/api\/listings\/show",status="400"\} 1/);
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/v1\/api\/marketplace\/show",status="200"\}/);
    expect(text).toMatch(/event_store_append_duration_seconds_count\{outcome="ok"\} [1-9]/);
    expect(text).toMatch(/event_store_appended_events_total [1-9]/);
    expect(text).toMatch(/event_store_head_position [1-9]/);
    expect(text).toMatch(/projections_lag 0/);
    expect(text).toMatch(/reactor_lag\{reactor="account-mails"\} \d+/);
    expect(text).toMatch(/process_cpu_user_seconds_total/);
  });

  it('is not ready (503 with the reason, never 500) while the event store does not answer, and ready again after', async () => {
    const events = server.infra.events;
    const head = events.headPosition.bind(events);
    events.headPosition = () => Promise.reject(new Error('connection refused'));
    try {
      const down = await http(server.baseUrl, '/health/ready');
      expect(down.status).toBe(503);
      expect(down.body.ready).toBe(false);
      expect(down.body.reasons.join(' ')).toContain('event store unreachable: connection refused');
      expect((await http(server.baseUrl, '/health/live')).status).toBe(200);
    } finally {
      events.headPosition = head;
    }
    expect((await http(server.baseUrl, '/health/ready')).status).toBe(200);
  });

  it('is not ready while the read-model store does not answer', async () => {
    const documents = server.infra.documents;
    const get = documents.get.bind(documents);
    documents.get = () => Promise.reject(new Error('index unavailable'));
    try {
      const down = await http(server.baseUrl, '/health/ready');
      expect(down.status).toBe(503);
      expect(down.body.reasons.join(' ')).toContain('read-model store unreachable: index unavailable');
    } finally {
      documents.get = get;
    }
  });
});

describe('metrics behind METRICS_TOKEN', () => {
  it('asks for the token when one is set', async () => {
    const server = await startTestServer({ metricsToken: 'scrape-me' });
    try {
      expect((await fetch(`${server.baseUrl}/metrics`)).status).toBe(401);
      expect((await fetch(`${server.baseUrl}/metrics`, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
      expect((await fetch(`${server.baseUrl}/metrics`, { headers: { authorization: 'Bearer scrape-me' } })).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
