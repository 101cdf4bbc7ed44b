import { searchSchemasForTree } from '../src/assets/starter-search-schemas';
import { starterSources } from '../src/assets/starter-tree';
import { DEFAULT_SETTINGS } from '../src/marketplaces/domain/marketplace.events';
import { integrationSdk, integrationSdkFor, marketplaceSdk } from './support/sdks';
import { startTestServer, TestServer } from './support/test-server';

/** The Web Template v12's search filters on a fresh marketplace, with the starter asset tree as published. */
describe('the starter tree with the Web Template', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('derives the search schemas its filters need: listing type, every category level, indexed listing fields', async () => {
    const schemas = searchSchemasForTree(await starterSources(DEFAULT_SETTINGS));
    expect(schemas.map((s) => `${s.scope}:${s.key}:${s.type}`)).toEqual(['public:listingType:enum', 'public:categoryLevel1:enum', 'public:categoryLevel2:enum', 'public:condition:enum']);
  });

  it("answers the template's listing type, category and condition filters on a new marketplace", async () => {
    const integ = integrationSdkFor(server.baseUrl, server.marketplace);
    const sdk = marketplaceSdk(server.baseUrl, server.marketplace);
    await sdk.currentUser.create({ email: 'seller@example.com', password: 'secret-password', firstName: 'S', lastName: 'E' });
    const author = (await integ.users.query({})).data.data[0].id;
    const created = await integ.listings.create(
      {
        authorId: new integrationSdk.types.UUID(author.uuid),
        state: 'published',
        title: 'Drill',
        description: 'A good drill',
        publicData: { listingType: 'daily-rental', categoryLevel1: 'equipment', categoryLevel2: 'tools', condition: 'used' },
      },
      { expand: true },
    );
    expect(created.status).toBe(200);
    const query = (params: Record<string, string>) => sdk.listings.query(params);
    const ids = async (params: Record<string, string>) => (await query(params)).data.data.map((l: { attributes: { title: string } }) => l.attributes.title);
    expect(await ids({ pub_listingType: 'daily-rental' })).toEqual(['Drill']);
    expect(await ids({ pub_categoryLevel1: 'equipment', pub_categoryLevel2: 'tools' })).toEqual(['Drill']);
    expect(await ids({ pub_condition: 'new,used' })).toEqual(['Drill']);
    expect(await ids({ pub_listingType: 'sell-items' })).toEqual([]);
  });

  it('says in the listing types that the description is shown (defaultListingFields.description)', async () => {
    const sdk = marketplaceSdk(server.baseUrl, server.marketplace);
    const types = (await sdk.assetByAlias({ path: 'listings/listing-types.json', alias: 'latest' })).data.data.listingTypes as Array<{ defaultListingFields: Record<string, boolean> }>;
    expect(types.length).toBeGreaterThan(0);
    for (const t of types) expect(t.defaultListingFields.description).toBe(true);
  });
});
