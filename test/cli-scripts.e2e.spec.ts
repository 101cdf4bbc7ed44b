import { ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../src/config';
import { openInfrastructure } from '../src/infrastructure/composition-root';
import { holdServerLock } from '../src/server-lock';
import { startTestServer, TestServer } from './support/test-server';
import { testEnv } from './support/test-env';
import { marketplaceSdk } from './support/sdks';

const ROOT = join(__dirname, '..');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The CLI from its TypeScript sources (no build between an edit and a test), as its own process. */
const cliProcess = (env: NodeJS.ProcessEnv, args: string[]): ChildProcess =>
  spawn(process.execPath, ['--require', join(__dirname, 'support/register-ts.js'), join(ROOT, 'src/cli/main.ts'), ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });

const finished = (child: ChildProcess): Promise<Run> =>
  new Promise((resolve) => {
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (d) => (stdout += d));
    child.stderr!.on('data', (d) => (stderr += d));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });

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
    const release = holdServerLock(server.infra.config.dataDir);
    try {
      const refused = await cli('rebuild');
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(new RegExp(`A server \\(pid ${process.pid}\\) runs over`));
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
  it('prints only the JSON on stdout (npm banner silenced, build output on stderr)', async () => {
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
