import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, runServer, spawnServer, waitReady } from './support/server-process';
import { testEnv } from './support/test-env';

/**
 * The server process from start to stop (issue 27, items 1 to 3 and 5): readiness means the announced
 * development marketplace exists, its bootstrap is all or nothing across a kill at any instant, signals stop it
 * cleanly, one server per data folder, and the store is private.
 */
const serverEnv = (dataDir: string, port: number) =>
  testEnv({ DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', BOOTSTRAP_DEV_MARKETPLACE: 'true', LOG_LEVEL: 'error', PASSWORD_HASH_MEMORY_KIB: '1024', PASSWORD_HASH_ITERATIONS: '1' });

const dirs: string[] = [];
const newDataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'marketplace-lifecycle-'));
  dirs.push(dir);
  return join(dir, 'data');
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const credentialsOf = (dataDir: string) =>
  JSON.parse(readFileSync(join(dataDir, 'dev-credentials.json'), 'utf8')) as { marketplaceId: string; integrationApi: { clientId: string; clientSecret: string } };

/** The Integration API client's secret works: the marketplace the file names exists with exactly these credentials. */
const integrationTokenStatus = async (baseUrl: string, dataDir: string) => {
  const { integrationApi } = credentialsOf(dataDir);
  const res = await fetch(`${baseUrl}/v1/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: integrationApi.clientId, client_secret: integrationApi.clientSecret, grant_type: 'client_credentials', scope: 'integ' }),
  });
  return res.status;
};

describe('server process', () => {
  let readyAfterMs = 3000;

  it('answers /health/ready only once the development marketplace it announces exists', async () => {
    const dataDir = newDataDir();
    const port = await freePort();
    const started = Date.now();
    const server = spawnServer(serverEnv(dataDir, port));
    try {
      await waitReady(server, `http://127.0.0.1:${port}`);
      readyAfterMs = Date.now() - started;
      expect(existsSync(join(dataDir, 'dev-credentials.json'))).toBe(true);
      expect(await integrationTokenStatus(`http://127.0.0.1:${port}`, dataDir)).toBe(200);
    } finally {
      server.child.kill('SIGKILL');
      await server.exited;
    }
  }, 60_000);

  it('bootstraps all or nothing: killed or interrupted at any instant of the first start, the next start has usable credentials', async () => {
    // Kills spread over the first start, the bootstrap's instants included: SIGKILL runs no handler at all, SIGINT
    // (Ctrl+C) is the operator's case.
    const tries = [0.55, 0.65, 0.72, 0.78, 0.84, 0.9, 0.96].flatMap((fraction) => [
      { fraction, signal: 'SIGKILL' as const },
      ...(fraction >= 0.72 && fraction <= 0.84 ? [{ fraction, signal: 'SIGINT' as const }] : []),
    ]);
    for (const { fraction, signal } of tries) {
      const dataDir = newDataDir();
      const port = await freePort();
      const first = spawnServer(serverEnv(dataDir, port));
      await new Promise((r) => setTimeout(r, Math.round(readyAfterMs * fraction)));
      first.child.kill(signal);
      const { code } = await first.exited;
      // Ctrl+C once the server has begun: it finishes the start, then stops with 0; before, nothing was written.
      if (signal === 'SIGINT') expect({ fraction, stoppedCleanly: code === 0 || !existsSync(dataDir) }).toEqual({ fraction, stoppedCleanly: true });
      const second = spawnServer(serverEnv(dataDir, port));
      try {
        await waitReady(second, `http://127.0.0.1:${port}`);
        expect({ fraction, signal, credentials: existsSync(join(dataDir, 'dev-credentials.json')) }).toEqual({ fraction, signal, credentials: true });
        expect(await integrationTokenStatus(`http://127.0.0.1:${port}`, dataDir)).toBe(200);
      } finally {
        second.child.kill('SIGKILL');
        await second.exited;
      }
    }
  }, 360_000);

  it.each(['SIGINT', 'SIGTERM'] as const)('stops on %s with exit code 0 and removes server.pid', async (signal) => {
    const dataDir = newDataDir();
    const port = await freePort();
    const server = spawnServer(serverEnv(dataDir, port));
    await waitReady(server, `http://127.0.0.1:${port}`);
    expect(readFileSync(join(dataDir, 'server.pid'), 'utf8').trim()).toBe(String(server.child.pid));
    server.child.kill(signal);
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(existsSync(join(dataDir, 'server.pid'))).toBe(false);
  }, 60_000);

  it('refuses, in one line, a second server over the same data folder, and leaves the first one its lock', async () => {
    const dataDir = newDataDir();
    const port = await freePort();
    const server = spawnServer(serverEnv(dataDir, port));
    try {
      await waitReady(server, `http://127.0.0.1:${port}`);
      const second = await runServer(serverEnv(dataDir, await freePort()));
      expect(second.code).toBe(1);
      expect(second.output.trim().split('\n')).toEqual([`Another server (pid ${server.child.pid}) is running over ${dataDir}. Stop it first, or set DATA_DIR to another folder.`]);
      expect(readFileSync(join(dataDir, 'server.pid'), 'utf8').trim()).toBe(String(server.child.pid));
    } finally {
      server.child.kill('SIGKILL');
      await server.exited;
    }
  }, 60_000);

  it('keeps the store and every secret readable by its owner only', async () => {
    const dataDir = newDataDir();
    const port = await freePort();
    const server = spawnServer(serverEnv(dataDir, port));
    try {
      await waitReady(server, `http://127.0.0.1:${port}`);
      const modes = Object.fromEntries(
        ['.', 'marketplace.db', 'marketplace.db-wal', 'token-secret', 'dev-credentials.json', 'server.pid']
          .filter((f) => existsSync(join(dataDir, f)))
          .map((f) => [f, (statSync(join(dataDir, f)).mode & 0o777).toString(8)]),
      );
      expect(modes).toEqual({ '.': '700', 'marketplace.db': '600', 'marketplace.db-wal': '600', 'token-secret': '600', 'dev-credentials.json': '600', 'server.pid': '600' });
    } finally {
      server.child.kill('SIGKILL');
      await server.exited;
    }
  }, 60_000);
});
