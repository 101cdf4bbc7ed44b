import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { cliRun } from './support/server-process';
import { marketplaceSdk, sharetribeSdk } from './support/sdks';
import { startTestServer, TestServer } from './support/test-server';

const { Money } = sharetribeSdk.types;

/** The read-model tables of the installation that no ANALYZE has given statistics (the log's own are not rebuilt). */
const tablesWithoutStatistics = async (env: NodeJS.ProcessEnv): Promise<string[]> => {
  const client = new Client({ connectionString: env.DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      `SELECT tablename AS name FROM pg_tables t WHERE schemaname = $1 AND tablename IN ('documents', 'document_keys', 'search_listings')
       AND NOT EXISTS (SELECT 1 FROM pg_stats s WHERE s.schemaname = t.schemaname AND s.tablename = t.tablename) ORDER BY 1`,
      [env.DATABASE_SCHEMA ?? 'marketplace'],
    );
    return rows.map((r) => r.name);
  } finally {
    await client.end();
  }
};
const onPostgres = ((globalThis as { TEST_STORE?: string }).TEST_STORE ?? process.env.TEST_STORE) === 'postgres';
/** Elasticsearch read models (E2E_ELASTICSEARCH_URL, where Docker runs): the alias swap, on the embedded project. */
const onElasticsearch = !onPostgres && Boolean(process.env.E2E_ELASTICSEARCH_URL);

/**
 * Rebuild without downtime (issue 26; docs/production.md, Several instances): on PostgreSQL `rebuild` builds the
 * read models beside the live ones and swaps them in, so a server keeps answering, complete, while it runs, and
 * what is written meanwhile is in the new read models; on Elasticsearch an alias swap does the same. The embedded
 * store has no such path (stop the server).
 */
(onPostgres || onElasticsearch ? describe : describe.skip)('rebuild beside the live read models (PostgreSQL; Elasticsearch when E2E_ELASTICSEARCH_URL is set)', () => {
  let server: TestServer;
  const PASSWORD = 'secret-password';

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it('serves complete answers throughout, and keeps what was written during the rebuild', async () => {
    const author = marketplaceSdk(server.baseUrl, server.marketplace);
    await author.currentUser.create({ email: 'author@example.com', password: PASSWORD, firstName: 'A', lastName: 'U' });
    await author.login({ username: 'author@example.com', password: PASSWORD });
    for (let i = 0; i < 40; i += 1) await author.ownListings.create({ title: `Seeded ${i}`, price: new Money(1000 + i, 'USD') });
    const reader = marketplaceSdk(server.baseUrl, server.marketplace);
    const countListings = async () => (await reader.listings.query({ perPage: 100 })).data.meta.totalItems as number;
    expect(await countListings()).toBe(40);

    let running = true;
    const seen: number[] = [];
    const failures: string[] = [];
    const written: string[] = [];
    const readLoop = (async () => {
      while (running) {
        try {
          seen.push(await countListings());
        } catch (error) {
          failures.push(String((error as { status?: number }).status ?? error));
        }
      }
    })();
    const writeLoop = (async () => {
      for (let i = 0; running; i += 1) {
        const created = await author.ownListings.create({ title: `During ${i}`, price: new Money(5000, 'USD') });
        written.push(created.data.data.id.uuid);
      }
    })();
    const elsewhere = mkdtempSync(join(tmpdir(), 'marketplace-rebuild-beside-'));
    try {
      const rebuilt = await cliRun(server.cliEnv({ DATA_DIR: elsewhere }), ['rebuild', '--json']);
      expect({ code: rebuilt.code, stderr: rebuilt.code === 0 ? '' : rebuilt.stderr }).toEqual({ code: 0, stderr: '' });
    } finally {
      running = false;
      await Promise.all([readLoop, writeLoop]);
      rmSync(elsewhere, { recursive: true, force: true });
    }
    // Every read answered, and never from empty or half-built read models.
    expect(failures).toEqual([]);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.filter((n) => n < 40)).toEqual([]);
    // What was written while the rebuild ran is there afterwards.
    expect(await countListings()).toBe(40 + written.length);
    expect(written.length).toBeGreaterThan(0);
    if (onPostgres) expect(await tablesWithoutStatistics(server.cliEnv())).toEqual([]);
  }, 120_000);
});
