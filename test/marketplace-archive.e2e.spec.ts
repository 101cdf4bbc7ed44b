import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Config, loadConfig } from '../src/config';
import { openInfrastructure } from '../src/infrastructure/composition-root';
import { goldenMeta, importGoldenLog, sweep, type GoldenMeta } from './support/golden-log';
import { cliRun, freePort, spawnServer, waitReady } from './support/server-process';
import { failureOf, marketplaceSdk } from './support/sdks';
import { freshPostgresDatabase } from './support/postgres';
import { startTestServer, TestServer, testStore } from './support/test-server';
import { testEnv } from './support/test-env';

const RELEASE = 'v0.1.0';

/**
 * Moving a marketplace (src/marketplace-archive/): the golden log's marketplace exported from one store through
 * the CLI, imported into another, and every read of the golden sweep answers the same there.
 */
describe('marketplace export and import', () => {
  const folder = mkdtempSync(join(tmpdir(), 'marketplace-archive-'));
  const archive = join(folder, 'golden.tar.gz');
  let source: TestServer;
  let meta: GoldenMeta;
  let expected: Record<string, unknown>;
  /** A store with no server on it (an import needs the store to itself), on the engine the project runs. */
  const emptyStore = async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'marketplace-import-'));
    const database = testStore() === 'postgres' ? await freshPostgresDatabase('import') : null;
    const config: Partial<Config> = { dataDir, databaseUrl: database?.url ?? null };
    const env = testEnv({ DATA_DIR: dataDir, TOKEN_SECRET: source.infra.config.tokenSecret, SQLITE_SYNCHRONOUS: 'NORMAL', PUBLIC_BASE_URL: 'http://127.0.0.1', ...(database ? { DATABASE_URL: database.url } : {}) });
    const head = async () => {
      const infra = await openInfrastructure(loadConfig(env));
      try {
        return await infra.events.headPosition();
      } finally {
        await infra.close();
      }
    };
    const remove = async () => {
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    };
    return { env, config, head, remove };
  };

  /** The golden marketplace's sweep settings for its copy imported `--as copyId` (its API clients renamed). */
  const copyMeta = (copyId: string, clientIds: Record<string, string>): GoldenMeta => {
    const { marketplaceClient, integrationClient } = meta.marketplace;
    return {
      ...meta,
      marketplace: {
        ...meta.marketplace,
        marketplaceId: copyId,
        marketplaceClient: { ...marketplaceClient, clientId: clientIds[marketplaceClient.clientId] },
        integrationClient: { ...integrationClient, clientId: clientIds[integrationClient.clientId] },
      },
    };
  };

  beforeAll(async () => {
    source = await startTestServer();
    await importGoldenLog(source, RELEASE);
    meta = goldenMeta(RELEASE);
    expected = await sweep(source.baseUrl, meta);
  }, 120_000);
  afterAll(async () => {
    await source?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('exports the whole marketplace to one owner-only archive, imports it into another store (again: a no-op), and every read answers the same', async () => {
    const exported = await cliRun(source.cliEnv(), ['marketplace', 'export', archive, '-m', meta.marketplace.marketplaceId, '--json']);
    expect([exported.code, exported.stderr]).toEqual([0, '']);
    const report = JSON.parse(exported.stdout);
    const logged = await source.infra.events.readAll({ limit: 100_000, filter: { marketplaceId: meta.marketplace.marketplaceId } });
    expect(report.counts.events).toBe(logged.length);
    expect(report.counts.blobs).toBeGreaterThan(0);
    expect(statSync(archive).mode & 0o777).toBe(0o600);

    const store = await emptyStore();
    try {
      const imported = await cliRun(store.env, ['marketplace', 'import', archive, '--json']);
      expect([imported.code, imported.stderr]).toEqual([0, '']);
      expect(JSON.parse(imported.stdout)).toMatchObject({ marketplaceId: meta.marketplace.marketplaceId, events: report.counts.events, blobs: report.counts.blobs, resumed: false });
      const head = await store.head();
      const again = await cliRun(store.env, ['marketplace', 'import', archive, '--json']);
      expect([again.code, again.stderr, JSON.parse(again.stdout || '{}').resumed]).toEqual([0, '', true]);
      expect(await store.head()).toBe(head);

      // The history's pending jobs are not run while the reads are compared (the source's are stopped too).
      const target = await startTestServer(store.config, { background: false });
      try {
        target.clock.advance(new Date(meta.clockAt).getTime() - target.clock.now().getTime());
        expect(await sweep(target.baseUrl, meta)).toEqual(expected);
      } finally {
        await target.close();
      }
      // A server running on the store (its process: server.pid, or the scheduler lease): the import is refused.
      const port = await freePort();
      const running = spawnServer({ ...store.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_BASE_URL: `http://127.0.0.1:${port}` });
      try {
        await waitReady(running, `http://127.0.0.1:${port}`);
        const refused = await cliRun(store.env, ['marketplace', 'import', archive]);
        expect([refused.code, refused.stderr.trim()]).toEqual([1, expect.stringMatching(/^A server (\(pid \d+\) runs over .*|instance runs on this store): stop .* before importing/)]);
      } finally {
        running.child.kill('SIGTERM');
        await running.exited;
      }
    } finally {
      await store.remove();
    }
  }, 180_000);

  it('imports a copy beside the original with --as: new marketplace and client ids, the same answers under them', async () => {
    const copyId = '11111111-2222-4333-8444-555555555555';
    const store = await emptyStore();
    try {
      expect((await cliRun(store.env, ['marketplace', 'import', archive])).code).toBe(0);
      const copied = await cliRun(store.env, ['marketplace', 'import', archive, '--as', copyId, '--json']);
      expect([copied.code, copied.stderr]).toEqual([0, '']);
      const { clientIds } = JSON.parse(copied.stdout) as { clientIds: Record<string, string> };
      const { marketplaceClient, integrationClient } = meta.marketplace;
      expect(clientIds[marketplaceClient.clientId]).not.toBe(marketplaceClient.clientId);
      const copy = copyMeta(copyId, clientIds);
      const target = await startTestServer(store.config, { background: false });
      try {
        target.clock.advance(new Date(meta.clockAt).getTime() - target.clock.now().getTime());
        // Every id replaced; image URLs are signed over the marketplace id, so their signatures differ.
        const unsigned = (answers: unknown) => JSON.parse(JSON.stringify(answers).replace(/sig=[\w-]+/g, 'sig=…'));
        const renamed = [meta.marketplace.marketplaceId, marketplaceClient.clientId, integrationClient.clientId].reduce(
          (text, id) => text.split(id).join(id === meta.marketplace.marketplaceId ? copyId : clientIds[id]),
          JSON.stringify(expected),
        );
        expect(unsigned(await sweep(target.baseUrl, copy))).toEqual(unsigned(JSON.parse(renamed)));
        // The original beside it is untouched.
        expect(await sweep(target.baseUrl, meta)).toEqual(expected);
      } finally {
        await target.close();
      }
    } finally {
      await store.remove();
    }
  }, 180_000);

  it('replaces a marketplace with --replace (refused without it): back as archived, the marketplace beside it untouched', async () => {
    const copyId = '66666666-7777-4888-8999-000000000000';
    const store = await emptyStore();
    try {
      expect((await cliRun(store.env, ['marketplace', 'import', archive])).code).toBe(0);
      const copied = await cliRun(store.env, ['marketplace', 'import', archive, '--as', copyId, '--json']);
      const copy = copyMeta(copyId, (JSON.parse(copied.stdout) as { clientIds: Record<string, string> }).clientIds);
      // The marketplace changes after the import: a new user.
      const changed = await startTestServer(store.config, { background: false });
      let copyAnswers: unknown;
      try {
        changed.clock.advance(new Date(meta.clockAt).getTime() - changed.clock.now().getTime());
        await marketplaceSdk(changed.baseUrl, meta.marketplace as never).currentUser.create({ email: 'after-import@example.com', password: 'secret-password', firstName: 'A', lastName: 'I' });
        copyAnswers = await sweep(changed.baseUrl, copy);
      } finally {
        await changed.close();
      }
      // Another archive of the same marketplace (the copy's, imported under the original's id) is refused without --replace.
      const other = join(folder, 'copy.tar.gz');
      const exportedCopy = await cliRun(store.env, ['marketplace', 'export', other, '-m', copyId, '--force']);
      expect([exportedCopy.code, exportedCopy.stderr]).toEqual([0, '']);
      const head = await store.head();
      const refused = await cliRun(store.env, ['marketplace', 'import', other, '--as', meta.marketplace.marketplaceId]);
      expect([refused.code, refused.stderr.trim()]).toEqual([1, `Marketplace ${meta.marketplace.marketplaceId} is already in this store. Give --replace to replace it with the archive, or import a copy with --as <new id>.`]);
      expect(await store.head()).toBe(head);

      const replaced = await cliRun(store.env, ['marketplace', 'import', archive, '--replace', '--json']);
      expect([replaced.code, replaced.stderr]).toEqual([0, '']);
      const report = JSON.parse(replaced.stdout);
      expect(report.replaced.events).toBeGreaterThan(report.events);
      const target = await startTestServer(store.config, { background: false });
      try {
        target.clock.advance(new Date(meta.clockAt).getTime() - target.clock.now().getTime());
        expect(await sweep(target.baseUrl, meta)).toEqual(expected);
        const signIn = marketplaceSdk(target.baseUrl, meta.marketplace as never).login({ username: 'after-import@example.com', password: 'secret-password' });
        expect((await failureOf(signIn)).status).toBe(401);
        expect(await sweep(target.baseUrl, copy)).toEqual(copyAnswers);
      } finally {
        await target.close();
      }
    } finally {
      await store.remove();
    }
  }, 180_000);

  it('refuses a corrupt or truncated archive before writing anything, in one line, exit 1', async () => {
    const whole = readFileSync(archive);
    const corrupt = Buffer.from(whole);
    corrupt[Math.floor(corrupt.length / 2)] ^= 0xff;
    const cases: Array<[string, Buffer]> = [
      ['corrupt.tar.gz', corrupt],
      ['truncated.tar.gz', whole.subarray(0, Math.floor(whole.length * 0.8))],
      ['not-an-archive.tar.gz', Buffer.from('hello')],
    ];
    const store = await emptyStore();
    try {
      for (const [name, bytes] of cases) {
        writeFileSync(join(folder, name), bytes);
        const refused = await cliRun(store.env, ['marketplace', 'import', join(folder, name)]);
        expect([name, refused.code, refused.stderr.trim().split('\n').length]).toEqual([name, 1, 1]);
        expect(refused.stderr).toMatch(/corrupt|not a whole marketplace archive|manifest/);
      }
      expect(await store.head()).toBe(0);
    } finally {
      await store.remove();
    }
  }, 120_000);

  it('refuses an unknown marketplace, an existing file, and a bad --as in one line, exit 1', async () => {
    const unknown = await cliRun(source.cliEnv(), ['marketplace', 'export', join(folder, 'x.tar.gz'), '-m', '00000000-0000-4000-8000-000000000000']);
    expect([unknown.code, unknown.stderr.trim()]).toEqual([1, 'No marketplace 00000000-0000-4000-8000-000000000000.']);
    const exists = await cliRun(source.cliEnv(), ['marketplace', 'export', archive, '-m', meta.marketplace.marketplaceId]);
    expect([exists.code, exists.stderr.trim()]).toEqual([1, `${archive} exists; give --force to replace it.`]);
    const badAs = await cliRun(source.cliEnv(), ['marketplace', 'import', archive, '--as', 'copy']);
    expect([badAs.code, badAs.stderr.trim()]).toEqual([1, '--as must be a marketplace id (a UUID).']);
  }, 60_000);
});
