import { NestFactory } from '@nestjs/core';
import { CommandBus } from '@nestjs/cqrs';
import { request as httpRequest } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { AppModule } from '../src/app.module';
import type { PublicationSummary } from '../src/assets/asset-publication';
import { PublishAssetsCommand } from '../src/assets/commands/publish-assets.handler';
import { openInfrastructure } from '../src/infrastructure/composition-root';
import { apiClientDecider } from '../src/marketplaces/domain/api-client.decider';
import { apiClientStream } from '../src/marketplaces/marketplace-streams';
import { operatorContext } from '../src/shared/command-context';
import { assetBase, publish, starterFiles, withJson } from './support/assets';
import { startTestServer, TestServer } from './support/test-server';

/**
 * The Asset Delivery API caches each answer as sent, by its request target (docs/performance.md, "Asset
 * delivery"): the alias is read on every request, so a publication is answered at once, from this process or
 * another; answers depend on the base URL of their image links; a revoked client stops within a second.
 */
describe('Asset Delivery API answer cache', () => {
  let server: TestServer;
  let base: string;
  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.baseUrl}${path}`, { headers, redirect: 'manual' });
  const json = async (path: string) => {
    const res = await get(path);
    expect(res.status).toBe(200);
    return { etag: res.headers.get('etag')!, body: (await res.json()) as any };
  };
  const single = () => `${base}/a/latest/content/translations.json`;
  const several = () => `${base}/a/latest/content/?assets=translations.json,footer.json`;

  beforeAll(async () => {
    server = await startTestServer();
    base = assetBase(server);
  });
  afterAll(() => server.close());

  it('answers a version published in this process from the next request on, with a new ETag', async () => {
    const before = await json(single());
    const severalBefore = await json(several());
    // Answered from the cache: the same bytes and ETag.
    expect(await json(single())).toEqual(before);
    expect(await json(several())).toEqual(severalBefore);

    const { version } = await publish(server, withJson(await starterFiles(), { '/content/translations.json': { greeting: 'fresh' } }));
    const after = await json(single());
    expect(after.body).toEqual({ data: { greeting: 'fresh' }, included: [], meta: { version } });
    expect(after.etag).not.toBe(before.etag);
    const severalAfter = await json(several());
    expect(severalAfter.body.meta.version).toBe(version);
    expect(severalAfter.body.data.map((a: any) => a.attributes.data)).toContainEqual({ greeting: 'fresh' });
    // The old ETag no longer matches; the new one does.
    expect((await get(single(), { 'if-none-match': before.etag })).status).toBe(200);
    expect((await get(single(), { 'if-none-match': after.etag })).status).toBe(304);
    // The version read before still answers its own data.
    const old = await json(`${base}/v/${before.body.meta.version}/content/translations.json`);
    expect(old.body).toEqual(before.body);
  });

  it('answers a version published by another process (the operator CLI) from the next request on', async () => {
    const before = await json(single());
    // What `marketplace-server assets push` does: its own connection to the same store, its own Nest context.
    const infra = await openInfrastructure(server.infra.config);
    const cli = await NestFactory.createApplicationContext(AppModule.with(infra, server.clock), { logger: ['error'] });
    let summary: PublicationSummary;
    try {
      const files = withJson(await starterFiles(), { '/content/translations.json': { greeting: 'from the CLI' } });
      summary = await cli.get(CommandBus).execute(new PublishAssetsCommand(server.marketplace.marketplaceId, files));
    } finally {
      await cli.close();
      await infra.close();
    }
    expect(summary.published).toBe(true);
    const after = await json(single());
    expect(after.body).toEqual({ data: { greeting: 'from the CLI' }, included: [], meta: { version: summary.version } });
    expect(after.etag).not.toBe(before.etag);
    expect((await json(several())).body.meta.version).toBe(summary.version);
  });

  it('answers a 304 and a redirect from the cache with the same headers as the first time', async () => {
    const first = await get(single());
    const etag = first.headers.get('etag')!;
    await first.arrayBuffer();
    for (let i = 0; i < 2; i += 1) {
      const notModified = await get(single(), { 'if-none-match': etag });
      expect(notModified.status).toBe(304);
      expect(notModified.headers.get('etag')).toBe(etag);
      expect(notModified.headers.get('cache-control')).toBe('public, max-age=10');
    }
    const latest = (await json(single())).body.meta.version;
    const moved = [await get(`${base}/v/${latest}/design/branding.json`), await get(`${base}/v/${latest}/design/branding.json`)];
    expect(moved.map((r) => r.status)).toEqual([301, 301]);
    expect(moved[1].headers.get('location')).toBe(moved[0].headers.get('location'));
    expect(moved[1].headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('links images under the origin each request was sent to, for the same request target', async () => {
    const port = new URL(server.baseUrl).port;
    const imageUrl = (host: string) =>
      new Promise<string>((resolve, reject) => {
        const req = httpRequest({ host: '127.0.0.1', port, path: `${base}/a/latest/design/branding.json`, headers: { host } }, (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve(JSON.parse(text).included[0].attributes.variants.scaled.url as string));
        });
        req.on('error', reject);
        req.end();
      });
    expect(new URL(await imageUrl(`localhost:${port}`)).host).toBe(`localhost:${port}`);
    expect(new URL(await imageUrl(`127.0.0.1:${port}`)).host).toBe(`127.0.0.1:${port}`);
    expect(new URL(await imageUrl(`localhost:${port}`)).host).toBe(`localhost:${port}`);
  });

  it('stops answering for a revoked client within a second', async () => {
    const other = await server.createMarketplace('Revoked client');
    const path = `${assetBase(server, other.marketplaceClient.clientId)}/a/latest/content/footer.json`;
    expect((await get(path)).status).toBe(200);
    const client = apiClientStream(other.marketplaceClient.clientId);
    await server.infra.runner.run({
      ctx: operatorContext(other.marketplaceId, server.clock.now()),
      streams: { client },
      decide: (s) => ({ events: { client: apiClientDecider.decide({ type: 'revoke', now: server.clock.now() }, s.client) } }),
    });
    await sleep(1100);
    const gone = await get(path);
    expect(gone.status).toBe(404);
    expect(((await gone.json()) as any).errors[0]).toEqual(expect.objectContaining({ status: 404, code: 'not-found' }));
  });
});
