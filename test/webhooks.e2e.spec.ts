import { Webhook } from 'standardwebhooks';
import { integrationSdk, integrationSdkFor, marketplaceSdk } from './support/sdks';
import { cliProcess, finished } from './support/server-process';
import { startTestServer, TestServer } from './support/test-server';
import { eventually, Received, startReceiver, testWebhookSettings } from './support/webhook-receiver';

const WEBHOOKS = '/v1/integration_api/x-webhooks';
const RETRY_WINDOW_MS = 3 * 24 * 3600 * 1000;

/** Signed webhooks pushed to a real receiver on localhost, verified with the `standardwebhooks` package. */
describe('webhooks', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer({ webhooks: testWebhookSettings({ retryWindowMs: RETRY_WINDOW_MS }) });
    token = await integToken(server);
  });
  afterAll(() => server.close());

  const call = async (path: string, body?: unknown, query = '') => {
    // A fresh token each time: the tests move the server's clock past a token's life.
    token = await integToken(server);
    const res = await fetch(`${server.baseUrl}${WEBHOOKS}/${path}${query}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  // Each test's subscriptions go with it: a receiver closed after its test would be retried for ever.
  let made: string[] = [];
  afterEach(async () => {
    for (const id of made) await call('subscriptions/delete', { id });
    made = [];
  });
  let users = 0;
  const signUp = async () => {
    users += 1;
    const created = await marketplaceSdk(server.baseUrl, server.marketplace).currentUser.create({
      email: `hook${users}@example.com`,
      password: 'secret-password',
      firstName: 'Wendy',
      lastName: `Hook${users}`,
    });
    return created.data.data.id.uuid as string;
  };
  const subscribe = async (targetUrl: string, extra: Record<string, unknown> = {}) => {
    const res = await call('subscriptions/create', { targetUrl, eventTypes: 'user/created', ...extra });
    expect(res.status).toBe(200);
    made.push(res.body.data.id);
    return { id: res.body.data.id as string, secret: res.body.data.attributes.secret as string };
  };
  const verified = (secret: string, r: Received) => new Webhook(secret).verify(r.body, r.headers) as any;
  const resourceIds = (rs: Received[]) => rs.map((r) => JSON.parse(r.body).data.attributes.resourceId as string);

  it('pushes each matching event, signed (Standard Webhooks), as the event resource events/query returns, in order', async () => {
    const receiver = await startReceiver();
    try {
      const { secret } = await subscribe(receiver.url());
      const ids = [await signUp(), await signUp(), await signUp()];
      await eventually(() => receiver.received.length >= 3, 10_000, 'three deliveries');
      const bodies = receiver.received.map((r) => verified(secret, r));
      expect(bodies.map((b) => b.data.attributes.resourceId)).toEqual(ids);
      expect(receiver.received.map((r) => r.headers['webhook-id'])).toEqual(bodies.map((b) => b.data.id));
      const polled = (await integrationSdkFor(server.baseUrl, server.marketplace).events.query({ eventTypes: 'user/created', resourceId: new integrationSdk.types.UUID(ids[0]) })).data.data[0];
      expect(bodies[0].data.attributes.sequenceId).toBe(polled.attributes.sequenceId);
      expect(bodies[0].data.type).toBe('event');
      expect(bodies[0].data.attributes.resource.attributes.profile.firstName).toBe('Wendy');
      const seqs = bodies.map((b) => b.data.attributes.sequenceId);
      expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
      expect(() => new Webhook(`whsec_${Buffer.from('another secret, not ours').toString('base64')}`).verify(receiver.received[0].body, receiver.received[0].headers)).toThrow();
    } finally {
      await receiver.close();
    }
  });

  it('retries after 500s and timeouts, in order: event N+1 waits until N is acknowledged; the attempts are logged', async () => {
    // The first event fails twice (500), then times out once; the second is answered at once.
    const receiver = await startReceiver((_r, i) => (i < 2 ? 500 : i === 2 ? 'hang' : 200));
    try {
      const { id, secret } = await subscribe(receiver.url());
      const ids = [await signUp(), await signUp()];
      await eventually(() => receiver.received.length >= 5, 10_000, 'retries then deliveries');
      expect(resourceIds(receiver.received)).toEqual([ids[0], ids[0], ids[0], ids[0], ids[1]]);
      receiver.received.forEach((r) => verified(secret, r));
      await server.infra.background!.webhooks.idle();
      const log = await call('deliveries/query', undefined, `?subscriptionId=${id}`);
      expect(log.status).toBe(200);
      const attempts = log.body.data.map((d: any) => d.attributes).reverse();
      expect(attempts.map((a: any) => [a.outcome, a.status])).toEqual([
        ['failed', 500],
        ['failed', 500],
        ['timeout', null],
        ['acknowledged', 200],
        ['acknowledged', 200],
      ]);
      expect(attempts[0].excerpt).toBe('no thanks 500');
      expect(attempts.every((a: any) => typeof a.latencyMs === 'number')).toBe(true);
    } finally {
      await receiver.close();
    }
  });

  it('a receiver that never answers holds only its own subscription; after the retry window it is disabled and the operator told', async () => {
    const hanging = await startReceiver(() => 'hang');
    const fast = await startReceiver();
    try {
      const stuck = await subscribe(hanging.url());
      await subscribe(fast.url());
      const ids = [await signUp(), await signUp()];
      await eventually(() => fast.received.length >= 2, 5000, 'the other subscription');
      expect(resourceIds(fast.received)).toEqual(ids);
      await eventually(() => hanging.received.length >= 2, 5000, 'retries to the hanging receiver');
      expect(new Set(resourceIds(hanging.received))).toEqual(new Set([ids[0]]));
      server.clock.advance(RETRY_WINDOW_MS);
      await eventually(async () => !(await call('subscriptions/show', undefined, `?id=${stuck.id}`)).body.data.attributes.enabled, 5000, 'disabled');
      const shown = (await call('subscriptions/show', undefined, `?id=${stuck.id}`)).body.data.attributes;
      expect(shown.disabledReason).toMatch(/not acknowledged after \d+ attempts/);
      const ready = (await (await fetch(`${server.baseUrl}/health/ready`)).json()) as any;
      expect(ready.webhooks.disabled.map((d: any) => d.id)).toContain(stuck.id);
      const metrics = await (await fetch(`${server.baseUrl}/metrics`)).text();
      expect(metrics).toMatch(/webhook_deliveries_total\{outcome="timeout"\} [1-9]/);
      expect(metrics).toContain(`webhook_subscription_disabled{subscription="${stuck.id}"} 1`);
    } finally {
      await hanging.close();
      await fast.close();
    }
  });

  it('replays from a sequenceId in order; a new subscription can start in the past', async () => {
    const receiver = await startReceiver();
    try {
      const ids = [await signUp(), await signUp()];
      const polled = (await integrationSdkFor(server.baseUrl, server.marketplace).events.query({ eventTypes: 'user/created', resourceId: new integrationSdk.types.UUID(ids[0]) })).data.data[0];
      const from = polled.attributes.sequenceId - 1;
      const { id } = await subscribe(receiver.url(), { startAfterSequenceId: from });
      await eventually(() => receiver.received.length >= 2, 5000, 'events from the past');
      expect(resourceIds(receiver.received)).toEqual(ids);
      const replayed = await call('subscriptions/replay', { id, startAfterSequenceId: from });
      expect(replayed.status).toBe(200);
      expect(replayed.body.data.attributes.generation).toBe(1);
      await eventually(() => receiver.received.length >= 4, 5000, 'the replay');
      expect(resourceIds(receiver.received)).toEqual([...ids, ...ids]);
    } finally {
      await receiver.close();
    }
  });

  it('rotating the secret signs with both keys during the overlap, then with the new one only', async () => {
    const receiver = await startReceiver();
    try {
      const { id, secret: oldSecret } = await subscribe(receiver.url());
      const rotated = await call('subscriptions/rotate_secret', { id });
      const newSecret = rotated.body.data.attributes.secret as string;
      expect(newSecret).not.toBe(oldSecret);
      await signUp();
      await eventually(() => receiver.received.length >= 1, 5000, 'a delivery');
      const during = receiver.received[0];
      expect(during.headers['webhook-signature'].split(' ')).toHaveLength(2);
      verified(oldSecret, during);
      verified(newSecret, during);
      server.clock.advance(3600_000 + 1);
      await signUp();
      await eventually(() => receiver.received.length >= 2, 5000, 'a delivery after the overlap');
      const after = receiver.received[1];
      verified(newSecret, after);
      expect(() => verified(oldSecret, after)).toThrow();
    } finally {
      await receiver.close();
    }
  });

  it('the operator CLI adds, lists, shows deliveries and replays; a mistake is one line, exit 1, nothing changed', async () => {
    const receiver = await startReceiver();
    const env = server.cliEnv({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' });
    const cli = (...args: string[]) => finished(cliProcess(env, args));
    const mp = server.marketplace.marketplaceId;
    try {
      const bad = await cli('webhooks', 'add', 'ftp://example.com/x', '-m', mp);
      expect(bad.code).toBe(1);
      expect(bad.stderr.trim().split('\n')).toEqual(['targetUrl must be https (http only to localhost, for development). (validation-invalid-value)']);
      const before = (await call('subscriptions/query')).body.data.length;
      const added = await cli('webhooks', 'add', receiver.url('/cli'), '-m', mp, '--event-types', 'user/created', '--json');
      expect(added.code).toBe(0);
      const { id, secret } = JSON.parse(added.stdout);
      made.push(id);
      expect((await call('subscriptions/query')).body.data.length).toBe(before + 1);
      const userId = await signUp();
      await eventually(() => receiver.received.length >= 1, 10_000, 'a delivery to the CLI subscription');
      expect(verified(secret, receiver.received[0]).data.attributes.resourceId).toBe(userId);
      await server.infra.background!.webhooks.idle();
      const deliveries = await cli('webhooks', 'deliveries', id, '-m', mp, '--json');
      expect(JSON.parse(deliveries.stdout).map((a: any) => a.outcome)).toEqual(['acknowledged']);
      const listed = await cli('webhooks', 'list', '-m', mp);
      expect(listed.stdout).toContain(id);
      const noStart = await cli('webhooks', 'replay', id, '-m', mp);
      expect([noStart.code, noStart.stderr.trim()]).toEqual([1, 'Give --start-after <sequenceId> or --from <time> (one of them).']);
      const replay = await cli('webhooks', 'replay', id, '-m', mp, '--from', server.clock.now().toISOString());
      expect(replay.code).toBe(0);
      await eventually(() => receiver.received.length >= 2, 10_000, 'the replay');
    } finally {
      await receiver.close();
    }
  }, 180_000);

  it('refuses bad input in the error envelope with source.path, and unknown subscriptions with 404', async () => {
    const bad = await call('subscriptions/create', { targetUrl: 'http://example.com/hook' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ code: 'validation-invalid-value', source: { path: ['targetUrl'], type: 'body' } });
    const types = await call('subscriptions/create', { targetUrl: 'https://example.com/hook', eventTypes: 'user created' });
    expect(types.body.errors[0]).toMatchObject({ code: 'validation-invalid-value', source: { path: ['eventTypes'] } });
    const missing = await call('subscriptions/replay', { id: '00000000-0000-4000-8000-000000000000' });
    expect(missing.body.errors[0]).toMatchObject({ code: 'validation-missing-key', source: { path: ['startAfterSequenceId'] } });
    const unknown = await call('subscriptions/show', undefined, '?id=00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
  });
});

/** SSRF: without WEBHOOK_ALLOW_PRIVATE_TARGETS, loopback and private targets are refused (when made and when sent). */
describe('webhook targets (SSRF)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it.each(['http://127.0.0.1:9/hook', 'http://localhost:9/hook', 'https://10.0.0.1/hook', 'https://169.254.169.254/latest', 'https://[::1]/hook', 'https://[::ffff:127.0.0.1]/x'])(
    'refuses %s',
    async (targetUrl) => {
      const token = await integToken(server);
      const res = await fetch(`${server.baseUrl}${WEBHOOKS}/subscriptions/create`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, accept: 'application/json', 'content-type': 'application/json' },
        body: JSON.stringify({ targetUrl }),
      });
      expect(res.status).toBe(400);
      const body = (await res.json()) as any;
      expect(body.errors[0]).toMatchObject({ code: 'validation-invalid-value', source: { path: ['targetUrl'], type: 'body' } });
    },
  );
});

export const integToken = async (server: TestServer): Promise<string> => {
  const { clientId, clientSecret } = server.marketplace.integrationClient;
  const res = await fetch(`${server.baseUrl}/v1/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret, scope: 'integ' }).toString(),
  });
  return ((await res.json()) as { access_token: string }).access_token;
};
