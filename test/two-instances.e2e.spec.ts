import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DevCredentials } from '../src/dev-marketplace';
import type { CreatedMarketplace } from '../src/marketplaces/commands/create-marketplace.handler';
import type { SentMail } from '../src/mail/mailer.port';
import { PostgresOutboxMailer } from '../src/mail/postgres-outbox-mailer';
import { PostgresDatabase } from '../src/infrastructure/postgres-database';
import { systemClock } from '../src/shared/clock';
import { freshPostgresDatabase, skipWithoutPostgres, TestDatabase } from './support/postgres';
import { cliRun, freePort, ServerChild, spawnServer, waitReady } from './support/server-process';
import { integrationSdk, integrationSdkFor, marketplaceSdk, sharetribeSdk, trustedMarketplaceSdk } from './support/sdks';
import { testEnv } from './support/test-env';

const { Money } = sharetribeSdk.types;
const PASSWORD = 'secret-password';
const DAY = 24 * 3600 * 1000;
const PLAN = { type: 'availability-plan/time', timezone: 'Etc/UTC', entries: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((dayOfWeek) => ({ dayOfWeek, startTime: '08:00', endTime: '20:00', seats: 1 })) };
/** Set WORKER_LEASES=process to watch this suite fail as it would without the leases (every instance runs every worker). */
const LEASES = process.env.TWO_INSTANCES_WORKER_LEASES ?? 'store';

interface Instance {
  label: string;
  baseUrl: string;
  dataDir: string;
  server: ServerChild;
}

/**
 * Several instances on one store (issue 26; docs/production.md, Several instances): two server processes on one
 * PostgreSQL database, each with its own data folder, the same TOKEN_SECRET, both serving. The development
 * marketplace is made once; 100 customers racing for the last seat through both end with one booking and one live
 * payment intent; a due transition runs once; every mail is sent once across both instances' outboxes; and when the
 * instance holding the workers' leases is killed with kill -9 under load, the other takes over and nothing
 * acknowledged is lost or done twice.
 */
describe('two instances on one PostgreSQL store', () => {
  if (!skipWithoutPostgres('two instances on one PostgreSQL store')) return;
  let database: TestDatabase;
  const instances: Instance[] = [];
  let marketplace: CreatedMarketplace;
  let cliEnv: NodeJS.ProcessEnv;
  /** The instances that made a development marketplace (and keep its credentials). */
  let bootstrapped: string[] = [];

  const envFor = (dataDir: string, port: number): NodeJS.ProcessEnv =>
    testEnv({
      DATABASE_URL: database.url,
      TOKEN_SECRET: 'two-instances-secret-two-instances-secret',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      BOOTSTRAP_DEV_MARKETPLACE: 'true',
      RATE_LIMITS: 'off',
      LOG_LEVEL: 'warn',
      WORKER_LEASES: LEASES,
      // Cheap password hashing: the load is about the instances, not argon2.
      PASSWORD_HASH_MEMORY_KIB: '1024',
      PASSWORD_HASH_ITERATIONS: '1',
    });

  const start = async (label: string): Promise<Instance> => {
    const dataDir = mkdtempSync(join(tmpdir(), `two-instances-${label}-`));
    const port = await freePort();
    const server = spawnServer(envFor(dataDir, port));
    const instance = { label, baseUrl: `http://127.0.0.1:${port}`, dataDir, server };
    instances.push(instance);
    await waitReady(server, instance.baseUrl, 90_000);
    return instance;
  };

  const ready = async (instance: Instance) => (await fetch(`${instance.baseUrl}/health/ready`)).json() as Promise<{ reactors: Array<{ name: string; heldHere: boolean }> }>;
  /** Every mail of the shared outbox (the instances keep none of their own: src/mail/postgres-outbox-mailer.ts). */
  let outboxDb: PostgresDatabase | undefined;
  let outbox: PostgresOutboxMailer | undefined;
  const mails = async (): Promise<SentMail[]> => {
    // One pool for the suite: the test polls the outbox every 200 ms.
    outboxDb ??= await PostgresDatabase.open({ url: database.url });
    outbox ??= await PostgresOutboxMailer.open(outboxDb, systemClock);
    return outbox.outbox(marketplace.marketplaceId);
  };
  const doubled = (sent: SentMail[]) => {
    const byKey = new Map<string, number>();
    for (const mail of sent) byKey.set(mail.idempotencyKey ?? mail.id, (byKey.get(mail.idempotencyKey ?? mail.id) ?? 0) + 1);
    return [...byKey].filter(([, count]) => count > 1);
  };
  const until = async (what: string, check: () => Promise<boolean> | boolean, timeoutMs = 30_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };

  beforeAll(async () => {
    database = await freshPostgresDatabase('two-instances');
    // Both start at the same moment on an empty store.
    await Promise.all([start('a'), start('b')]);
    bootstrapped = instances.filter(({ dataDir }) => existsSync(join(dataDir, 'dev-credentials.json'))).map(({ label }) => label);
    const first = instances.find(({ label }) => label === bootstrapped[0])!;
    const credentials = JSON.parse(readFileSync(join(first.dataDir, 'dev-credentials.json'), 'utf8')) as DevCredentials;
    marketplace = {
      marketplaceId: credentials.marketplaceId,
      name: credentials.name,
      marketplaceClient: { kind: 'marketplace', ...credentials.marketplaceApi },
      integrationClient: { kind: 'integration', ...credentials.integrationApi },
    } as CreatedMarketplace;
    cliEnv = envFor(first.dataDir, 0);
  }, 120_000);

  afterAll(async () => {
    for (const { server } of instances) if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGTERM');
    await Promise.all(instances.map(({ server }) => server.exited));
    for (const { dataDir } of instances) rmSync(dataDir, { recursive: true, force: true });
    await outboxDb?.close();
    await database?.drop();
  });

  it('made one development marketplace, and each worker runs on exactly one instance', async () => {
    expect(bootstrapped).toHaveLength(1);
    const listed = await cliRun(cliEnv, ['marketplace', 'list', '--json']);
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.stdout)).toHaveLength(1);
    const [a, b] = await Promise.all(instances.map(ready));
    const holders = a.reactors.map((r) => [r.name, [r.heldHere, b.reactors.find((x) => x.name === r.name)?.heldHere].filter(Boolean).length]);
    expect(holders).toEqual(a.reactors.map((r) => [r.name, 1]));
  });

  const member = async (baseUrl: string, email: string) => {
    const tokenStore = sharetribeSdk.tokenStore.memoryStore();
    const client = marketplaceSdk(baseUrl, marketplace, { tokenStore });
    await client.currentUser.create({ email, password: PASSWORD, firstName: 'T', lastName: 'I' });
    await client.login({ username: email, password: PASSWORD });
    const trustedTokens = sharetribeSdk.tokenStore.memoryStore();
    trustedTokens.setToken((await trustedMarketplaceSdk(baseUrl, marketplace, tokenStore).exchangeToken()).data);
    return { client, trusted: marketplaceSdk(baseUrl, marketplace, { tokenStore: trustedTokens }) };
  };

  it('100 customers booking the last seat through both instances: one booking, one live intent; its due expiry runs once', async () => {
    const [a, b] = instances;
    const provider = await member(a.baseUrl, 'provider@example.com');
    await provider.client.stripeAccount.create({ country: 'US', businessProfileURL: 'https://seller.example', bankAccountToken: 'btok_us_verified' });
    const link = await provider.client.stripeAccountLinks.create({ failureURL: 'http://x/f', successURL: 'http://x/s', type: 'custom_account_verification' });
    await fetch(link.data.data.attributes.url, { redirect: 'manual' });
    const listing = await provider.client.ownListings.create({ title: 'Last seat', price: new Money(5000, 'USD'), availabilityPlan: PLAN, publicData: { unitType: 'hour' } });
    const customers = await Promise.all(Array.from({ length: 100 }, (_, i) => member((i % 2 === 0 ? a : b).baseUrl, `c${i}@example.com`)));
    const day = Math.floor(Date.now() / DAY) * DAY + 3 * DAY;
    const params = {
      listingId: listing.data.data.id,
      bookingStart: new Date(day + 9 * 3600_000),
      bookingEnd: new Date(day + 11 * 3600_000),
      lineItems: [{ code: 'line-item/hour', unitPrice: new Money(5000, 'USD'), quantity: 2, includeFor: ['customer', 'provider'] }],
    };
    const results = await Promise.allSettled(
      customers.map((c) => c.trusted.transactions.initiate({ processAlias: 'default-booking/release-1', transition: 'transition/request-payment', params }, { expand: true })),
    );
    const won = results.filter((r): r is PromiseFulfilledResult<any> => r.status === 'fulfilled');
    expect(won).toHaveLength(1);
    const refusals = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => r.reason.status as number);
    // 409: the seat is taken (or a rival's payment claim held it past the wait); 503: the instance's connection pool
    // stayed busy past its connect timeout under this load (the request did nothing). Never anything else.
    expect(refusals.filter((status) => status !== 409 && status !== 503)).toEqual([]);
    const intentId = won[0].value.data.data.attributes.protectedData.stripePaymentIntents.default.stripePaymentIntentId as string;
    const report = async () => JSON.parse((await cliRun(cliEnv, ['payments', 'show', '-m', marketplace.marketplaceId, '--json'])).stdout) as { intents: Array<{ id: string; status: string }> };
    expect((await report()).intents.filter((i) => i.status !== 'canceled').map((i) => i.id)).toEqual([intentId]);

    // The payment is never confirmed: 15 minutes on, transition/expire-payment is due, on whichever instance holds the scheduler.
    expect((await cliRun(cliEnv, ['emulator', 'clock', 'advance', 'PT20M'])).code).toBe(0);
    const integration = integrationSdkFor(b.baseUrl, marketplace);
    // The Integration SDK's own UUID type (the Marketplace SDK's is another class).
    const txId = new integrationSdk.types.UUID(won[0].value.data.data.id.uuid);
    await until('the payment to expire', async () => (await integration.transactions.show({ id: txId })).data.data.attributes.lastTransition === 'transition/expire-payment', 60_000);
    await new Promise((resolve) => setTimeout(resolve, 2000)); // time for a second run, if any
    const transitions = (await integration.transactions.show({ id: txId })).data.data.attributes.transitions as Array<{ transition: string }>;
    expect(transitions.filter((t) => t.transition === 'transition/expire-payment')).toHaveLength(1);
    expect((await report()).intents.find((i) => i.id === intentId)?.status).toBe('canceled');
  }, 180_000);

  it('sends each mail once across both instances, also when the lease holder is killed with kill -9 under load', async () => {
    const sentBefore = (await mails()).length;
    const holder = (await Promise.all(instances.map(ready))).findIndex((r) => r.reactors.some((x) => x.name === 'account-mails' && x.heldHere));
    expect(holder).toBeGreaterThanOrEqual(0);
    const [doomed, survivor] = holder === 0 ? instances : [instances[1], instances[0]];
    const acknowledged: string[] = [];
    let killed = false;
    const worker = async (w: number) => {
      for (let i = 0; acknowledged.length < 120; i += 1) {
        const target = w % 2 === 0 && !killed ? doomed : survivor;
        const email = `load-${w}-${i}@example.com`;
        try {
          await marketplaceSdk(target.baseUrl, marketplace).currentUser.create({ email, password: PASSWORD, firstName: 'L', lastName: 'D' });
          acknowledged.push(email);
        } catch {
          // Not acknowledged (the doomed instance died mid-request): it may or may not have happened.
        }
      }
    };
    const load = Promise.all([0, 1, 2, 3].map(worker));
    await until('some load', () => acknowledged.length >= 30);
    doomed.server.child.kill('SIGKILL');
    killed = true;
    const killedAt = Date.now();
    await doomed.server.exited;
    await load;
    // The survivor takes the leases over and sends what is left.
    await until('the survivor to take the account mails over', async () => (await ready(survivor)).reactors.some((r) => r.name === 'account-mails' && r.heldHere), 15_000);
    const takeoverMs = Date.now() - killedAt;
    const integration = integrationSdkFor(survivor.baseUrl, marketplace);
    for (const email of acknowledged) {
      const found = await integration.users.show({ email }).catch(() => null);
      expect(found?.data.data.attributes.email).toBe(email);
    }
    const verification = (sent: SentMail[]) => sent.filter((m) => m.template === 'verify-email-address' && m.to.startsWith('load-'));
    await until('every verification mail', async () => {
      const sent = verification(await mails());
      return acknowledged.every((email) => sent.some((m) => m.to === email));
    });
    const sent = await mails();
    expect(doubled(sent)).toEqual([]);
    expect(sent.length).toBeGreaterThan(sentBefore);
    expect(takeoverMs).toBeLessThan(10_000);
  }, 180_000);
});
