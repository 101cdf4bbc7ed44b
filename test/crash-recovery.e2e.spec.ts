import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { ALL_PROJECTIONS } from '../projections/registry';
import { rebuildReadModels } from '../projections/projection-engine';
import { loadConfig } from '../src/config';
import type { RecordedEvent } from '../src/event-store/event-store.port';
import { Infrastructure, openInfrastructure } from '../src/infrastructure/composition-root';
import { PostgresDatabase } from '../src/infrastructure/postgres-database';
import type { CreatedMarketplace } from '../src/marketplaces/commands/create-marketplace.handler';
import { PostgresDocumentStore } from '../src/read-models/postgres-document-store';
import { PostgresListingSearch } from '../src/search/postgres-listing-search';
import { crashChild } from './support/crash-child-process';
import { http } from './support/http';
import { freshPostgresDatabase, skipWithoutPostgres, TestDatabase } from './support/postgres';
import { marketplaceSdk } from './support/sdks';
import { testEnv } from './support/test-env';

/**
 * An engine the crash test runs on: what the server process is given, and how the read models it left are
 * compared with a rebuild from its log.
 */
interface CrashEngine {
  name: string;
  /** The server's environment beyond DATA_DIR and TOKEN_SECRET; set up before the first start. */
  env(): Promise<Record<string, string>>;
  /** Fails when the read models the crashed server left differ from a rebuild of its log. */
  expectReadModelsEqualRebuild(infra: Infrastructure, marketplaceId: string): Promise<void>;
  cleanup(): Promise<void>;
}

/** Embedded: a snapshot of the users, listings and listing search, the rebuild in place, the same snapshot again. */
const embedded = (): CrashEngine => ({
  name: 'embedded (SQLite)',
  env: async () => ({}),
  expectReadModelsEqualRebuild: async (infra, marketplaceId) => {
    const snapshot = async () => ({
      documents: await Promise.all(['user', 'listing'].map((collection) => infra.documents.query(collection, { marketplaceId, offset: 0, limit: 10_000 }))),
      search: await infra.search.query({ marketplaceId, offset: 0, limit: 10_000 }),
    });
    const before = await snapshot();
    await rebuildReadModels(infra.events, infra, ALL_PROJECTIONS);
    expect(await snapshot()).toEqual(before);
  },
  cleanup: async () => undefined,
});

/** The read-model tables of a PostgreSQL installation (documents, keys, tombstones, checkpoints, listing search). */
const READ_MODEL_TABLES = ['documents', 'document_keys', 'document_tombstones', 'projection_checkpoints', 'search_listings', 'search_versions', 'search_counts'];

/**
 * PostgreSQL: a fresh database of the run's cluster. The log is replayed into a second schema of that database
 * (`rebuildReadModels`, as the operator's `rebuild` does), and every row of every read-model table of the crashed
 * server's schema must be a row of the rebuilt one and the reverse: bodies as stored, keys, tombstones, positions,
 * search words and values.
 */
const postgres = (): CrashEngine => {
  let database: TestDatabase | null = null;
  return {
    name: 'PostgreSQL',
    env: async () => {
      database = await freshPostgresDatabase('crash');
      return { DATABASE_URL: database.url };
    },
    expectReadModelsEqualRebuild: async (infra) => {
      const db = await PostgresDatabase.open({ url: database!.url, schema: 'rebuilt', maxConnections: 2 });
      const documents = await PostgresDocumentStore.open(db);
      const search = await PostgresListingSearch.open(db);
      await rebuildReadModels(infra.events, { documents, search }, ALL_PROJECTIONS);
      await db.close();
      const client = new Client({ connectionString: database!.url });
      await client.connect();
      try {
        const rows = async (schema: string, table: string) =>
          (await client.query<{ row: string }>(`SELECT t::text AS row FROM ${schema}.${table} t ORDER BY 1`)).rows.map((r) => r.row);
        for (const table of READ_MODEL_TABLES) {
          const [left, rebuilt] = [await rows('marketplace', table), await rows('rebuilt', table)];
          expect({ table, rows: left }).toEqual({ table, rows: rebuilt });
        }
      } finally {
        await client.end();
      }
    },
    cleanup: async () => {
      await database?.drop();
    },
  };
};

/**
 * kill -9 under load with the reactors running (docs/invariants.md, invariants 1, 5 and 7: at-least-once side
 * effects), on each engine: the server is killed in the middle of sign-ups (each mails a verification link through
 * a reactor) and account deletions (each deletes the user's listings through another). After a restart on the same
 * store nothing acknowledged is lost, every side effect happens exactly once, and the read models equal a rebuild
 * from the log.
 */
const crashRecovery = (engine: CrashEngine) =>
  describe(`crash recovery (kill -9 under load), ${engine.name}`, () => {
    let dataDir = '';
    let env: NodeJS.ProcessEnv = {};
    let child: ReturnType<typeof crashChild>;

    // In beforeAll, not when the suite is read: a run that leaves this case out (-t) leaves no folder behind.
    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'marketplace-crash-'));
      env = { ...testEnv(), DATA_DIR: dataDir, TOKEN_SECRET: 'crash-test-secret-crash-test-secret', ...(await engine.env()) };
      child = crashChild(env);
    });
    afterAll(async () => {
      await child?.stop('SIGKILL');
      await engine.cleanup();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    it('loses nothing acknowledged, repeats no side effect, and its read models equal a rebuild', async () => {
      let baseUrl = await child.start();
      const marketplace = JSON.parse(readFileSync(join(dataDir, 'marketplace.json'), 'utf8')) as CreatedMarketplace;
      const signedUp: string[] = [];
      const listed: string[] = [];
      const deleted: string[] = [];
      let running = true;
      // Every user signs up; one in three also lists (kept: the search read model has rows), one in three lists and
      // deletes the account (its listing goes by the cascade).
      const worker = async (w: number) => {
        for (let i = 0; running; i += 1) {
          const email = `w${w}-${i}@example.com`;
          try {
            const sdk = marketplaceSdk(baseUrl, marketplace);
            await sdk.currentUser.create({ email, password: 'secret-password', firstName: 'A', lastName: 'B' });
            signedUp.push(email);
            if (i % 3 === 2) continue;
            await sdk.login({ username: email, password: 'secret-password' });
            const listing = await sdk.ownListings.create({ title: `Listing of ${email}`, description: `Worker ${w} listing ${i}`, publicData: { worker: w } });
            listed.push(listing.data.data.id.uuid);
            if (i % 3 === 1) continue;
            await sdk.currentUser.delete({ currentPassword: 'secret-password' });
            deleted.push(email);
          } catch {
            if (!running) return; // the server is gone: what was not acknowledged may or may not have happened
          }
        }
      };
      const load = Promise.all(Array.from({ length: 6 }, (_, w) => worker(w)));
      await new Promise((resolve) => setTimeout(resolve, 2500));
      running = false;
      await child.stop('SIGKILL');
      await load;
      expect(signedUp.length).toBeGreaterThan(10);
      expect(listed.length).toBeGreaterThan(4);
      expect(deleted.length).toBeGreaterThan(2);

      // Restart on the same store: the reactors go on from their checkpoints until none is behind the log.
      baseUrl = await child.start();
      const caughtUp = async () => {
        const { reactors } = (await http(baseUrl, '/health/ready')).body as { reactors: Array<{ lag: number; stopped: boolean }> };
        return reactors.length >= 2 && reactors.every((r) => r.lag === 0 && !r.stopped);
      };
      for (let i = 0; i < 200 && !(await caughtUp()); i += 1) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await caughtUp()).toBe(true);
      await child.stop('SIGTERM');

      const infra = await openInfrastructure(loadConfig(env, { bootstrapDevMarketplace: false }));
      try {
        const events = await wholeLog(infra);

        // Nothing acknowledged is lost.
        const created = new Set(events.filter((e) => e.type === 'user/created').map((e) => (e.data as { email: string }).email));
        for (const email of signedUp) expect(created.has(email)).toBe(true);
        const listings = new Set(events.filter((e) => e.type === 'listing/created').map((e) => e.metadata.resourceId));
        for (const id of listed) expect(listings.has(id)).toBe(true);
        const deletions = events.filter((e) => e.type === 'user/deleted').length;
        expect(deletions).toBeGreaterThanOrEqual(deleted.length);

        // Every verification request mailed exactly once; every deleted user's listings deleted (the cascade survived).
        const mails = await infra.mailer.outbox(marketplace.marketplaceId);
        const requests = events.filter((e) => e.type === 'user/email-verification-requested').map((e) => e.id);
        const keys = mails.map((m) => m.idempotencyKey);
        expect(new Set(keys).size).toBe(keys.length);
        expect(keys.filter((k) => k?.startsWith('account-mails:')).sort()).toEqual(requests.map((id) => `account-mails:${id}`).sort());
        const resourceOf = (e: RecordedEvent) => e.metadata.resourceId;
        const deletedUsers = new Set(events.filter((e) => e.type === 'user/deleted').map(resourceOf));
        const deletedListings = new Set(events.filter((e) => e.type === 'listing/deleted').map(resourceOf));
        const listingsOfDeleted = events.filter((e) => e.type === 'listing/created' && deletedUsers.has((e.data as { authorId: string }).authorId)).map(resourceOf);
        expect(listingsOfDeleted.length).toBeGreaterThanOrEqual(deleted.length);
        for (const listingId of listingsOfDeleted) expect(deletedListings.has(listingId)).toBe(true);

        // The read models the crashed server left equal a rebuild from the log.
        await engine.expectReadModelsEqualRebuild(infra, marketplace.marketplaceId);
      } finally {
        await infra.close();
      }
    }, 120_000);
  });

const wholeLog = async (infra: Infrastructure): Promise<RecordedEvent[]> => {
  const events: RecordedEvent[] = [];
  for (;;) {
    const page = await infra.events.readAll({ after: events.at(-1)?.position ?? 0, limit: 1000 });
    if (page.length === 0) return events;
    events.push(...page);
  }
};

crashRecovery(embedded());
if (skipWithoutPostgres('crash recovery (kill -9 under load), PostgreSQL')) crashRecovery(postgres());
