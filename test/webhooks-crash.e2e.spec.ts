import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import type { CreatedMarketplace } from '../src/marketplaces/commands/create-marketplace.handler';
import { crashChild } from './support/crash-child-process';
import { integTokenFor } from './support/event-stream-client';
import { freshPostgresDatabase, skipWithoutPostgres, TestDatabase } from './support/postgres';
import { marketplaceSdk } from './support/sdks';
import { testEnv } from './support/test-env';
import { Answer, eventually, Received, startReceiver } from './support/webhook-receiver';

const EVENTS = 5;
/** The event whose first delivery the receiver never answers: the server is killed while it waits. */
const HUNG = 3;

/**
 * kill -9 of the server while a delivery is in flight (the receiver holds the request): after the restart the
 * event in flight is sent again (same webhook-id), then the ones after it, in order, none lost. At least once:
 * the receiver sees the hung event twice and dedupes on webhook-id, as Standard Webhooks says receivers should.
 */
const webhooksCrash = (engine: string, databaseUrl: () => Promise<TestDatabase | null>) =>
  describe(`a kill -9 in the middle of a webhook delivery, ${engine}`, () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'marketplace-webhooks-crash-'));
    let database: TestDatabase | null = null;
    let server: ReturnType<typeof crashChild>;
    let receiver: Awaited<ReturnType<typeof startReceiver>>;
    let received: Received[] = [];

    beforeAll(async () => {
      database = await databaseUrl();
      receiver = await startReceiver((_request, index): Answer => (index === HUNG - 1 ? 'hang' : 200));
      received = receiver.received;
      server = crashChild({
        ...testEnv(),
        DATA_DIR: dataDir,
        TOKEN_SECRET: 'webhooks-crash-secret-webhooks-crash-secret',
        WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
        // Longer than the test: the hung delivery is still in flight when the server dies.
        WEBHOOK_TIMEOUT_MS: '120000',
        WEBHOOK_RETRY_BASE_MS: '50',
        ...(database ? { DATABASE_URL: database.url } : {}),
      });
    }, 60_000);
    afterAll(async () => {
      await server.stop('SIGKILL');
      await receiver.close();
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('redelivers the event in flight after the restart, then the rest in order; none lost', async () => {
      let baseUrl = await server.start();
      const marketplace = JSON.parse(readFileSync(join(dataDir, 'marketplace.json'), 'utf8')) as CreatedMarketplace;
      const token = await integTokenFor(baseUrl, marketplace);
      const created = await fetch(`${baseUrl}/v1/integration_api/x-webhooks/subscriptions/create`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, accept: 'application/json', 'content-type': 'application/json' },
        body: JSON.stringify({ targetUrl: receiver.url('/crash'), eventTypes: 'user/created' }),
      });
      expect(created.status).toBe(200);
      const { secret } = ((await created.json()) as any).data.attributes;
      const userIds: string[] = [];
      for (let n = 1; n <= EVENTS; n += 1) {
        const user = await marketplaceSdk(baseUrl, marketplace).currentUser.create({ email: `crash${n}@example.com`, password: 'secret-password', firstName: 'C', lastName: `${n}` });
        userIds.push(user.data.data.id.uuid);
      }
      // The third delivery hangs: ordered delivery holds the fourth and fifth behind it.
      await eventually(() => received.length === HUNG, 15_000, 'the hung delivery');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(received.length).toBe(HUNG);

      await server.stop('SIGKILL');
      expect(server.signalCode()).toBe('SIGKILL');
      baseUrl = await server.start();

      await eventually(() => received.length >= EVENTS + 1, 30_000, 'every event after the restart');
      await new Promise((resolve) => setTimeout(resolve, 300));
      const bodies = received.map((r) => new Webhook(secret).verify(r.body, r.headers) as any);
      const ids = received.map((r) => r.headers['webhook-id']);
      // What the receiver saw: 1, 2, 3 (hung, never answered), then after the restart 3 again, 4, 5.
      expect(bodies.map((b) => b.data.attributes.resourceId)).toEqual([...userIds.slice(0, HUNG), ...userIds.slice(HUNG - 1)]);
      expect(ids[HUNG]).toBe(ids[HUNG - 1]);
      expect(new Set(ids).size).toBe(EVENTS);
      const sequenceIds = [...new Set(bodies.map((b) => b.data.attributes.sequenceId as number))];
      expect(sequenceIds).toEqual([...sequenceIds].sort((a, b) => a - b));
    }, 120_000);
  });

webhooksCrash('embedded (SQLite)', async () => null);
if (skipWithoutPostgres('a kill -9 in the middle of a webhook delivery, PostgreSQL')) webhooksCrash('PostgreSQL', () => freshPostgresDatabase('webhooks_crash'));
