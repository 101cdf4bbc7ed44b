import sharp from 'sharp';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { rebuildReadModels } from '../projections/projection-engine';
import { ALL_PROJECTIONS } from '../projections/registry';
import { ASSET_ALIASES, ASSET_VERSIONS, LATEST } from '../src/assets/assets.projection';
import { STARTER_FOLDER } from '../src/assets/starter-tree';
import { publish, starterFiles, withJson } from './support/assets';
import { failureOf, marketplaceSdk, sharetribeSdk } from './support/sdks';
import { startTestServer, TestServer } from './support/test-server';

/** The Asset Delivery API through the official Marketplace SDK, the way a front end (the Web Template) calls it. */
describe('Asset Delivery API through the Marketplace SDK', () => {
  let server: TestServer;
  let sdk: any;
  let v1: string;
  const starterJson = (path: string) => JSON.parse(readFileSync(join(STARTER_FOLDER, path), 'utf8'));

  beforeAll(async () => {
    server = await startTestServer();
    sdk = marketplaceSdk(server.baseUrl, server.marketplace);
    v1 = (await sdk.assetByAlias({ path: 'content/translations.json', alias: 'latest' })).data.meta.version;
  });
  afterAll(() => server.close());

  it('a new marketplace has the starter tree as its first version', async () => {
    const res = await sdk.assetByAlias({ path: '/content/translations.json', alias: 'latest' });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ data: starterJson('content/translations.json'), included: [], meta: { version: v1 } });
    expect(v1).toEqual(expect.any(String));
  });

  it('assetByVersion: one asset at a concrete version', async () => {
    const res = await sdk.assetByVersion({ path: 'listings/listing-types.json', version: v1 });
    expect(res.data.data).toEqual(starterJson('listings/listing-types.json'));
    expect(res.data.meta.version).toBe(v1);
  });

  it('assetsByAlias: several assets with a shared folder, in lexical assetPath order', async () => {
    const res = await sdk.assetsByAlias({
      paths: ['/content/pages/terms-of-service.json', 'content/translations.json', '/content/pages/about.json'],
      alias: 'latest',
    });
    expect(res.status).toBe(200);
    expect(res.data.meta.version).toBe(v1);
    expect(res.data.data.map((a: any) => a.attributes.assetPath)).toEqual([
      '/content/pages/about.json',
      '/content/pages/terms-of-service.json',
      '/content/translations.json',
    ]);
    for (const asset of res.data.data) {
      expect(asset.type).toBe('jsonAsset');
      expect(asset.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(asset.attributes.data).toEqual(starterJson(asset.attributes.assetPath.slice(1)));
    }
  });

  it('assetsByVersion: image references resolve once in included, with the variants the asset asks for', async () => {
    const res = await sdk.assetsByVersion({ paths: ['design/branding.json', 'general/localization.json'], version: v1 });
    const [branding, localization] = res.data.data;
    expect(localization.attributes.data).toEqual(starterJson('general/localization.json'));
    const logoRef = branding.attributes.data.logo._ref;
    expect(logoRef).toEqual(expect.objectContaining({ type: 'imageAsset', id: expect.any(String) }));
    // favicon and appIcon refer to one image: it is included once, with both sets of variants.
    expect(res.data.included).toHaveLength(2);
    const logo = res.data.included.find((i: any) => i.id === logoRef.id);
    expect(logo).toEqual({
      id: logoRef.id,
      type: 'imageAsset',
      attributes: {
        assetPath: '/design/branding/logo.png',
        variants: {
          scaled: { name: 'scaled', width: 120, height: 24, url: expect.stringContaining('/images/') },
          scaled2x: { name: 'scaled2x', width: 240, height: 48, url: expect.stringContaining('/images/') },
        },
      },
    });
    const icon = res.data.included.find((i: any) => i.id === branding.attributes.data.appIcon._ref.id);
    expect(Object.keys(icon.attributes.variants).sort()).toEqual(['square16', 'square180', 'square192', 'square32', 'square48', 'square512']);
    // The variant URL serves an image of exactly the advertised size.
    const image = await fetch(logo.attributes.variants.scaled2x.url);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([240, 48]);
  });

  it('a multi-asset answer is 200 with whatever subset exists', async () => {
    const some = await sdk.assetsByAlias({ paths: ['/content/footer.json', '/content/missing.json', '/nowhere/x.json'], alias: 'latest' });
    expect(some.status).toBe(200);
    expect(some.data.data.map((a: any) => a.attributes.assetPath)).toEqual(['/content/footer.json']);
    const none = await sdk.assetsByVersion({ paths: ['/content/missing.json'], version: v1 });
    expect(none.status).toBe(200);
    expect(none.data).toEqual({ data: [], included: [], meta: { version: v1 } });
  });

  it('unknown aliases, versions, assets and client ids are 404 in the error format', async () => {
    const cases = [
      sdk.assetByAlias({ path: 'content/translations.json', alias: 'release-prod' }),
      sdk.assetByVersion({ path: 'content/translations.json', version: 'no-such-version' }),
      sdk.assetByAlias({ path: 'content/nothing.json', alias: 'latest' }),
      sdk.assetByAlias({ path: 'design/branding/logo.png', alias: 'latest' }),
      sharetribeSdk.createInstance({ clientId: '00000000-0000-4000-8000-000000000000', baseUrl: server.baseUrl, assetCdnBaseUrl: server.baseUrl })
        .assetByAlias({ path: 'content/translations.json', alias: 'latest' }),
    ];
    // Each refusal is caught as it is made (awaited one by one, a later one would reject with no handler yet).
    for (const failure of cases.map(failureOf)) {
      const error = await failure;
      expect(error.status).toBe(404);
      expect(error.data.errors[0]).toEqual(expect.objectContaining({ status: 404, code: 'not-found', title: 'Not found' }));
    }
  });

  it('only Marketplace API client ids open assets, and only their own marketplace’s', async () => {
    const integration = marketplaceSdk(server.baseUrl, { ...server.marketplace, marketplaceClient: server.marketplace.integrationClient });
    expect((await failureOf(integration.assetByAlias({ path: 'content/translations.json', alias: 'latest' }))).status).toBe(404);
    const other = await server.createMarketplace('Other marketplace');
    const otherSdk = marketplaceSdk(server.baseUrl, other);
    const otherVersion = (await otherSdk.assetByAlias({ path: 'content/footer.json', alias: 'latest' })).data.meta.version;
    expect(otherVersion).not.toBe(v1);
    // A version of the first marketplace does not exist for the second one's client id, and the other way round.
    expect((await failureOf(otherSdk.assetByVersion({ path: 'content/footer.json', version: v1 }))).status).toBe(404);
    expect((await failureOf(sdk.assetByVersion({ path: 'content/footer.json', version: otherVersion }))).status).toBe(404);
  });

  describe('a version pushed after another', () => {
    let v2: string;
    let v3: string;
    const translations2 = { 'TopbarSearchForm.placeholder': 'Search v2' };

    beforeAll(async () => {
      const files = await starterFiles();
      const second = await publish(server, withJson(files, { '/content/translations.json': translations2 }));
      expect(second).toEqual(expect.objectContaining({ published: true, number: 2, modified: ['/content/translations.json'], added: [], removed: [] }));
      v2 = second.version!;
      const third = await publish(server, withJson(files, { '/content/translations.json': translations2, '/content/pages/about.json': null }));
      expect(third.removed).toEqual(['/content/pages/about.json']);
      v3 = third.version!;
    });

    it('the latest alias follows the newest version', async () => {
      const res = await sdk.assetByAlias({ path: 'content/translations.json', alias: 'latest' });
      expect(res.data).toEqual({ data: translations2, included: [], meta: { version: v3 } });
    });

    it('versions are immutable: the old version still answers the old data', async () => {
      const res = await sdk.assetByVersion({ path: 'content/translations.json', version: v1 });
      expect(res.data.data).toEqual(starterJson('content/translations.json'));
    });

    it('an asset that did not change in the asked version is answered from the version where it last changed (301, followed)', async () => {
      const branding = await sdk.assetByVersion({ path: 'design/branding.json', version: v2 });
      expect(branding.status).toBe(200);
      expect(branding.data.meta.version).toBe(v1);
      expect(branding.data.data.logoSettings).toEqual({ format: 'image', height: 24 });
      expect(branding.data.included).toHaveLength(2);
      const translations = await sdk.assetByVersion({ path: 'content/translations.json', version: v3 });
      expect(translations.data.meta.version).toBe(v2);
    });

    it('several assets by version go to the newest version where one of them changed, when it answers the same', async () => {
      const unchanged = await sdk.assetsByVersion({ paths: ['design/branding.json', 'general/localization.json'], version: v3 });
      expect(unchanged.data.meta.version).toBe(v1);
      const mixed = await sdk.assetsByVersion({ paths: ['content/translations.json', 'design/branding.json'], version: v3 });
      expect(mixed.data.meta.version).toBe(v2);
      expect(mixed.data.data.map((a: any) => a.attributes.assetPath)).toEqual(['/content/translations.json', '/design/branding.json']);
      // The page removed in v3 existed in v1: sending the client to v1 would change the answer, so v3 answers.
      const removed = await sdk.assetsByVersion({ paths: ['content/pages/about.json', 'content/footer.json'], version: v3 });
      expect(removed.data.meta.version).toBe(v3);
      expect(removed.data.data.map((a: any) => a.attributes.assetPath)).toEqual(['/content/footer.json']);
    });

    it('a removed asset is gone from the new version only', async () => {
      expect((await failureOf(sdk.assetByAlias({ path: 'content/pages/about.json', alias: 'latest' }))).status).toBe(404);
      expect((await sdk.assetByVersion({ path: 'content/pages/about.json', version: v2 })).data.meta.version).toBe(v1);
    });

    it('rebuilding the read models from the log gives the same documents', async () => {
      const mp = server.marketplace.marketplaceId;
      const snapshot = async () => ({
        latest: await server.infra.documents.get(ASSET_ALIASES, mp, LATEST),
        versions: await Promise.all([v1, v2, v3].map((v) => server.infra.documents.get(ASSET_VERSIONS, mp, v))),
      });
      const before = await snapshot();
      expect(before.versions.every((v) => v !== null)).toBe(true);
      await rebuildReadModels(server.infra.events, server.infra, ALL_PROJECTIONS);
      expect(await snapshot()).toEqual(before);
    });

    it('a push that changes nothing makes no version', async () => {
      const files = withJson(await starterFiles(), { '/content/translations.json': translations2, '/content/pages/about.json': null });
      expect(await publish(server, files)).toEqual(expect.objectContaining({ published: false, version: v3, number: 3 }));
      expect((await sdk.assetByAlias({ path: 'content/footer.json', alias: 'latest' })).data.meta.version).toBe(v3);
    });
  });

  it('sitemapData.queryAssets lists the JSON assets under a prefix from the latest tree', async () => {
    const other = await server.createMarketplace('Sitemap marketplace');
    const otherSdk = marketplaceSdk(server.baseUrl, other);
    const res = await otherSdk.sitemapData.queryAssets({ pathPrefix: '/content/pages/' });
    expect(res.status).toBe(200);
    expect(res.data.data.map((a: any) => a.attributes.assetPath)).toEqual([
      '/content/pages/about.json',
      '/content/pages/landing-page.json',
      '/content/pages/privacy-policy.json',
      '/content/pages/terms-of-service.json',
    ]);
    expect(res.data.data[0].id).toBeInstanceOf(sharetribeSdk.types.UUID);
    expect(res.data.data[0].type).toBe('asset');
    const bad = await failureOf(otherSdk.sitemapData.queryAssets({ pathPrefix: '../x' }));
    expect(bad.status).toBe(400);
    expect(bad.data.errors[0].source.path).toEqual(['pathPrefix']);
  });
});
