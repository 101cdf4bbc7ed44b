import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { CreatedMarketplace } from '../src/marketplaces/commands/create-marketplace.handler';
import { cliRun, freePort, ServerChild, spawnServer, waitReady } from './support/server-process';
import { failureOf, marketplaceSdk } from './support/sdks';
import { testEnv } from './support/test-env';

/**
 * `emulator snapshot` (src/emulator-snapshots): a running embedded server saves and restores its whole store over
 * HTTP, as a test runner does before each test file; the CLI does the same with the server stopped.
 */
describe('emulator snapshots of the embedded store', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'marketplace-snapshots-'));
  let env: NodeJS.ProcessEnv;
  let server: ServerChild;
  let baseUrl: string;
  let marketplace: CreatedMarketplace;
  const SEEDED_USERS = 100;
  const LISTINGS_EACH = 16;
  const SEEDED_LISTINGS = SEEDED_USERS * LISTINGS_EACH + 1;

  const start = async () => {
    server = spawnServer(env);
    await waitReady(server, baseUrl);
  };
  const stop = async () => {
    server.child.kill('SIGTERM');
    expect((await server.exited).code).toBe(0);
  };
  const control = async (path: string, method = 'POST') => {
    const res = await fetch(`${baseUrl}/v1/emulator/snapshots${path}`, { method });
    return { status: res.status, body: (await res.json()) as any };
  };
  const sdk = () => marketplaceSdk(baseUrl, marketplace);
  const signUp = async (email: string, listings = 1) => {
    const client = sdk();
    await client.currentUser.create({ email, password: 'secret-password', firstName: 'Seed', lastName: email.split('@')[0] });
    await client.login({ username: email, password: 'secret-password' });
    await Promise.all(Array.from({ length: listings }, (_, i) => client.ownListings.create({ title: `Listing ${i} of ${email}` })));
    return client;
  };
  const listingCount = async () => (await sdk().listings.query({ perPage: 1 })).data.meta.totalItems as number;
  const outboxFiles = () => (existsSync(join(dataDir, 'outbox', marketplace.marketplaceId)) ? readdirSync(join(dataDir, 'outbox', marketplace.marketplaceId)).length : 0);

  beforeAll(async () => {
    baseUrl = `http://127.0.0.1:${await freePort()}`;
    env = testEnv({ DATA_DIR: dataDir, PORT: new URL(baseUrl).port, HOST: '127.0.0.1', SQLITE_SYNCHRONOUS: 'NORMAL', PASSWORD_HASH_MEMORY_KIB: '1024', PASSWORD_HASH_ITERATIONS: '1' });
    const created = await cliRun(env, ['marketplace', 'create', '--name', 'Snapshots', '--json']);
    expect(created.code).toBe(0);
    marketplace = JSON.parse(created.stdout) as CreatedMarketplace;
    await start();
    // The seeded marketplace: users with listings, one with a profile image (a blob), their verification mails.
    for (let i = 0; i < SEEDED_USERS; i += 25) await Promise.all(Array.from({ length: 25 }, (_, j) => signUp(`seed${i + j}@example.com`, LISTINGS_EACH)));
    const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 90, g: 140, b: 200 } } }).jpeg().toBuffer();
    const owner = await signUp('owner@example.com');
    const image = (await owner.images.upload({ image: new Blob([photo], { type: 'image/jpeg' }) })).data.data.id;
    await owner.currentUser.updateProfile({ profileImageId: image });
  }, 120_000);
  afterAll(async () => {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('saves over HTTP, and a restore puts back the store, its blobs and outbox while the port stays open, in under a second', async () => {
    const saved = await control('/seeded/save');
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ name: 'seeded' });
    expect(saved.body.data.events).toBeGreaterThan(2000);
    const seededListings = await listingCount();
    const seededMails = outboxFiles();
    expect(seededListings).toBe(SEEDED_LISTINGS);

    // After the snapshot: a new user, a new listing, a new mail.
    const late = await signUp('late@example.com');
    expect(await listingCount()).toBe(seededListings + 1);
    expect(outboxFiles()).toBeGreaterThan(seededMails);

    // A request sent while the restore runs is held and answered by the restored store (the port never closes).
    const restoring = control('/seeded/restore');
    const during = listingCount();
    const restored = await restoring;
    expect(restored.status).toBe(200);
    expect(restored.body.meta.ms).toBeLessThan(1000);
    expect(await during).toBe(seededListings);
    expect(await listingCount()).toBe(seededListings);
    expect(outboxFiles()).toBe(seededMails);
    // The user made after the snapshot is gone: their session and their password no longer work.
    const lateSession = await failureOf(late.currentUser.show());
    expect(lateSession.status).toBe(403);
    expect((await failureOf(sdk().login({ username: 'late@example.com', password: 'secret-password' }))).status).toBe(401);
    // A seeded user signs in, and their profile image (a blob saved with the snapshot) is served.
    const owner = sdk();
    await owner.login({ username: 'owner@example.com', password: 'secret-password' });
    const me = (await owner.currentUser.show({ include: ['profileImage'], 'fields.image': ['variants.square-small'] })).data;
    const url = me.included[0].attributes.variants['square-small'].url as string;
    expect((await fetch(url)).status).toBe(200);
    // The marketplace goes on from the snapshot: a sign-up works, and the same snapshot restores again.
    await signUp('after@example.com');
    expect((await control('/seeded/restore')).status).toBe(200);
    expect(await listingCount()).toBe(seededListings);
    console.log(`snapshot of ${saved.body.data.events} events (${saved.body.data.bytes} bytes): saved in ${saved.body.meta.ms} ms, restored in ${restored.body.meta.ms} ms`);
  }, 60_000);

  it('answers mistakes in the error envelope and changes nothing', async () => {
    const unknown = await control('/nothing-here/restore');
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors[0]).toMatchObject({ status: 404, code: 'not-found' });
    expect(unknown.body.errors[0].details).toContain('seeded');
    expect((await control('/..%2Fescape/save')).body.errors[0]).toMatchObject({ status: 400, code: 'bad-request' });
    expect((await control('/seeded/restore', 'GET')).status).toBe(405);
    const listed = await control('', 'GET');
    expect(listed.body.data.map((s: { name: string }) => s.name)).toEqual(['seeded']);
    expect(await listingCount()).toBe(SEEDED_LISTINGS);
  });

  it('the CLI lists and saves beside the server, restores only with it stopped, and refuses a production store', async () => {
    const listed = await cliRun(env, ['emulator', 'snapshot', 'list', '--json']);
    expect(JSON.parse(listed.stdout).map((s: { name: string }) => s.name)).toEqual(['seeded']);
    const beside = await cliRun(env, ['emulator', 'snapshot', 'restore', 'seeded']);
    expect(beside.code).toBe(1);
    expect(beside.stderr).toContain('/v1/emulator/snapshots/seeded/restore');
    await signUp('between@example.com');
    expect((await cliRun(env, ['emulator', 'snapshot', 'save', 'with-between'])).code).toBe(0);
    await stop();
    const restored = await cliRun(env, ['emulator', 'snapshot', 'restore', 'seeded', '--json']);
    expect(restored.code).toBe(0);
    expect(JSON.parse(restored.stdout).ms).toBeLessThan(1000);
    await start();
    expect(await listingCount()).toBe(SEEDED_LISTINGS);
    expect((await control('/with-between/restore')).status).toBe(200);
    expect(await listingCount()).toBe(SEEDED_LISTINGS + 1);
    const production = await cliRun({ ...env, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' }, ['emulator', 'snapshot', 'save', 'x']);
    expect(production.code).toBe(1);
    expect(production.stderr.trim().split('\n')).toHaveLength(1);
    expect(production.stderr).toContain('embedded store');
    await stop();
  }, 60_000);
});
