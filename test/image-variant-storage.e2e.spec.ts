import sharp from 'sharp';
import { PREDEFINED_VARIANTS, renderToken, variantSize } from '../src/images/domain/image-variants';
import { VariantUrls } from '../src/images/variant-urls';
import { marketplaceSdk } from './support/sdks';
import { startTestServer, TestServer } from './support/test-server';

const SECRET = 'test-secret-test-secret-test-secret';

/**
 * Issue 24, item 4: custom variant sizes, which anyone can have signed through a public query, are never kept in
 * the blob store; an image's predefined variants are. Custom renders live in a bounded in-memory cache.
 */
describe('what image variants keep', () => {
  let server: TestServer;
  let imageId: string;
  const size = { width: 1600, height: 1200 };
  const urls = new VariantUrls(SECRET);
  const keyOf = (token: string) => `images/${server.marketplace.marketplaceId}/${imageId}/${token}`;

  beforeAll(async () => {
    // A budget that holds a few small renders only, so eviction happens within the test.
    server = await startTestServer({ imageVariantCacheBytes: 64 * 1024 });
    const sdk = marketplaceSdk(server.baseUrl, server.marketplace);
    await sdk.currentUser.create({ email: 'pics@example.com', password: 'secret-password', firstName: 'P', lastName: 'X' });
    await sdk.login({ username: 'pics@example.com', password: 'secret-password' });
    const photo = await sharp({ create: { ...size, channels: 3, background: { r: 90, g: 140, b: 200 } } }).jpeg().toBuffer();
    imageId = (await sdk.images.upload({ image: new Blob([photo], { type: 'image/jpeg' }) })).data.data.id.uuid;
  });
  afterAll(() => server.close());

  it('serves 20 distinct custom sizes without storing any; stores the predefined ones', async () => {
    const custom = Array.from({ length: 20 }, (_, i) => ({ fit: 'crop' as const, width: 100 + i, height: 80 + i }));
    for (const render of custom) {
      const res = await fetch(urls.url(server.baseUrl, server.marketplace.marketplaceId, imageId, render));
      expect(res.status).toBe(200);
      expect(await sharp(Buffer.from(await res.arrayBuffer())).metadata()).toMatchObject({ width: render.width, height: render.height });
    }
    for (const render of custom) expect(await server.infra.blobs.exists(keyOf(renderToken(render)))).toBe(false);
    // Evicted or not, a custom size is rendered again on request.
    expect((await fetch(urls.url(server.baseUrl, server.marketplace.marketplaceId, imageId, custom[0]))).status).toBe(200);

    for (const name of ['landscape-crop', 'scaled-small']) {
      const render = { fit: PREDEFINED_VARIANTS[name].fit, ...variantSize(size, PREDEFINED_VARIANTS[name]) };
      expect((await fetch(urls.url(server.baseUrl, server.marketplace.marketplaceId, imageId, render))).status).toBe(200);
      expect(await server.infra.blobs.exists(keyOf(renderToken(render)))).toBe(true);
    }
  });
});
