import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestServer, TestServer } from './support/test-server';
import { testEnv } from './support/test-env';

const ROOT = join(__dirname, '..');

/** The README's "Point the SDKs at it" snippet, pasted into a .js file as it is, runs against a server. */
describe('the README', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('has an SDK snippet that runs as a .js file', async () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## Point the SDKs at it'));
    const snippet = /```js\n([\s\S]*?)```/.exec(section)![1]
      .replaceAll('http://127.0.0.1:3300', server.baseUrl)
      .replace('<Marketplace API client id>', server.marketplace.marketplaceClient.clientId)
      .replace('<Integration API client id>', server.marketplace.integrationClient.clientId)
      .replace('<Integration API client secret>', server.marketplace.integrationClient.clientSecret);
    const dir = mkdtempSync(join(tmpdir(), 'readme-snippet-'));
    try {
      writeFileSync(join(dir, 'example.js'), snippet);
      const run = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
        const child = spawn(process.execPath, [join(dir, 'example.js')], { env: testEnv({ NODE_PATH: join(ROOT, 'node_modules') }), stdio: ['ignore', 'pipe', 'pipe'] });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (d) => (stdout += d));
        child.stderr.on('data', (d) => (stderr += d));
        child.on('exit', (code) => resolve({ code, stdout, stderr }));
      });
      expect(run).toMatchObject({ code: 0, stderr: '' });
      expect(run.stdout).toContain('jane@example.com');
      expect(run.stdout).toContain('user/created');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
