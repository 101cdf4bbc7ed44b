import { LiveEvents } from '../src/webhooks/live-events';
import { EVENT_STREAM, EventStreamClient, integTokenFor, openEventStream } from './support/event-stream-client';
import { integrationSdk, integrationSdkFor, marketplaceSdk } from './support/sdks';
import { startTestServer, TestServer } from './support/test-server';
import { eventually, testWebhookSettings } from './support/webhook-receiver';

const BUFFER_BYTES = 16 * 1024;

/** The live stream (GET /v1/integration_api/x-events/stream) read by a hand-written EventSource over a real server. */
describe('live event stream (Server-Sent Events)', () => {
  let server: TestServer;
  let token: string;
  const open: EventStreamClient[] = [];
  beforeAll(async () => {
    server = await startTestServer({ webhooks: testWebhookSettings({ streamBufferBytes: BUFFER_BYTES, streamHeartbeatMs: 150 }) });
    token = await integTokenFor(server.baseUrl, server.marketplace);
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((c) => c.close()));
    // The server has seen every client go (and closed the log subscription with the last).
    await eventually(() => server.app.get(LiveEvents).connections === 0, 5000, 'the streams closed');
  });
  afterAll(() => server.close());

  const stream = async (query = '', headers: Record<string, string> = {}, as: string | null = token) => {
    const client = await openEventStream(server.baseUrl, as, query, headers);
    open.push(client);
    return client;
  };
  const reading = async (query = '', headers: Record<string, string> = {}) => {
    const client = await stream(query, headers);
    expect(client.response.status).toBe(200);
    void client.read();
    return client;
  };
  let users = 0;
  const signUp = async (marketplace = server.marketplace) => {
    users += 1;
    const created = await marketplaceSdk(server.baseUrl, marketplace).currentUser.create({
      email: `stream${users}@example.com`,
      password: 'secret-password',
      firstName: 'Sam',
      lastName: `Stream${users}`,
    });
    return created.data.data.id.uuid as string;
  };
  let integration: ReturnType<typeof integrationSdkFor> | null = null;
  /** One Integration SDK for the file: each instance authenticates and keeps connections of its own. */
  const integ = () => (integration ??= integrationSdkFor(server.baseUrl, server.marketplace));
  const rename = (id: string, lastName: string, publicData: Record<string, unknown> = {}) =>
    integ().users.updateProfile({ id: new integrationSdk.types.UUID(id), lastName, publicData });
  const polled = async (query: string) => {
    const res = await fetch(`${server.baseUrl}/v1/integration_api/events/query?${query}`, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } });
    return ((await res.json()) as { data: any[] }).data;
  };
  const has = (client: EventStreamClient, n: number, what: string) => eventually(() => client.events().length >= n, 10_000, what);

  it('sends the events appended after it connects, in order, as events/query renders them, with its filters', async () => {
    const created = await reading('?eventTypes=user/created');
    const byResource = await reading('?eventTypes=user');
    const ids = [await signUp(), await signUp()];
    await rename(ids[0], 'Renamed');
    const third = await signUp();
    await has(created, 3, 'three user/created');
    await has(byResource, 4, 'every user event');
    const sent = created.events();
    expect(sent.map((e) => e.data.attributes.resourceId)).toEqual([...ids, third]);
    expect(sent.map((e) => e.id)).toEqual(sent.map((e) => e.data.attributes.sequenceId));
    expect([...sent.map((e) => e.id)].sort((a, b) => a - b)).toEqual(sent.map((e) => e.id));
    // Each message's data is the `event` resource of events/query's JSON page, exactly.
    expect(sent.map((e) => e.data)).toEqual(await polled(`eventTypes=user/created&startAfterSequenceId=${sent[0].id - 1}`));
    expect(byResource.events().map((e) => e.data.attributes.eventType)).toEqual(['user/created', 'user/created', 'user/updated', 'user/created']);
    expect(created.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
  });

  it('resumes from Last-Event-ID without a gap or a repeat; startAfterSequenceId in the past replays, then follows', async () => {
    const first = await reading('?eventTypes=user/created');
    const ids = [await signUp(), await signUp()];
    await has(first, 2, 'two events');
    const lastSeen = first.events()[0].id;
    await first.close();
    ids.push(await signUp());
    // As EventSource reconnects: the same URL and the id of the last message it saw (the header wins over the query).
    const resumed = await reading('?eventTypes=user/created&startAfterSequenceId=0', { 'last-event-id': String(lastSeen) });
    const replayed = await reading(`?eventTypes=user/created&startAfterSequenceId=${lastSeen - 1}`);
    await has(resumed, 2, 'the events after Last-Event-ID');
    await has(replayed, 3, 'the replay');
    ids.push(await signUp());
    await has(resumed, 3, 'a live event after the resume');
    await has(replayed, 4, 'a live event after the replay');
    expect(resumed.events().map((e) => e.data.attributes.resourceId)).toEqual(ids.slice(1));
    expect(replayed.events().map((e) => e.data.attributes.resourceId)).toEqual(ids);
  });

  it('sends a heartbeat comment on an idle stream', async () => {
    const idle = await reading('?eventTypes=listing/deleted');
    await eventually(() => idle.comments.includes('heartbeat'), 3000, 'a heartbeat');
    expect(idle.messages).toEqual([]);
  });

  it('ends the stream of a consumer that does not read once its buffer is full (event: end), and keeps serving the others', async () => {
    const user = await signUp();
    const fast = await reading('?eventTypes=user/updated');
    const stuck = await stream('?eventTypes=user/updated');
    expect(stuck.response.status).toBe(200);
    const live = server.app.get(LiveEvents);
    await eventually(() => live.connections === 2, 5000, 'both connected');
    // Large events, until the stuck consumer's kernel buffers and its WEBHOOK_STREAM_BUFFER_BYTES are full.
    const padding = 'x'.repeat(4000);
    let updates = 0;
    while (live.connections === 2) {
      if (updates >= 2000) throw new Error('the consumer that does not read was never cut off');
      updates += 1;
      await rename(user, `Update${updates}`, { padding });
    }
    updates += 1;
    await rename(user, 'After the cut-off');
    await has(fast, updates, 'every update on the consumer that reads');
    expect(fast.events().map((e) => e.data.attributes.resource.attributes.profile.lastName).at(-1)).toBe('After the cut-off');
    // The stuck consumer reads at last: what was sent, then the end, then the stream closes.
    await stuck.read();
    const end = stuck.messages.at(-1)!;
    expect(end.event).toBe('end');
    const sent = stuck.events();
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.length).toBeLessThan(updates);
    expect(JSON.parse(end.data)).toEqual({ reason: 'buffer-full', lastSequenceId: sent.at(-1)!.id });
    expect(sent.map((e) => e.id)).toEqual(fast.events().slice(0, sent.length).map((e) => e.id));
    // It resumes where it was cut off: the rest, none missing, none twice.
    const again = await reading('?eventTypes=user/updated', { 'last-event-id': String(sent.at(-1)!.id) });
    await has(again, updates - sent.length, 'the rest');
    expect([...sent, ...again.events()].map((e) => e.id)).toEqual(fast.events().map((e) => e.id));
  }, 120_000);

  it("never sends another marketplace's events", async () => {
    const other = await server.createMarketplace('Other marketplace');
    const otherToken = await integTokenFor(server.baseUrl, other);
    const theirs = await openEventStream(server.baseUrl, otherToken, '?startAfterSequenceId=0');
    open.push(theirs);
    void theirs.read();
    await signUp();
    const theirUser = await signUp(other);
    await eventually(() => theirs.events().some((e) => e.data.attributes.resourceId === theirUser), 10_000, "the other marketplace's own event");
    await signUp();
    await server.idle();
    expect(theirs.events().length).toBeGreaterThan(0);
    expect(new Set(theirs.events().map((e) => e.data.attributes.marketplaceId))).toEqual(new Set([other.marketplaceId]));
  });

  it('answers bad parameters in the error envelope with source.path (400), no token 401', async () => {
    const cases: Array<[string, Record<string, string>, string[]]> = [
      ['?startAfterSequenceId=abc', {}, ['startAfterSequenceId']],
      ['?eventTypes=user%20created', {}, ['eventTypes']],
      ['?resourceId=not-a-uuid', {}, ['resourceId']],
      ['?colour=blue', {}, ['colour']],
      ['', { 'last-event-id': 'yesterday' }, ['Last-Event-ID']],
    ];
    for (const [query, headers, path] of cases) {
      const bad = await stream(query, headers);
      expect([query, bad.response.status]).toEqual([query, 400]);
      const body = (await bad.response.json()) as any;
      expect(body.errors[0]).toMatchObject({ status: 400, source: { path } });
    }
    const anonymous = await stream('', {}, null);
    expect(anonymous.response.status).toBe(401);
    expect(((await anonymous.response.json()) as any).errors[0].code).toBe('auth-missing-access-token');
    expect(EVENT_STREAM).toBe('/v1/integration_api/x-events/stream');
  });
});
