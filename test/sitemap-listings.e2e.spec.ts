import { CommandBus } from '@nestjs/cqrs';
import { UpdateMarketplaceCommand } from '../src/marketplaces/commands/update-marketplace.handler';
import { failureOf, marketplaceSdk } from './support/sdks';
import { startTestServer, TestServer } from './support/test-server';

/**
 * Marketplace API `sitemap_data/query_listings` as the Web Template's sitemap calls it
 * (`sdk.sitemapData.queryListings()`): the most recent published listings, newest first, ids only; 403 for an
 * anonymous caller of a private marketplace.
 */
describe('sitemap_data/query_listings', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('lists the published listings newest first, as listing ids, and nothing else', async () => {
    const author = marketplaceSdk(server.baseUrl, server.marketplace);
    await author.currentUser.create({ email: 'sitemap@example.com', password: 'secret-password', firstName: 'Site', lastName: 'Map' });
    await author.login({ username: 'sitemap@example.com', password: 'secret-password' });
    const create = async (title: string) => {
      server.clock.advance(60_000);
      return (await author.ownListings.create({ title })).data.data.id;
    };
    const older = await create('Older');
    const newer = await create('Newer');
    const closed = await create('Closed');
    await author.ownListings.close({ id: closed });
    await author.ownListings.createDraft({ title: 'Draft' });
    const other = await server.createMarketplace('Another');
    await marketplaceSdk(server.baseUrl, other).marketplace.show();

    const anonymous = marketplaceSdk(server.baseUrl, server.marketplace);
    const { data } = await anonymous.sitemapData.queryListings();
    expect(data.data.map((r: any) => ({ id: r.id.uuid, type: r.type }))).toEqual([
      { id: newer.uuid, type: 'listing' },
      { id: older.uuid, type: 'listing' },
    ]);
    expect((await marketplaceSdk(server.baseUrl, other).sitemapData.queryListings()).data.data).toEqual([]);
    expect((await failureOf(anonymous.sitemapData.queryListings({ perPage: 5 }))).data.errors[0]).toMatchObject({ status: 400, code: 'validation-disallowed-key' });

    const settings = (s: Record<string, unknown>) => server.app.get(CommandBus).execute(new UpdateMarketplaceCommand(server.marketplace.marketplaceId, { type: 'update', settings: s }));
    await settings({ private: true });
    try {
      expect((await failureOf(anonymous.sitemapData.queryListings())).status).toBe(403);
      expect((await author.sitemapData.queryListings()).data.data).toHaveLength(2);
    } finally {
      await settings({ private: false });
    }
  });
});
