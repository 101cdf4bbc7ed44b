import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { processCli } from '../src/cli/processes.commands';
import { DEFAULT_PROCESSES_FOLDER } from '../src/transactions/process-files';
import { marketplaceSdk, sharetribeSdk } from './support/sdks';
import { startTestServer, TestServer } from './support/test-server';

/** The operator CLI's process commands over a running server's stores, and what transactions see of them. */
describe('process list|create|push|pull|create-alias|update-alias|delete-alias', () => {
  let server: TestServer;
  let dir: string;
  beforeAll(async () => {
    server = await startTestServer();
    dir = mkdtempSync(join(tmpdir(), 'process-cli-'));
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await server.close();
  });

  it('installs the five default processes in a new marketplace, pushes versions only on change, and moves aliases', async () => {
    const cli = processCli(server.app);
    const mp = server.marketplace.marketplaceId;
    const listed = await cli.list(mp);
    expect(listed.rows).toEqual(
      expect.arrayContaining(
        ['default-booking', 'default-purchase', 'default-inquiry', 'default-negotiation', 'default-download'].map((name) => ({ name, latestVersion: 1, aliases: { 'release-1': 1 } })),
      ),
    );
    const folder = join(dir, 'inquiry');
    cpSync(join(DEFAULT_PROCESSES_FOLDER, 'default-inquiry'), folder, { recursive: true });
    expect(await cli.push(mp, 'default-inquiry', folder)).toBe('No changes: default-inquiry is unchanged, no version created.');

    // A changed definition: a second initial transition.
    const edn = readFileSync(join(folder, 'process.edn'), 'utf8').replace(
      ':transitions\n [',
      ':transitions\n [\n  {:name :transition/ask :actor :actor.role/customer :to :state/asked :actions [{:name :action/update-protected-data}]}\n',
    );
    writeFileSync(join(folder, 'process.edn'), edn);
    expect(await cli.push(mp, 'default-inquiry', folder)).toBe('Version 2 of default-inquiry created.');

    // Sign up two users and a listing; a transaction started on release-1 stays on version 1.
    const sdk = async (email: string) => {
      const client = marketplaceSdk(server.baseUrl, server.marketplace, { tokenStore: sharetribeSdk.tokenStore.memoryStore() });
      await client.currentUser.create({ email, password: 'secret-password', firstName: 'A', lastName: 'B' });
      await client.login({ username: email, password: 'secret-password' });
      return client;
    };
    const provider = await sdk('p@example.com');
    const customer = await sdk('c@example.com');
    const listingId = (await provider.ownListings.create({ title: 'Thing' })).data.data.id;
    const initiate = (transition: string) => customer.transactions.initiate({ processAlias: 'default-inquiry/release-1', transition, params: { listingId } }, { expand: true });
    expect((await initiate('transition/inquire-without-payment')).data.data.attributes.processVersion).toBe(1);
    await expect(initiate('transition/ask')).rejects.toMatchObject({ status: 409, data: { errors: [expect.objectContaining({ code: 'transaction-invalid-transition' })] } });

    expect(await cli.alias(mp, 'default-inquiry', 'update-alias', 'release-1', 2)).toBe('Alias default-inquiry/release-1 points at version 2.');
    expect((await initiate('transition/ask')).data.data.attributes).toMatchObject({ processVersion: 2, lastTransition: 'transition/ask' });
    const versions = await cli.list(mp, 'default-inquiry');
    expect(versions.rows).toEqual([
      { version: 1, createdAt: expect.any(String), aliases: [], transactionCount: 1 },
      { version: 2, createdAt: expect.any(String), aliases: ['release-1'], transactionCount: 1 },
    ]);

    await cli.pull(mp, 'default-inquiry', join(dir, 'pulled'), { version: 1 });
    expect(readFileSync(join(dir, 'pulled', 'process.edn'), 'utf8')).toBe(readFileSync(join(DEFAULT_PROCESSES_FOLDER, 'default-inquiry', 'process.edn'), 'utf8'));
    expect(readFileSync(join(dir, 'pulled', 'templates', 'inquiry-new-inquiry', 'inquiry-new-inquiry-subject.txt'), 'utf8')).toContain('{{transaction.listing.title}}');
    // A folder that is not empty is written only with --force, as `assets pull` does.
    writeFileSync(join(dir, 'pulled', 'process.edn'), 'edited');
    await expect(cli.pull(mp, 'default-inquiry', join(dir, 'pulled'), { version: 2 })).rejects.toThrow(`${join(dir, 'pulled')} is not empty (use --force).`);
    expect(readFileSync(join(dir, 'pulled', 'process.edn'), 'utf8')).toBe('edited');
    await cli.pull(mp, 'default-inquiry', join(dir, 'pulled'), { version: 2, force: true });
    expect(readFileSync(join(dir, 'pulled', 'process.edn'), 'utf8')).not.toBe('edited');

    await cli.alias(mp, 'default-inquiry', 'create-alias', 'beta', 1);
    await expect(cli.alias(mp, 'default-inquiry', 'create-alias', 'beta', 1)).rejects.toMatchObject({ code: 'tx-process-alias-already-exists' });
    expect(await cli.deleteAlias(mp, 'default-inquiry', 'beta')).toBe('Alias default-inquiry/beta deleted.');
    await expect(initiate('transition/ask').then(() => customer.transactions.initiate({ processAlias: 'default-inquiry/beta', transition: 'transition/ask', params: { listingId } }))).rejects.toMatchObject({
      data: { errors: [expect.objectContaining({ code: 'transaction-unknown-alias' })] },
    });
  });

  it('creates a new process, and refuses an invalid one naming the offending transition', async () => {
    const cli = processCli(server.app);
    const mp = server.marketplace.marketplaceId;
    const folder = join(dir, 'custom');
    cpSync(join(DEFAULT_PROCESSES_FOLDER, 'default-inquiry'), folder, { recursive: true });
    expect(await cli.create(mp, 'my-inquiry', folder)).toBe('Process my-inquiry created (version 1).');
    await expect(cli.create(mp, 'my-inquiry', folder)).rejects.toMatchObject({ code: 'tx-process-already-exists' });
    writeFileSync(join(folder, 'process.edn'), '{:format :v3 :transitions [{:name :transition/x :actor :actor.role/customer :to :state/x :actions [{:name :action/nope}]}]}');
    await expect(cli.push(mp, 'my-inquiry', folder)).rejects.toThrow('transition :transition/x action #1: unknown action :action/nope');
    expect((await cli.list(mp, 'my-inquiry')).rows).toHaveLength(1);
  });
});
