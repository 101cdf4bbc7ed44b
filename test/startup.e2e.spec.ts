import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_PORT, loadConfig } from '../src/config';
import { postgresTestUrl } from './support/postgres';
import { testEnv } from './support/test-env';

const run = (env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, ['--require', join(__dirname, 'support/register-ts.js'), join(__dirname, '../src/main.ts')], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });

describe('start-up', () => {
  it('listens by default on a port apart from the Web Template (3000, 3500, 4000) and MARKETPLACE_URL', () => {
    const config = loadConfig({}, { dataDir: mkdtempSync(join(tmpdir(), 'marketplace-port-')), tokenSecret: 'x' });
    expect(config.port).toBe(DEFAULT_PORT);
    expect([3000, 3500, 4000, Number(new URL(config.marketplaceUrl).port)]).not.toContain(config.port);
  });

  it('says in one line that the port is in use, exits non-zero, and writes nothing', async () => {
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    const parent = mkdtempSync(join(tmpdir(), 'marketplace-port-'));
    const dataDir = join(parent, 'data');
    try {
      const result = await run(testEnv({ DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', BOOTSTRAP_DEV_MARKETPLACE: 'true', LOG_LEVEL: 'error' }));
      expect(result.code).toBe(1);
      expect(result.stderr.trim().split('\n')).toEqual([`Cannot listen on 127.0.0.1:${port}: the port is already in use. Set PORT (and HOST) to another, e.g. PORT=${port + 1}.`]);
      expect(existsSync(dataDir)).toBe(false);
    } finally {
      blocker.close();
      rmSync(parent, { recursive: true, force: true });
    }
  }, 60_000);

  it('refuses a DATA_DIR that is a file in one line, creating nothing', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'marketplace-file-'));
    const dataDir = join(parent, 'data');
    writeFileSync(dataDir, 'not a folder');
    try {
      const result = await run(testEnv({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', BOOTSTRAP_DEV_MARKETPLACE: 'true' }));
      expect(result.code).toBe(1);
      expect(result.stderr.trim().split('\n')).toEqual([`DATA_DIR ${dataDir} is a file, not a folder. Set DATA_DIR to a folder (it is created when missing).`]);
      expect(readdirSync(parent)).toEqual(['data']);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  }, 60_000);

  it('refuses an unknown LOG_LEVEL in one line, creating nothing', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'marketplace-log-'));
    const dataDir = join(parent, 'data');
    try {
      const result = await run(testEnv({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'verbose', BOOTSTRAP_DEV_MARKETPLACE: 'true' }));
      expect(result.code).toBe(1);
      expect(result.stderr.trim().split('\n')).toEqual(['LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, not "verbose".']);
      expect(existsSync(dataDir)).toBe(false);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  }, 60_000);

  it('refuses to start with a production store and no PUBLIC_BASE_URL, saying why, before opening anything', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'marketplace-base-url-'));
    try {
      const result = await run(testEnv({ DATA_DIR: dataDir, PORT: '0', EVENTSTORE_URL: 'kurrentdb://127.0.0.1:1?tls=false', LOG_LEVEL: 'error' }));
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('PUBLIC_BASE_URL must be set');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('start-up on PostgreSQL (DATABASE_URL)', () => {
  /** Runs the server with DATABASE_URL (and more); answers its exit code and the lines it wrote to stderr. */
  const start = async (env: Record<string, string>) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'marketplace-pg-start-'));
    try {
      // A production store needs PUBLIC_BASE_URL and TOKEN_SECRET (checked first): given, so each case reaches its own refusal.
      const result = await run(testEnv({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'error', PUBLIC_BASE_URL: 'http://localhost:3300', TOKEN_SECRET: 'startup-test-secret-startup-test-secret', ...env }));
      return { code: result.code, lines: result.stderr.trim().split('\n') };
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  };

  it('refuses a mix with KurrentDB or Elasticsearch in one line', async () => {
    const result = await start({ DATABASE_URL: 'postgres://127.0.0.1:1/x', ELASTICSEARCH_URL: 'http://127.0.0.1:1' });
    expect(result).toEqual({ code: 1, lines: ['Cannot start: DATABASE_URL puts every store on PostgreSQL and cannot be combined with ELASTICSEARCH_URL: unset one or the other.'] });
  }, 60_000);

  it('says in one line that DATABASE_URL does not parse', async () => {
    expect(await start({ DATABASE_URL: 'localhost:5432' })).toEqual({
      code: 1,
      lines: ['Cannot start: DATABASE_URL must start with postgres:// or postgresql://, not localhost://'],
    });
    expect(await start({ DATABASE_URL: 'not a url' })).toEqual({
      code: 1,
      lines: ['Cannot start: DATABASE_URL is not a URL (expected postgres://user:password@host:5432/database)'],
    });
  }, 60_000);

  it('says in one line that the server refuses the connection', async () => {
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    blocker.close();
    const result = await start({ DATABASE_URL: `postgres://user:secret@127.0.0.1:${port}/marketplace` });
    expect(result.code).toBe(1);
    expect(result.lines).toEqual([`Cannot start: PostgreSQL at 127.0.0.1:${port}/marketplace: connect ECONNREFUSED 127.0.0.1:${port}`]);
    expect(result.lines[0]).not.toContain('secret');
  }, 60_000);

  const server = postgresTestUrl();
  (server ? it : it.skip)('says in one line that the login or the database is refused', async () => {
    const url = new URL(server!);
    url.pathname = '/no_such_database';
    const result = await start({ DATABASE_URL: url.toString() });
    expect(result.code).toBe(1);
    expect(result.lines).toEqual([`Cannot start: PostgreSQL at ${url.hostname}:${url.port}/no_such_database: database "no_such_database" does not exist`]);
  }, 60_000);
});
