import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { describeWithChromium, launchChromium } from './support/chromium';
import { CommandBus } from '@nestjs/cqrs';
import { UpdateMarketplaceCommand } from '../src/marketplaces/commands/update-marketplace.handler';
import { SetSearchSchemaCommand } from '../src/search-schemas/commands/search-schema.handlers';
import { operatorContext } from '../src/shared/command-context';
import { marketplaceSdk } from './support/sdks';
import { addOperator, OPERATOR_PASSWORD, quoteRequest, signUpUser } from './support/console';
import { buildConsole } from './support/console-build';
import { startTestServer, TestServer } from './support/test-server';

/**
 * The operator console in headless Chromium (Debian's package, driven by playwright-core as the Stripe.js
 * stand-in's test is): the page built from the current sources, served by the real server at /console, signed in
 * as an operator, acting through the Integration API. Screenshots go to test-output/console/ (desktop and phone).
 */
const SHOTS = join(__dirname, '..', 'test-output', 'console');

describeWithChromium('operator console in a browser', () => {
  let server: TestServer;
  let browser: Browser;
  let consoleDir: string;
  let operatorId: string;
  const problems: string[] = [];

  beforeAll(async () => {
    consoleDir = buildConsole();
    server = await startTestServer({ consoleDir });
    operatorId = (await addOperator(server, 'ops@example.com')).id;
    browser = await launchChromium();
    mkdirSync(SHOTS, { recursive: true });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    rmSync(consoleDir, { recursive: true, force: true });
  });

  /** A page that records what must never happen: script errors and Content-Security-Policy refusals. */
  const newPage = async (viewport: { width: number; height: number }): Promise<Page> => {
    const page = await browser.newPage({ viewport });
    // The page's Date is the server's (test) clock, as a browser's and a server's agree in life: the console asks
    // for windows around "now" (availability exceptions) that the API judges by its own clock. Timers keep running.
    await page.clock.setFixedTime(server.clock.now());
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    // React reports a render error it caught (the page shows "Something went wrong") on the console.
    page.on('console', (message) => {
      if (message.type() === 'error' && /React error|Uncaught/.test(message.text())) problems.push(message.text().slice(0, 300));
    });
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content.Security.Policy|Refused to/i.test(message.text())) problems.push(message.text());
    });
    return page;
  };

  const signInAs = async (page: Page, email: string, password = OPERATOR_PASSWORD) => {
    await page.goto(`${server.baseUrl}/console/`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
  };

  it('refuses a wrong password with the generic message', async () => {
    const page = await newPage({ width: 1280, height: 800 });
    await signInAs(page, 'ops@example.com', 'wrong-password-1');
    await page.getByRole('alert').filter({ hasText: 'The email or the password is wrong.' }).waitFor();
    await page.close();
  });

  it('signs in, finds a user by email, bans them, shows the ban in the event log naming the operator, the reactors and a process graph', async () => {
    const userId = await signUpUser(server, server.marketplace.marketplaceClient.clientId, 'target@example.com');
    const page = await newPage({ width: 1280, height: 800 });
    await signInAs(page, 'ops@example.com');
    await page.getByRole('menuitem', { name: 'Users' }).click();
    await page.getByLabel('Email').fill('target@example.com');
    await page.getByRole('cell', { name: 'target@example.com' }).click();
    await page.waitForURL(`**/console/users/${userId}/show`);
    await page.screenshot({ path: join(SHOTS, 'user-desktop.png') });
    await page.getByRole('button', { name: 'Ban' }).click();
    await page.getByRole('button', { name: 'Unban' }).waitFor();
    await page.getByText('banned', { exact: true }).waitFor();

    await page.getByRole('menuitem', { name: 'Event log' }).click();
    await page.getByLabel('Resource id').fill(userId);
    const row = page.getByRole('row').filter({ hasText: 'user/updated' }).last();
    await row.getByText(`operator ${operatorId.slice(0, 8)}`).waitFor();
    await page.screenshot({ path: join(SHOTS, 'event-log-desktop.png'), fullPage: true });
    // A phone: the same log as a simple list that fits the width (no sideways scrolling).
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByText(/\d+ user\/updated/).last().waitFor();
    expect(await page.evaluate(() => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: join(SHOTS, 'event-log-phone.png') });

    // Operations: the readiness report's reactors (the test server runs them). From a fresh page at desktop width:
    // the phone layout folds the menu away.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${server.baseUrl}/console/users`);
    await page.getByRole('menuitem', { name: 'Operations' }).click();
    await page.waitForURL('**/console/operations');
    await page.getByRole('table', { name: 'Reactors' }).getByRole('cell', { name: 'running here' }).first().waitFor();

    // Processes: a version drawn as a graph (dagre's layout), with its EDN.
    await page.getByRole('menuitem', { name: 'Processes' }).click();
    await page.getByLabel('Process', { exact: true }).click();
    await page.getByRole('option', { name: 'default-negotiation' }).click();
    await page.getByRole('img', { name: 'Process graph: states and transitions' }).getByText('operator-reject-request (operator)').waitFor();
    await page.getByLabel('process.edn').filter({ hasText: ':transition/request-quote' }).waitFor();
    expect(await page.evaluate(() => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
    await page.screenshot({ path: join(SHOTS, 'process-desktop.png') });
    await page.close();
    expect(problems).toEqual([]);
  }, 60_000);

  it("reads a mail in the outbox, and moves the payment emulator's clock from the Payments page", async () => {
    await signUpUser(server, server.marketplace.marketplaceClient.clientId, 'mailed@example.com');
    await server.idle();
    const page = await newPage({ width: 1280, height: 800 });
    await signInAs(page, 'ops@example.com');
    await page.getByRole('menuitem', { name: 'Mail outbox' }).click();
    await page.getByRole('cell', { name: 'mailed@example.com' }).click();
    await page.getByLabel('Text of the mail to mailed@example.com').filter({ hasText: 'http' }).waitFor();
    await page.screenshot({ path: join(SHOTS, 'mail-outbox-desktop.png') });

    await page.getByRole('menuitem', { name: 'Payments' }).click();
    await page.getByRole('table', { name: 'Payment intents' }).waitFor();
    const duration = page.getByLabel('Move the clock ahead by');
    await duration.fill('soon');
    await page.getByRole('button', { name: 'Advance the clock' }).click();
    await page.getByText(/duration/).first().waitFor();
    await duration.fill('P2D');
    await page.getByRole('button', { name: 'Advance the clock' }).click();
    await page.getByText(/Clock moved ahead by P2D/).waitFor();
    await page.close();
    expect(problems).toEqual([]);
  }, 60_000);

  it('edits a JSON asset and publishes it as a new version, then shows the difference from the version before', async () => {
    const page = await newPage({ width: 1280, height: 800 });
    await signInAs(page, 'ops@example.com');
    await page.getByRole('menuitem', { name: 'Assets' }).click();
    await page.getByRole('list', { name: 'Asset files' }).getByText('/content/footer.json').click();
    await page.getByLabel('Text of /content/footer.json').waitFor();
    await page.getByRole('button', { name: 'Edit' }).click();
    const editor = page.getByLabel('Edit /content/footer.json');
    await editor.fill('{ not json');
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByText(/Not JSON/).waitFor();
    await editor.fill(JSON.stringify({ slogan: 'Edited in the console' }, null, 2));
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByText(/Published version #\d+/).waitFor();
    await page.getByLabel('Compare with').click();
    await page.getByRole('option').nth(1).click();
    await page.getByRole('region', { name: 'Changes between the versions' }).getByText('~ /content/footer.json').waitFor();
    await page.getByRole('list', { name: 'Asset files' }).getByText('/content/footer.json').click();
    await page.getByLabel('Changes of /content/footer.json').filter({ hasText: '+   "slogan": "Edited in the console"' }).waitFor();
    await page.screenshot({ path: join(SHOTS, 'assets-desktop.png') });
    const delivered = await fetch(`${server.baseUrl}/v1/assets/pub/${server.marketplace.marketplaceClient.clientId}/a/latest/content/footer.json`);
    expect(((await delivered.json()) as { data: unknown }).data).toEqual({ slogan: 'Edited in the console' });
    await page.close();
    expect(problems).toEqual([]);
  }, 60_000);

  it("filters users by an extended-data key of the marketplace's user search schemas", async () => {
    await server.app.get(CommandBus).execute(new SetSearchSchemaCommand(operatorContext(server.marketplace.marketplaceId, new Date()), { schemaFor: 'userProfile', scope: 'public', key: 'role', type: 'enum' }));
    for (const [email, role] of [['seller1@example.com', 'seller'], ['buyer1@example.com', 'buyer']]) {
      const client = marketplaceSdk(server.baseUrl, server.marketplace);
      await client.currentUser.create({ email, password: 'secret-password', firstName: 'R', lastName: role, publicData: { role } });
    }
    const page = await newPage({ width: 1280, height: 800 });
    await signInAs(page, 'ops@example.com');
    await page.getByRole('menuitem', { name: 'Users' }).click();
    await page.getByRole('cell', { name: 'buyer1@example.com' }).waitFor();
    await page.getByRole('button', { name: 'Add filter' }).click();
    await page.getByRole('menu').getByText('pub_role (enum)').click();
    await page.getByLabel('pub_role (enum)').fill('seller');
    // The page's time stands still (newPage): react-admin's filter debounce waits for it to move on.
    await page.clock.setFixedTime(new Date(server.clock.now().getTime() + 1000));
    await page.getByRole('cell', { name: 'buyer1@example.com' }).waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: 'seller1@example.com' }).waitFor();
    await page.close();
    expect(problems).toEqual([]);
  }, 60_000);

  it('is usable from the keyboard, and every control on its pages has an accessible name', async () => {
    const page = await newPage({ width: 1280, height: 800 });
    await page.goto(`${server.baseUrl}/console/`);
    // Sign in without the mouse: the form's fields in tab order, Enter submits.
    await page.getByLabel('Email').focus();
    await page.keyboard.type('ops@example.com');
    await page.keyboard.press('Tab');
    await page.keyboard.type(OPERATOR_PASSWORD);
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Users' }).waitFor();
    // The menu is reached with Tab and opened with Enter.
    await page.getByRole('menuitem', { name: 'Payments' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/console/payments');
    /** Controls a screen reader cannot name: no label, aria-label, aria-labelledby, title or text. */
    const unnamed = () =>
      page.evaluate(() => {
        const doc = (globalThis as unknown as { document: any }).document;
        const controls = [...doc.querySelectorAll('input:not([type=hidden]):not([aria-hidden=true]), select, textarea, button, [role=button], a[href]')] as any[];
        return controls
          .filter((el) => el.offsetParent !== null || el.getClientRects().length > 0)
          .filter((el) => {
            const labelled = el.getAttribute('aria-labelledby')?.split(' ').some((id: string) => doc.getElementById(id)?.textContent?.trim());
            const label = el.id && doc.querySelector(`label[for="${el.id}"]`)?.textContent?.trim();
            return !(el.getAttribute('aria-label') || labelled || label || el.getAttribute('title') || el.textContent?.trim() || el.closest('label')?.textContent?.trim());
          })
          .map((el) => el.outerHTML.slice(0, 160));
      });
    for (const path of ['payments', 'users', 'assets', 'mails', 'operations', 'processes', 'events']) {
      await page.goto(`${server.baseUrl}/console/${path}`);
      await page.waitForLoadState('networkidle');
      expect([path, await unnamed()]).toEqual([path, []]);
    }
    await page.close();
    expect(problems).toEqual([]);
  }, 60_000);

  it('approves a pending user and denies them posting, closes a listing, previews and runs an operator transition, and shows the transaction as of before it', async () => {
    const { transactionId } = await quoteRequest(server);
    await server.app.get(CommandBus).execute(new UpdateMarketplaceCommand(server.marketplace.marketplaceId, { type: 'update', settings: { requireUserApproval: true } }));
    await signUpUser(server, server.marketplace.marketplaceClient.clientId, 'pending@example.com');
    const page = await newPage({ width: 1280, height: 800 });
    await signInAs(page, 'ops@example.com');

    await page.getByRole('menuitem', { name: 'Users' }).click();
    await page.getByLabel('Email').fill('pending@example.com');
    await page.getByRole('cell', { name: 'pending@example.com' }).click();
    await page.waitForURL('**/console/users/*/show');
    await page.getByText('pendingApproval', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.getByText('Approve: done').waitFor();
    await page.getByText('active', { exact: true }).waitFor();
    await page.getByRole('tab', { name: 'Permissions' }).click();
    await page.getByLabel('Post listings').click();
    await page.getByRole('option', { name: 'denied' }).click();
    await page.getByRole('button', { name: 'Save permissions' }).click();
    await page.getByText('Permissions saved').waitFor();

    await page.getByRole('menuitem', { name: 'Listings' }).click();
    await page.getByRole('cell', { name: 'Sauna by the lake' }).click();
    await page.getByRole('button', { name: 'Close listing' }).click();
    // Open is offered only for a closed listing.
    await page.getByRole('button', { name: 'Open listing' }).waitFor();
    await page.getByRole('tab', { name: 'Availability & stock' }).click();
    await page.getByText('No exceptions in the next 90 days.').waitFor();
    await page.getByText('not set', { exact: true }).waitFor();

    await page.goto(`${server.baseUrl}/console/transactions/${transactionId}/show`);
    await page.getByLabel('Transition', { exact: true }).click();
    await page.getByRole('option', { name: 'transition/operator-reject-request' }).click();
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByLabel('Preview', { exact: true }).filter({ hasText: 'transition/operator-reject-request' }).waitFor();
    await page.getByRole('button', { name: 'Run' }).click();
    await page.getByText('transition/operator-reject-request', { exact: true }).first().waitFor();
    await page.screenshot({ path: join(SHOTS, 'transaction-desktop.png'), fullPage: true });

    await page.getByRole('tab', { name: 'History' }).click();
    const first = page.getByRole('row').filter({ hasText: 'transaction/initiated' });
    await first.getByRole('link', { name: /as of sequenceId/ }).click();
    const asOf = page.getByLabel('Resource as of the sequenceId');
    await asOf.filter({ hasText: '"lastTransition": "transition/request-quote"' }).waitFor();
    await page.getByRole('table', { name: 'Changes after the sequenceId' }).getByRole('cell', { name: 'transition/operator-reject-request' }).first().waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: join(SHOTS, 'as-of-phone.png'), fullPage: true });
    await page.close();
    expect(problems).toEqual([]);
  }, 90_000);

  it("keeps an operator to their marketplaces: another one's is not offered and its token is refused (403)", async () => {
    const elsewhere = await server.createMarketplace('Elsewhere');
    await addOperator(server, 'elsewhere@example.com', [elsewhere.marketplaceId]);
    const page = await newPage({ width: 1280, height: 800 });
    await signInAs(page, 'elsewhere@example.com');
    await page.getByRole('menuitem', { name: 'Users' }).click();
    await page.getByLabel('Marketplace').filter({ hasText: 'Elsewhere' }).waitFor();
    const status = await page.evaluate(async (marketplaceId: string) => {
      const session = (await (await fetch('/console/api/session')).json()) as { data: { csrfToken: string } };
      const res = await fetch('/console/api/token', { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': session.data.csrfToken }, body: JSON.stringify({ marketplaceId }) });
      return res.status;
    }, server.marketplace.marketplaceId);
    expect(status).toBe(403);
    await page.close();
  });
});
