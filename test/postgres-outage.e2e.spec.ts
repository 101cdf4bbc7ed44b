import { Logger } from '@nestjs/common';
import { Client } from 'pg';
import { http } from './support/http';
import { freshPostgresDatabase, skipWithoutPostgres, TestDatabase } from './support/postgres';
import { postgresBinaries, startThrowawayCluster, ThrowawayCluster } from './support/postgres-cluster';
import { failureOf, integrationSdk, integrationSdkFor, marketplaceSdk } from './support/sdks';
import { startTestServer, TestServer } from './support/test-server';

/**
 * PostgreSQL in trouble under a running server (docs/production.md, Production on PostgreSQL, When PostgreSQL is
 * away): a request the database cannot serve is a 503 in the error envelope, quickly (never a 500, never a hang),
 * and the server serves again, reactors included, as soon as the database is back, without a restart.
 */

/** Longest a request may take while the database is away: the answer must be a prompt 503, not a hang. */
const PROMPT_MS = 5000;
const PASSWORD = 'secret-password';

const signUp = (server: TestServer, email: string) =>
  marketplaceSdk(server.baseUrl, server.marketplace).currentUser.create({ email, password: PASSWORD, firstName: 'Pat', lastName: 'Outage' });

/** A request that must answer promptly: how long it took, and its answer. */
const timed = async <T>(request: () => Promise<T>): Promise<{ ms: number; answer: T }> => {
  const started = Date.now();
  const answer = await request();
  return { ms: Date.now() - started, answer };
};

const expectServiceUnavailable = (failure: { status: number; data: any }) => {
  expect(failure.status).toBe(503);
  expect(failure.data.errors).toEqual([expect.objectContaining({ status: 503, code: 'service-unavailable', title: 'Service unavailable' })]);
};

const waitUntil = async (what: string, check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

const bin = postgresBinaries();
if (!bin) {
  describe.skip('PostgreSQL stopped and started under a running server (skipped: it needs PostgreSQL binaries in /usr/lib/postgresql/*/bin to run a cluster of its own)', () => {
    it('runs on PostgreSQL', () => undefined);
  });
} else {
  describe('PostgreSQL stopped and started under a running server', () => {
    let cluster: ThrowawayCluster;
    let server: TestServer;
    beforeAll(async () => {
      cluster = await startThrowawayCluster(bin);
      server = await startTestServer({ databaseUrl: cluster.url });
    });
    afterAll(async () => {
      await server?.close();
      await cluster?.remove();
    });

    const outbox = async (to: string) => (await server.infra.mailer.outbox(server.marketplace.marketplaceId)).filter((m) => m.to === to);
    const ready = () => http(server.baseUrl, '/health/ready').then((r) => r.status);
    /** The server's LISTEN connection for subscriptions (postgres-log-subscriptions.ts), as the database sees it. */
    const listening = async (): Promise<boolean> => {
      const admin = new Client({ connectionString: cluster.url });
      await admin.connect();
      try {
        const { rows } = await admin.query(`SELECT 1 FROM pg_stat_activity WHERE query LIKE 'LISTEN %'`);
        return rows.length > 0;
      } finally {
        await admin.end();
      }
    };

    it('answers 503 while it is down and serves again once it is back, losing nothing acknowledged', async () => {
      const integ = integrationSdkFor(server.baseUrl, server.marketplace);
      const first = await signUp(server, 'first@example.com');
      await server.idle();
      expect(await outbox('first@example.com')).toHaveLength(1);
      expect(await listening()).toBe(true);

      // Sign-ups all along: before the stop, in flight when it comes, while the database is away, after it is back.
      const acknowledged: Array<{ email: string; id: string }> = [];
      const refusals: Array<{ status: number; data: any; ms: number }> = [];
      let loading = true;
      const worker = async (w: number) => {
        for (let i = 0; loading; i += 1) {
          const email = `w${w}-${i}@example.com`;
          const started = Date.now();
          try {
            const created = await signUp(server, email);
            acknowledged.push({ email, id: created.data.data.id.uuid });
          } catch (error) {
            const { status, data } = error as { status: number; data: any };
            refusals.push({ status, data, ms: Date.now() - started });
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
        }
      };
      // The complaints of the reactors and of the error filter (a line per 503) while the database is away are expected here.
      const quiet = [console, Logger.prototype].flatMap((logger) => [jest.spyOn(logger, 'warn').mockImplementation(() => undefined), jest.spyOn(logger, 'error').mockImplementation(() => undefined)]);
      const load = Promise.all([1, 2, 3, 4].map(worker));
      try {
        await waitUntil('load acknowledged', async () => acknowledged.length >= 8);
        await cluster.stop('fast');
        const stoppedWith = acknowledged.length;

        const command = await timed(() => failureOf(signUp(server, 'during@example.com')));
        expectServiceUnavailable(command.answer);
        expect(command.ms).toBeLessThan(PROMPT_MS);
        const read = await timed(() => failureOf(integ.users.show({ id: new integrationSdk.types.UUID(first.data.data.id.uuid) })));
        expectServiceUnavailable(read.answer);
        expect(read.ms).toBeLessThan(PROMPT_MS);
        const probe = await timed(() => http(server.baseUrl, '/health/ready'));
        expect(probe.answer.status).toBe(503);
        expect(probe.answer.body.reasons.join(' ')).toContain('event store unreachable');
        expect(probe.ms).toBeLessThan(PROMPT_MS);

        await cluster.start();
        await waitUntil('ready again', async () => (await ready()) === 200);
        // Served again, without a restart.
        await waitUntil('sign-ups acknowledged again', async () => acknowledged.length >= stoppedWith + 8);
      } finally {
        loading = false;
        await load;
        quiet.forEach((spy) => spy.mockRestore());
      }

      // Every refusal was a prompt 503 in the error envelope.
      expect(refusals.length).toBeGreaterThan(0);
      for (const refusal of refusals) {
        expectServiceUnavailable(refusal);
        expect(refusal.ms).toBeLessThan(PROMPT_MS);
      }
      // Nothing acknowledged is lost, and the reactors resumed: every sign-up's verification mail, once.
      const users = [{ email: 'first@example.com', id: first.data.data.id.uuid as string }, ...acknowledged];
      const shown = await Promise.all(users.map((u) => integ.users.show({ id: new integrationSdk.types.UUID(u.id) })));
      expect(shown.map((u) => u.data.data.attributes.email)).toEqual(users.map((u) => u.email));
      await waitUntil('every sign-up mailed', async () => (await Promise.all(users.map((u) => outbox(u.email)))).every((mails) => mails.length > 0));
      for (const user of users) expect(await outbox(user.email)).toHaveLength(1);
      // Subscriptions hear other instances' appends again: the LISTEN connection is back.
      await waitUntil('listening again', listening);
    }, 60_000);
  });
}

if (skipWithoutPostgres('PostgreSQL too slow: a statement past DATABASE_STATEMENT_TIMEOUT_MS')) {
  describe('PostgreSQL too slow: a statement past DATABASE_STATEMENT_TIMEOUT_MS', () => {
    let database: TestDatabase;
    let server: TestServer;
    beforeAll(async () => {
      database = await freshPostgresDatabase('statement_timeout');
      server = await startTestServer({ databaseUrl: database.url, databaseStatementTimeoutMs: 500 });
    });
    afterAll(async () => {
      await server?.close();
      await database?.drop();
    });

    it('is a 503 in the error envelope, for a command and for a read, and the server serves once the database is quick again', async () => {
      const signedUp = await signUp(server, 'slow@example.com');
      const integ = integrationSdkFor(server.baseUrl, server.marketplace);
      // Another session holds what the server needs (as a long migration or a stuck transaction would): first the
      // append lock (postgres-event-store.ts, APPEND_LOCK), which every append waits for, then the read models' table.
      const blocker = new Client({ connectionString: database.url });
      await blocker.connect();
      const quiet = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
      try {
        await blocker.query('BEGIN');
        await blocker.query('SELECT pg_advisory_xact_lock(7245002)');
        const command = await timed(() => failureOf(signUp(server, 'blocked@example.com')));
        expectServiceUnavailable(command.answer);
        expect(command.ms).toBeLessThan(PROMPT_MS);
        await blocker.query('LOCK TABLE marketplace.documents IN ACCESS EXCLUSIVE MODE');
        const read = await timed(() => failureOf(integ.users.show({ id: new integrationSdk.types.UUID(signedUp.data.data.id.uuid) })));
        expectServiceUnavailable(read.answer);
        expect(read.ms).toBeLessThan(PROMPT_MS);
      } finally {
        await blocker.query('ROLLBACK');
        await blocker.end();
        quiet.mockRestore();
      }
      expect((await signUp(server, 'unblocked@example.com')).status).toBe(200);
    }, 30_000);
  });
}
