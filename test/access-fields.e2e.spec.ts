import { CommandBus } from '@nestjs/cqrs';
import sharp from 'sharp';
import type { CreatedMarketplace } from '../src/marketplaces/commands/create-marketplace.handler';
import { UpdateMarketplaceCommand } from '../src/marketplaces/commands/update-marketplace.handler';
import { failureOf, integrationSdk, integrationSdkFor, marketplaceSdk } from './support/sdks';
import { startTestServer, TestServer } from './support/test-server';

const PASSWORD = 'secret-password';

/** Sparse fieldsets and private-marketplace reads on the real endpoints, through the official SDKs (issue 17, item 13). */
describe('fields.<type> and private-marketplace reads through the SDKs', () => {
  let server: TestServer;
  let users = 0;
  const settings = (m: CreatedMarketplace, s: Record<string, unknown>) =>
    server.app.get(CommandBus).execute(new UpdateMarketplaceCommand(m.marketplaceId, { type: 'update', settings: s }));
  const member = async (m: CreatedMarketplace) => {
    const client = marketplaceSdk(server.baseUrl, m);
    users += 1;
    const email = `access${users}@example.com`;
    const created = await client.currentUser.create({ email, password: PASSWORD, firstName: 'Ann', lastName: 'Author' });
    await client.login({ username: email, password: PASSWORD });
    return { client, id: created.data.data.id as { uuid: string } };
  };
  const codeOf = async (p: Promise<unknown>) => {
    const f = await failureOf(p);
    return { status: f.status, code: f.data.errors[0].code };
  };

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('returns only the requested attributes with fields.listing, fields.user and fields.ownListing', async () => {
    const { client, id } = await member(server.marketplace);
    const created = await client.ownListings.create({ title: 'Sparse bike', description: 'Long text', publicData: { color: 'red' } });
    const listingId = created.data.data.id;
    const anon = marketplaceSdk(server.baseUrl, server.marketplace);

    const shown = await anon.listings.show({ id: listingId, include: ['author'], 'fields.listing': ['title'], 'fields.user': ['profile.displayName'] });
    expect(shown.data.data.attributes).toEqual({ title: 'Sparse bike' });
    expect(shown.data.included[0].attributes).toEqual({ profile: { displayName: 'Ann A' } });

    const queried = await anon.listings.query({ authorId: id, 'fields.listing': ['title', 'publicData'] });
    expect(queried.data.data.map((l: any) => l.attributes)).toEqual([{ title: 'Sparse bike', publicData: { color: 'red' } }]);

    const user = await anon.users.show({ id, 'fields.user': ['profile.abbreviatedName'] });
    expect(user.data.data.attributes).toEqual({ profile: { abbreviatedName: 'AA' } });

    const own = await client.ownListings.query({ 'fields.ownListing': ['state'] });
    expect(own.data.data.map((l: any) => l.attributes)).toEqual([{ state: 'published' }]);
    // Without fields.*, every attribute comes back.
    expect(Object.keys((await anon.listings.show({ id: listingId })).data.data.attributes)).toEqual(expect.arrayContaining(['title', 'description', 'publicData', 'state']));
  });

  it('returns only the requested image variants with fields.image on public listing reads', async () => {
    const { client } = await member(server.marketplace);
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 10, g: 120, b: 200 } } }).jpeg().toBuffer();
    const image = (await client.images.upload({ image: new File([photo], 'p.jpg', { type: 'image/jpeg' }) })).data.data.id;
    const listingId = (await client.ownListings.create({ title: 'Pictured bike', images: [image] })).data.data.id;
    const anon = marketplaceSdk(server.baseUrl, server.marketplace);
    const variantsOf = (res: any) => res.data.included.filter((r: any) => r.type === 'image').map((r: any) => Object.keys(r.attributes.variants).sort());

    const params = { include: ['images'], 'fields.image': ['variants.square-small', 'variants.landscape-crop'] };
    expect(variantsOf(await anon.listings.show({ id: listingId, ...params }))).toEqual([['landscape-crop', 'square-small']]);
    expect(variantsOf(await anon.listings.query({ ids: [listingId], ...params }))).toEqual([['landscape-crop', 'square-small']]);
    // Without fields.image, only the `default` variant comes back (spec 1: other variants only when requested).
    expect(variantsOf(await anon.listings.show({ id: listingId, include: ['images'] }))).toEqual([['default']]);
  });

  it('answers 403 permission-denied-read to a user without the read permission on a private marketplace', async () => {
    const m = await server.createMarketplace('Private reads');
    const { client: author, id: authorId } = await member(m);
    const listingId = (await author.ownListings.create({ title: 'Hidden' })).data.data.id;
    const { client: reader, id: readerId } = await member(m);
    await settings(m, { private: true, requirePermissionToRead: true });
    await integrationSdkFor(server.baseUrl, m).users.updatePermissions({ id: new integrationSdk.types.UUID(readerId.uuid), read: 'permission/deny' });

    for (const call of [() => reader.listings.show({ id: listingId }), () => reader.listings.query({}), () => reader.users.show({ id: authorId })])
      expect(await codeOf(call())).toEqual({ status: 403, code: 'permission-denied-read' });
    const anon = marketplaceSdk(server.baseUrl, m);
    for (const call of [() => anon.listings.show({ id: listingId }), () => anon.listings.query({}), () => anon.users.show({ id: authorId })])
      expect(await codeOf(call())).toEqual({ status: 403, code: 'forbidden' });
    // The author keeps the read permission (allowed by default).
    expect((await author.listings.show({ id: listingId })).status).toBe(200);
    expect((await author.users.show({ id: readerId })).status).toBe(200);
  });
});
