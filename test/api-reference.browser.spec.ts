import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { describeWithChromium, launchChromium } from './support/chromium';
import { startTestServer, TestServer } from './support/test-server';

/**
 * The API reference page (/docs/api) in headless Chromium: Scalar renders the server's document with nothing
 * loaded from elsewhere (no CDN, no fonts, no proxy) and nothing refused by its Content-Security-Policy.
 * A screenshot goes to test-output/api-reference.png.
 */

describeWithChromium('API reference page in a browser', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('renders the document from this server alone', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems: string[] = [];
    const elsewhere: string[] = [];
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content.Security.Policy|Refused to/i.test(message.text())) problems.push(message.text());
    });
    page.on('request', (request) => {
      if (!request.url().startsWith(server.baseUrl) && !request.url().startsWith('data:')) elsewhere.push(request.url());
    });
    await page.goto(`${server.baseUrl}/docs/api`);
    await page.getByText('Marketplace server APIs').first().waitFor({ timeout: 20_000 });
    await page.getByText('Integration API').first().waitFor({ timeout: 20_000 });
    mkdirSync(join(__dirname, '..', 'test-output'), { recursive: true });
    await page.screenshot({ path: join(__dirname, '..', 'test-output', 'api-reference.png') });
    expect(problems).toEqual([]);
    expect(elsewhere).toEqual([]);
  }, 60_000);
});
