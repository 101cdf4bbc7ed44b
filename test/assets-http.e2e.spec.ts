import sharp from 'sharp';
import { assetBase, publish, starterFiles, withJson } from './support/assets';
import { startTestServer, TestServer } from './support/test-server';

/** The Asset Delivery API on the wire: caching headers, redirects, CORS, URL forms and errors. */
describe('Asset Delivery API over HTTP', () => {
  let server: TestServer;
  let base: string;
  let v1: string;
  let v2: string;
  const origin = 'https://shop.example.com';
  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.baseUrl}${path}`, { headers, redirect: 'manual' });

  beforeAll(async () => {
    server = await startTestServer();
    base = assetBase(server);
    v1 = ((await (await get(`${base}/a/latest/content/footer.json`)).json()) as any).meta.version;
    v2 = (await publish(server, withJson(await starterFiles(), { '/content/translations.json': { v: 2 } }))).version!;
  });
  afterAll(() => server.close());

  it('answers JSON with an ETag; a repeated request with that ETag is 304 with the same caching headers', async () => {
    const first = await get(`${base}/a/latest/content/translations.json`);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(await first.json()).toEqual({ data: { v: 2 }, included: [], meta: { version: v2 } });
    const again = await get(`${base}/a/latest/content/translations.json`, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('cache-control')).toBe(first.headers.get('cache-control'));
    for (const header of [`W/${etag}`, `"other", ${etag}`, '*']) expect((await get(`${base}/a/latest/content/translations.json`, { 'if-none-match': header })).status).toBe(304);
    expect((await get(`${base}/a/latest/content/translations.json`, { 'if-none-match': '"stale"' })).status).toBe(200);
  });

  it('caches by alias briefly and by version for a year, immutably', async () => {
    expect((await get(`${base}/a/latest/content/footer.json`)).headers.get('cache-control')).toBe('public, max-age=10');
    expect((await get(`${base}/v/${v1}/content/footer.json`)).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await get(`${base}/v/${v1}/?assets=content%2Ffooter.json`)).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('redirects (301) an asset asked at a version where it did not change, keeping the query string', async () => {
    const single = await get(`${base}/v/${v2}/design/branding.json`);
    expect(single.status).toBe(301);
    expect(single.headers.get('location')).toBe(`${base}/v/${v1}/design/branding.json`);
    expect(single.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const multi = await get(`${base}/v/${v2}/?assets=design%2Fbranding.json,general%2Flocalization.json`);
    expect(multi.status).toBe(301);
    expect(multi.headers.get('location')).toBe(`${base}/v/${v1}/?assets=design%2Fbranding.json,general%2Flocalization.json`);
    const prefixed = await get(`${base}/v/${v2}/content/?assets=pages%2Fabout.json,footer.json`);
    expect(prefixed.headers.get('location')).toBe(`${base}/v/${v1}/content/?assets=pages%2Fabout.json,footer.json`);
    // By alias the answer is direct.
    expect((await get(`${base}/a/latest/design/branding.json`)).status).toBe(200);
  });

  it('sends CORS headers on 200, 301, 304 and 404', async () => {
    const ok = await get(`${base}/a/latest/content/footer.json`, { origin });
    const moved = await get(`${base}/v/${v2}/content/footer.json`, { origin });
    const notModified = await get(`${base}/a/latest/content/footer.json`, { origin, 'if-none-match': ok.headers.get('etag')! });
    const missing = await get(`${base}/a/latest/content/none.json`, { origin });
    expect([ok.status, moved.status, notModified.status, missing.status]).toEqual([200, 301, 304, 404]);
    for (const res of [ok, moved, notModified, missing]) expect(res.headers.get('access-control-allow-origin')).toBe(origin);
  });

  it('accepts the SDK’s URL forms: a repeated leading slash, a folder prefix ending in /, an empty prefix', async () => {
    const doubled = await get(`/${base}/a/latest/content/footer.json`);
    expect(doubled.status).toBe(200);
    const folder = (await (await get(`/${base}/a/latest/content/?assets=pages%2Fabout.json,footer.json`)).json()) as any;
    expect(folder.data.map((a: any) => a.attributes.assetPath)).toEqual(['/content/footer.json', '/content/pages/about.json']);
    const root = (await (await get(`${base}/a/latest/?assets=design%2Flayout.json`)).json()) as any;
    expect(root.data[0].attributes.assetPath).toBe('/design/layout.json');
    const empty = (await (await get(`${base}/a/latest/?assets=`)).json()) as any;
    expect(empty).toEqual({ data: [], included: [], meta: { version: v2 } });
  });

  it('a multi-asset URL without assets= is 400; unknown things are 404; errors are JSON in the error format', async () => {
    const missingParam = await get(`${base}/a/latest/content/`);
    expect(missingParam.status).toBe(400);
    expect(((await missingParam.json()) as any).errors[0]).toEqual(
      expect.objectContaining({ status: 400, code: 'validation-missing-key', source: { path: ['assets'], type: 'query' } }),
    );
    for (const path of [
      `${base}/a/other/content/footer.json`,
      `${base}/v/unknown/content/footer.json`,
      `${base}/v/${'x'.repeat(80)}/content/footer.json`,
      `${base}/a/latest/content/foot%20er.json`,
      `/v1/assets/pub/not-a-uuid/a/latest/content/footer.json`,
      `/v1/assets/pub/${server.marketplace.integrationClient.clientId}/a/latest/content/footer.json`,
    ]) {
      const res = await get(path);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toContain('application/json');
      const body = (await res.json()) as any;
      expect(body.errors[0]).toEqual(expect.objectContaining({ id: expect.any(String), status: 404, code: 'not-found', title: 'Not found' }));
    }
  });

  it('serves image variants by content address with long caching, an ETag and 304', async () => {
    const branding = (await (await get(`${base}/a/latest/design/branding.json`)).json()) as any;
    const url = new URL(branding.included[0].attributes.variants.scaled.url);
    expect(url.origin).toBe(server.baseUrl);
    const image = await get(url.pathname, { origin });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(image.headers.get('access-control-allow-origin')).toBe(origin);
    expect((await get(url.pathname, { 'if-none-match': image.headers.get('etag')! })).status).toBe(304);
    // Images are stored per marketplace: another marketplace's client id does not open them.
    const other = await server.createMarketplace('Images elsewhere');
    const own = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } }).png().toBuffer();
    const files = withJson(await starterFiles(), { '/content/extra.json': { picture: { _ref: { type: 'imageAsset', path: '/content/own.png' } } } });
    await publish(server, [...files, { path: '/content/own.png', data: own }], other.marketplaceId);
    const otherBase = assetBase(server, other.marketplaceClient.clientId);
    const extra = (await (await get(`${otherBase}/a/latest/content/extra.json`)).json()) as any;
    const ownUrl = new URL(extra.included[0].attributes.variants.original.url);
    expect(extra.included[0].attributes.variants.original).toEqual(expect.objectContaining({ width: 8, height: 8 }));
    expect((await get(ownUrl.pathname)).status).toBe(200);
    expect((await get(ownUrl.pathname.replace(other.marketplaceClient.clientId, server.marketplace.marketplaceClient.clientId))).status).toBe(404);
    expect((await get(`${base}/images/not-a-hash.png`)).status).toBe(404);
  });

  it('cache lengths come from the configuration', async () => {
    const tuned = await startTestServer({ assetCacheAliasSeconds: 300, assetCacheVersionSeconds: 86_400 });
    try {
      const tunedBase = assetBase(tuned);
      const alias = await fetch(`${tuned.baseUrl}${tunedBase}/a/latest/content/footer.json`);
      expect(alias.headers.get('cache-control')).toBe('public, max-age=300');
      const version = ((await alias.json()) as any).meta.version;
      expect((await fetch(`${tuned.baseUrl}${tunedBase}/v/${version}/content/footer.json`)).headers.get('cache-control')).toBe(
        'public, max-age=86400, immutable',
      );
    } finally {
      await tuned.close();
    }
  });
});
