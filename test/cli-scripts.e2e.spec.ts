import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../src/config';
import { openInfrastructure } from '../src/infrastructure/composition-root';
import { holdServerLock } from '../src/server-lock';
import { startTestServer, TestServer, testStore } from './support/test-server';
import { testEnv } from './support/test-env';
import { cliProcess, finished } from './support/server-process';
import { spawn } from 'node:child_process';

const ROOT = join(__dirname, '..');
import { marketplaceSdk } from './support/sdks';

describe('the operator CLI for scripts', () => {
  let server: TestServer;
  let env: NodeJS.ProcessEnv;
  const cli = (...args: string[]) => finished(cliProcess(env, args));

  beforeAll(async () => {
    server = await startTestServer();
    env = server.cliEnv();
  });
  afterAll(() => server.close());

  it('follows new events with `events tail` until stopped, honouring --filter', async () => {
    const child = cliProcess(env, ['events', 'tail', '--filter', 'user', '--limit', '0', '--json']);
    const run = finished(child);
    let seen = '';
    child.stdout!.on('data', (d) => (seen += d));
    await new Promise((resolve) => setTimeout(resolve, 4000)); // past the old exit after ~2 s, and the start-up
    const sdk = marketplaceSdk(server.baseUrl, server.marketplace);
    await sdk.currentUser.create({ email: 'tail@example.com', password: 'secret-password', firstName: 'T', lastName: 'Ail' });
    const deadline = Date.now() + 10_000;
    while (!seen.includes('\n') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(child.exitCode).toBeNull();
    child.kill('SIGINT');
    const result = await run;
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const lines = result.stdout.trim().split('\n').map((l) => JSON.parse(l) as { attributes: { eventType: string } });
    expect(lines.length).toBeGreaterThan(0);
    for (const l of lines) expect(l.attributes.eventType).toMatch(/^user\//);
  }, 40_000);

  it('pages `events query` past 100 and prints the API view, never internal fields', async () => {
    const all = await cli('events', 'query', '--all', '--json');
    expect(all.code).toBe(0);
    const events = JSON.parse(all.stdout) as Array<{ type: string; attributes: Record<string, unknown> }>;
    expect(events.length).toBeGreaterThan(0);
    expect(events[0]).toMatchObject({ type: 'event', attributes: { sequenceId: expect.any(Number) } });
    expect(all.stdout).not.toMatch(/passwordHash|secretHash|tokenHash|tokenNonce/);
    const two = JSON.parse((await cli('events', 'query', '--all', '--json', '--limit', '2')).stdout) as unknown[];
    expect(two).toHaveLength(2);
  }, 30_000);

  it('refuses `rebuild` beside a running server unless --force', async () => {
    // PostgreSQL rebuilds beside the live read models while servers run: test/rebuild-beside.e2e.spec.ts.
    if (server.infra.config.databaseUrl) return;
    const release = holdServerLock(server.infra.config.dataDir);
    try {
      const refused = await cli('rebuild');
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(new RegExp(`A server \\(pid ${process.pid}\\) runs over`));
    } finally {
      release();
    }
  }, 30_000);

  it('refuses an "as of" `rebuild` while a server instance runs on a shared store, whatever the data folder', async () => {
    // Embedded, the data folder is the store (the case above); on PostgreSQL the running instances hold its leases.
    if (!server.infra.config.databaseUrl) return;
    const elsewhere = mkdtempSync(join(tmpdir(), 'marketplace-rebuild-'));
    try {
      // A rebuild "as of" a sequence id would be the instances' read models for good: refused while one runs.
      const refused = await finished(cliProcess({ ...env, DATA_DIR: elsewhere }, ['rebuild', '--until-seqid', '3']));
      expect(refused.code).toBe(1);
      expect(refused.stderr.trim()).toBe('A server instance runs on this store: --until-seqid needs every instance stopped (--force does not apply), or a copy of the store.');
      expect((await marketplaceSdk(server.baseUrl, server.marketplace).marketplace.show()).status).toBe(200);
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  }, 30_000);

  it("lists a marketplace's API clients (never a secret) and issues a client a new secret that works at once", async () => {
    const { marketplaceId, marketplaceClient, integrationClient } = server.marketplace;
    const listed = await cli('marketplace', 'clients', '-m', marketplaceId, '--json');
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.stdout)).toEqual([
      { clientId: marketplaceClient.clientId, kind: 'marketplace', name: 'Test marketplace Marketplace API', revoked: false },
      { clientId: integrationClient.clientId, kind: 'integration', name: 'Test marketplace Integration API', revoked: false },
    ]);
    expect(listed.stdout).not.toMatch(/secret/i);
    const token = (secret: string) =>
      fetch(`${server.baseUrl}/v1/auth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ client_id: integrationClient.clientId, client_secret: secret, grant_type: 'client_credentials', scope: 'integ' }),
      }).then((r) => r.status);
    const issued = await cli('marketplace', 'client-secret', '-m', marketplaceId, '--client', integrationClient.clientId, '--json');
    expect(issued.code).toBe(0);
    const { clientSecret } = JSON.parse(issued.stdout) as { clientSecret: string };
    expect(await token(clientSecret)).toBe(200);
    expect(await token(integrationClient.clientSecret)).toBe(401);
    const other = await cli('marketplace', 'client-secret', '-m', marketplaceId, '--client', '00000000-0000-4000-8000-000000000000');
    expect(other.code).toBe(1);
    expect(other.stderr.trim()).toMatch(/api-client-not-found: No such active client\.$/);
    integrationClient.clientSecret = clientSecret;
  }, 30_000);

  it('refuses a numeric option that is not a whole number in range, with exit 1 and nothing done', async () => {
    const before = JSON.parse((await cli('events', 'query', '--all', '--json')).stdout) as unknown[];
    const cases: string[][] = [
      ['rebuild', '--until-seqid', 'abc'],
      ['rebuild', '--until-seqid=-5'],
      ['events', 'query', '--after-seqid', 'abc'],
      ['events', 'query', '--until-seqid', '1.5'],
      ['events', 'query', '--limit', 'ten'],
      ['events', 'tail', '--limit', 'x'],
      ['mail', '-m', server.marketplace.marketplaceId, '--limit', '0'],
      ['process', 'pull', '-m', server.marketplace.marketplaceId, '--process', 'default-inquiry', '--path', '/nonexistent', '--version', 'two'],
    ];
    for (const args of cases) {
      const run = await cli(...args);
      expect({ args, code: run.code, stdout: run.stdout }).toEqual({ args, code: 1, stdout: '' });
      expect(run.stderr.trim()).toMatch(/^error: option '.+' argument '.+' is invalid\. It must be a whole number, [01] or more\.$/);
    }
    // Nothing was dropped or replayed: the read models still answer, the log is as it was.
    expect(JSON.parse((await cli('events', 'query', '--all', '--json')).stdout)).toEqual(before);
    expect((await marketplaceSdk(server.baseUrl, server.marketplace).marketplace.show()).status).toBe(200);
  }, 60_000);

  it('refuses an "as of" rebuild (--until-seqid) beside a running server, even with --force', async () => {
    const release = holdServerLock(server.infra.config.dataDir);
    try {
      const refused = await cli('rebuild', '--force', '--until-seqid', '3');
      expect(refused.code).toBe(1);
      expect(refused.stderr.trim()).toBe(
        `A server (pid ${process.pid}) runs over ${server.infra.config.dataDir}: --until-seqid needs it stopped (--force does not apply). Stop it, or run the rebuild on a copy of the data folder (DATA_DIR=<copy>).`,
      );
      // The server's read models are whole: its marketplace's clients and users are all there.
      expect((await marketplaceSdk(server.baseUrl, server.marketplace).marketplace.show()).status).toBe(200);
    } finally {
      release();
    }
  }, 30_000);

  it('fails with exit 1 on an unknown marketplace and on a data folder without a store', async () => {
    const mail = await cli('mail', '-m', '00000000-0000-4000-8000-000000000000');
    expect(mail.code).toBe(1);
    expect(mail.stderr).toContain('No marketplace 00000000-0000-4000-8000-000000000000.');
    const empty = mkdtempSync(join(tmpdir(), 'marketplace-empty-'));
    try {
      const none = await cli('marketplace', 'list', '--json');
      expect(none.code).toBe(0);
      // A mistyped data folder of the embedded store (no DATABASE_URL).
      const missing = await finished(cliProcess({ ...env, DATA_DIR: join(empty, 'typo'), DATABASE_URL: undefined }, ['marketplace', 'list']));
      expect(missing.code).toBe(1);
      expect(missing.stderr).toContain('No store in');
      expect(existsSync(join(empty, 'typo', 'marketplace.db'))).toBe(false);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  }, 30_000);
});

describe("the CLI's clock", () => {
  it('stamps what the CLI writes with the store\'s clock, moved ahead by emulator clock advance, as the server does', async () => {
    const server = await startTestServer();
    try {
      const env = server.cliEnv();
      const cli = (...args: string[]) => finished(cliProcess(env, args));
      expect((await cli('emulator', 'clock', 'advance', 'P30D')).code).toBe(0);
      const set = await cli('search-schema', 'set', '-m', server.marketplace.marketplaceId, '--key', 'size', '--type', 'long', '--scope', 'public');
      expect(set.code).toBe(0);
      const events = JSON.parse((await cli('events', 'query', '--all', '--json')).stdout) as Array<{ attributes: { eventType: string; createdAt: string } }>;
      const written = events.filter((e) => e.attributes.eventType === 'searchSchema/set').at(-1)!;
      expect(new Date(written.attributes.createdAt).getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600_000);
    } finally {
      await server.close();
    }
  }, 60_000);
});

describe('--json on every command', () => {
  it('gives the text-only commands --json too: one JSON document on stdout', async () => {
    const server = await startTestServer();
    try {
      const env = server.cliEnv();
      const run = await finished(cliProcess(env, ['search-schema', 'set', '-m', server.marketplace.marketplaceId, '--key', 'size', '--type', 'long', '--scope', 'public', '--json']));
      expect(run.code).toBe(0);
      expect(JSON.parse(run.stdout)).toEqual({ ok: true, messages: expect.any(Array) });
    } finally {
      await server.close();
    }
  }, 30_000);
});

describe('the documented call for scripts: npm run -s cli -- … --json', () => {
  // The npm script over a data folder of its own: the same on either engine, and its first run builds the server
  // (tens of seconds), so the PostgreSQL project does not run it a second time beside the first.
  (testStore() === 'embedded' ? it : it.skip)('prints only the JSON on stdout (npm banner silenced, build output on stderr)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'marketplace-npm-'));
    try {
      const infra = await openInfrastructure(loadConfig(testEnv({ DATA_DIR: dataDir }), { tokenSecret: 'npm-test-secret-npm-test-secret' }));
      await infra.close();
      writeFileSync(join(dataDir, 'token-secret'), 'npm-test-secret-npm-test-secret');
      const run = await finished(spawn('npm', ['run', '-s', 'cli', '--', 'marketplace', 'list', '--json'], { cwd: ROOT, env: testEnv({ DATA_DIR: dataDir }), stdio: ['ignore', 'pipe', 'pipe'] }));
      expect(run.code).toBe(0);
      expect(JSON.parse(run.stdout)).toEqual([]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
