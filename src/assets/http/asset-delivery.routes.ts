import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { answer, describedRoute, ERROR_ANSWERS, serviceOperation } from '../../http/openapi/describe.decorator';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BLOBS, type BlobStore } from '../../blobs/blob-store.port';
import { CONFIG, type Config } from '../../config';
import { publicBaseUrlOf } from '../../http/base-url';
import { notFound } from '../../shared/api-error';
import { assetBlobKey } from '../asset-preparation';
import { Access, AssetDelivery } from './asset-delivery';

const PREFIX = '/v1/assets/pub/:clientId';
const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';
const BLOB_FILE = /^([0-9a-f]{64})\.[a-z]{2,4}$/;

type AssetRequest = FastifyRequest<{ Params: { clientId: string; alias?: string; version?: string; '*'?: string } }>;
type ImageRequest = FastifyRequest<{ Params: { clientId: string; file: string } }>;

/** If-None-Match: a list of tags, weak ones compared weakly (RFC 9110 §13.1.2), or `*`. */
const matches = (header: string | undefined, etag: string): boolean =>
  header !== undefined && header.split(',').some((tag) => ['*', etag].includes(tag.trim().replace(/^W\//, '')));

const queryString = (request: FastifyRequest): string => {
  const at = request.url.indexOf('?');
  return at >= 0 ? request.url.slice(at) : '';
};

const assetsParam = (request: FastifyRequest): string | undefined => {
  const value = (request.query as Record<string, unknown> | undefined)?.assets;
  return Array.isArray(value) ? value.join(',') : typeof value === 'string' ? value : undefined;
};

/**
 * The Asset Delivery API: `…/a/<alias>/<path>` and `…/v/<version>/<path>` for one asset, the same ending in `/`
 * (a shared folder, possibly empty) with `?assets=` for several, and the image files referred assets link to.
 * No token: the client id in the path opens the marketplace's assets. Plain JSON.
 *
 * These routes are registered on the Fastify instance when the module starts, not through a Nest controller: the
 * Web Template loads its configuration here on every page view, and the answer is a cached buffer, so Nest's
 * router execution context (the global guard, parameter pipes, the exception zone) cost more than the answer
 * itself (docs/performance.md, "Asset delivery"). Nothing else changes for a client: errors are thrown and reach
 * the global ApiErrorFilter through the error handler Nest installs on Fastify (the JSON error envelope, as for
 * any route), CORS and the request log are Fastify hooks that run for every route, and rate limits are for the
 * data APIs only. The file storage routes (src/files/http/file-storage.routes.ts) are the other such place.
 */
/** JSON assets are answered as `{data, meta: {version}}` in the request's format (Transit or JSON). */
const ASSET_ANSWERS = {
  '200': { description: 'The asset', content: { 'application/json': { schema: { type: 'object', properties: { data: {}, meta: { type: 'object', additionalProperties: true } } } }, 'application/transit+json': { schema: { type: 'object', additionalProperties: true } } } },
  '301': { description: 'To the version the alias names' },
  ...ERROR_ANSWERS,
};

@Injectable()
export class AssetDeliveryRoutes implements OnModuleInit {
  private readonly aliasCacheControl: string;
  private readonly versionCacheControl: string;

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly delivery: AssetDelivery,
    @Inject(CONFIG) private readonly config: Config,
    @Inject(BLOBS) private readonly blobs: BlobStore,
  ) {
    this.aliasCacheControl = `public, max-age=${config.assetCacheAliasSeconds}`;
    this.versionCacheControl = `public, max-age=${config.assetCacheVersionSeconds}, immutable`;
  }

  onModuleInit(): void {
    // The operator CLI runs the same modules without an HTTP server.
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    if (!fastify) return;
    fastify.get(`${PREFIX}/a/:alias/*`, describedRoute(serviceOperation('Asset Delivery API', 'An asset by alias (latest is the newest version): redirects to its version', ASSET_ANSWERS)), (request: AssetRequest, reply) =>
      this.serve({ by: 'alias', alias: request.params.alias! }, request, reply, this.aliasCacheControl),
    );
    fastify.get(`${PREFIX}/v/:version/*`, describedRoute(serviceOperation('Asset Delivery API', 'An asset of a version (immutable)', ASSET_ANSWERS)), (request: AssetRequest, reply) =>
      this.serve({ by: 'version', version: request.params.version! }, request, reply, this.versionCacheControl),
    );
    fastify.get(`${PREFIX}/images/:file`, describedRoute(serviceOperation('Asset Delivery API', 'An image asset', { '200': answer('The image', 'image/*'), ...ERROR_ANSWERS })), (request: ImageRequest, reply) => this.image(request, reply));
  }

  private async serve(access: Access, request: AssetRequest, reply: FastifyReply, cacheControl: string): Promise<FastifyReply> {
    const { clientId } = request.params;
    const rest = request.params['*'] ?? '';
    const baseUrl = publicBaseUrlOf(request, this.config.publicBaseUrl);
    const delivery = await this.delivery.deliver({ clientId, access, rest, assets: assetsParam(request), baseUrl, target: request.url });
    if (delivery.status === 301) {
      // By-version URLs are immutable, so the redirect is as cacheable as the answer; the query (`assets=`) is kept.
      const path = rest.split('/').map(encodeURIComponent).join('/');
      const location = `${this.config.publicBaseUrl ?? ''}/v1/assets/pub/${encodeURIComponent(clientId)}/v/${delivery.version}/${path}${queryString(request)}`;
      return reply.status(301).header('location', location).header('cache-control', cacheControl).send();
    }
    if (matches(request.headers['if-none-match'], delivery.etag)) return reply.status(304).headers({ 'cache-control': cacheControl, etag: delivery.etag }).send();
    return reply.status(200).headers({ 'cache-control': cacheControl, etag: delivery.etag, 'content-type': JSON_CONTENT_TYPE }).send(delivery.body);
  }

  /** Image files and variants: content-addressed, so they never change and are cached as long as versions are. */
  private async image(request: ImageRequest, reply: FastifyReply): Promise<FastifyReply> {
    const { clientId, file } = request.params;
    const hash = BLOB_FILE.exec(file)?.[1];
    const marketplaceId = await this.delivery.marketplaceOf(clientId);
    const blob = hash ? await this.blobs.get(assetBlobKey(marketplaceId, hash)) : null;
    if (!blob) throw notFound('No such image.');
    const etag = `"${hash!.slice(0, 32)}"`;
    reply.header('cache-control', this.versionCacheControl).header('etag', etag);
    if (matches(request.headers['if-none-match'], etag)) return reply.status(304).send();
    return reply.header('content-type', blob.contentType).send(blob.data);
  }
}
