import Database from 'better-sqlite3';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ALL_PROJECTIONS } from '../projections/registry';
import { rebuildReadModels } from '../projections/projection-engine';
import { loadConfig } from '../src/config';
import { testEnv } from './support/test-env';
import { crashChild } from './support/crash-child-process';
import { openInfrastructure } from '../src/infrastructure/composition-root';
import type { CreatedMarketplace } from '../src/marketplaces/commands/create-marketplace.handler';
import { OutboxMailer } from '../src/mail/outbox-mailer';
import { systemClock } from '../src/shared/clock';
import { decodeStored } from '../src/shared/stored-json';
import { marketplaceSdk } from './support/sdks';

/**
 * kill -9 under load with the reactors running (docs/invariants.md, invariants 1, 5 and 7: at-least-once side effects): the
 * server is killed in the middle of sign-ups (each mails a verification link through a reactor) and account
 * deletions (each deletes the user's listings through another). After a restart nothing acknowledged is lost, every
 * side effect happens exactly once, and the read models equal a rebuild from the log.
 */
describe('crash recovery (kill -9 under load)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'marketplace-crash-'));
  const env = { ...testEnv(), DATA_DIR: dataDir, TOKEN_SECRET: 'crash-test-secret-crash-test-secret' };
  const { start, stop } = crashChild(env);

  afterAll(async () => {
    await stop('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('loses nothing acknowledged, repeats no side effect, and its read models equal a rebuild', async () => {
    let baseUrl = await start();
    const marketplace = JSON.parse(readFileSync(join(dataDir, 'marketplace.json'), 'utf8')) as CreatedMarketplace;
    const signedUp: string[] = [];
    const deleted: string[] = [];
    let running = true;
    const worker = async (w: number) => {
      for (let i = 0; running; i += 1) {
        const email = `w${w}-${i}@example.com`;
        try {
          const sdk = marketplaceSdk(baseUrl, marketplace);
          await sdk.currentUser.create({ email, password: 'secret-password', firstName: 'A', lastName: 'B' });
          signedUp.push(email);
          if (i % 3 !== 0) continue;
          await sdk.login({ username: email, password: 'secret-password' });
          await sdk.ownListings.create({ title: `Listing of ${email}` });
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
    await stop('SIGKILL');
    await load;
    expect(signedUp.length).toBeGreaterThan(10);
    expect(deleted.length).toBeGreaterThan(2);

    // Restart: the reactors go on from their checkpoints.
    baseUrl = await start();
    const db = new Database(join(dataDir, 'marketplace.db'), { readonly: true });
    const caughtUp = () => {
      const head = (db.prepare('SELECT MAX(position) AS p FROM events').get() as { p: number }).p;
      const positions = db.prepare('SELECT position FROM consumer_checkpoints').all() as Array<{ position: number }>;
      return positions.length >= 2 && positions.every((r) => r.position >= head);
    };
    for (let i = 0; i < 200 && !caughtUp(); i += 1) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(caughtUp()).toBe(true);
    const events = db.prepare('SELECT id, type, data, resource_id FROM events ORDER BY position').all() as Array<{ id: string; type: string; data: string; resource_id: string }>;
    db.close();
    await stop('SIGTERM');

    // Nothing acknowledged is lost.
    const created = new Set(events.filter((e) => e.type === 'user/created').map((e) => decodeStored<{ email: string }>(e.data).email));
    for (const email of signedUp) expect(created.has(email)).toBe(true);
    const deletions = events.filter((e) => e.type === 'user/deleted').length;
    expect(deletions).toBeGreaterThanOrEqual(deleted.length);

    // Every verification request mailed exactly once; every deleted user's listings deleted (the cascade survived).
    const mails = await new OutboxMailer(join(dataDir, 'outbox'), systemClock).outbox(marketplace.marketplaceId);
    const requests = events.filter((e) => e.type === 'user/email-verification-requested').map((e) => e.id);
    const keys = mails.map((m) => m.idempotencyKey);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.filter((k) => k?.startsWith('account-mails:')).sort()).toEqual(requests.map((id) => `account-mails:${id}`).sort());
    const resourceOf = (e: { resource_id: string }) => e.resource_id;
    const deletedUsers = new Set(events.filter((e) => e.type === 'user/deleted').map(resourceOf));
    const deletedListings = new Set(events.filter((e) => e.type === 'listing/deleted').map(resourceOf));
    const listingsOfDeleted = events.filter((e) => e.type === 'listing/created' && deletedUsers.has(decodeStored<{ authorId: string }>(e.data).authorId)).map(resourceOf);
    expect(listingsOfDeleted.length).toBeGreaterThanOrEqual(deleted.length);
    for (const listingId of listingsOfDeleted) expect(deletedListings.has(listingId)).toBe(true);

    // The read models the crashed server left equal a rebuild from the log.
    const infra = await openInfrastructure(loadConfig(env, { bootstrapDevMarketplace: false }));
    const snapshot = async () =>
      Promise.all(
        ['user', 'listing'].map((collection) =>
          infra.documents.query(collection, { marketplaceId: marketplace.marketplaceId, offset: 0, limit: 10_000 }),
        ),
      );
    const before = await snapshot();
    await rebuildReadModels(infra.events, infra, ALL_PROJECTIONS);
    expect(await snapshot()).toEqual(before);
    await infra.close();
  }, 120_000);
});
