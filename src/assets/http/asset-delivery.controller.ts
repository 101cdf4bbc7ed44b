import { Controller, Get, Inject, Param, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { publicBaseUrlOf } from '../../http/base-url';
import { BLOBS, type BlobStore } from '../../blobs/blob-store.port';
import { CONFIG, type Config } from '../../config';
import { notFound } from '../../shared/api-error';
import { assetBlobKey } from '../asset-preparation';
import { Access, AssetDelivery } from './asset-delivery';

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';
const BLOB_FILE = /^([0-9a-f]{64})\.[a-z]{2,4}$/;

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
 * No token: the client id in the path opens the marketplace's assets. Plain JSON; errors through ApiErrorFilter.
 */
@Controller('v1/assets/pub/:clientId')
export class AssetDeliveryController {
  constructor(
    private readonly delivery: AssetDelivery,
    @Inject(CONFIG) private readonly config: Config,
    @Inject(BLOBS) private readonly blobs: BlobStore,
  ) {}

  @Get('a/:alias/*')
  byAlias(@Param('clientId') clientId: string, @Param('alias') alias: string, @Param('*') rest: string, @Req() req: FastifyRequest, @Res() reply: FastifyReply) {
    return this.serve({ by: 'alias', alias }, clientId, rest, req, reply, `public, max-age=${this.config.assetCacheAliasSeconds}`);
  }

  @Get('v/:version/*')
  byVersion(@Param('clientId') clientId: string, @Param('version') version: string, @Param('*') rest: string, @Req() req: FastifyRequest, @Res() reply: FastifyReply) {
    return this.serve({ by: 'version', version }, clientId, rest, req, reply, `public, max-age=${this.config.assetCacheVersionSeconds}, immutable`);
  }

  /** Image files and variants: content-addressed, so they never change and are cached as long as versions are. */
  @Get('images/:file')
  async image(@Param('clientId') clientId: string, @Param('file') file: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const hash = BLOB_FILE.exec(file)?.[1];
    const marketplaceId = await this.delivery.marketplaceOf(clientId);
    const blob = hash ? await this.blobs.get(assetBlobKey(marketplaceId, hash)) : null;
    if (!blob) throw notFound('No such image.');
    const etag = `"${hash!.slice(0, 32)}"`;
    void reply.header('cache-control', `public, max-age=${this.config.assetCacheVersionSeconds}, immutable`).header('etag', etag);
    if (matches(request.headers['if-none-match'], etag)) return void reply.status(304).send();
    void reply.header('content-type', blob.contentType).send(blob.data);
  }

  private async serve(access: Access, clientId: string, rest: string, request: FastifyRequest, reply: FastifyReply, cacheControl: string): Promise<void> {
    const baseUrl = publicBaseUrlOf(request, this.config.publicBaseUrl);
    const delivery = await this.delivery.deliver({ clientId, access, rest: rest ?? '', assets: assetsParam(request), baseUrl });
    if (delivery.status === 301) {
      // By-version URLs are immutable, so the redirect is as cacheable as the answer; the query (`assets=`) is kept.
      const path = (rest ?? '').split('/').map(encodeURIComponent).join('/');
      const location = `${this.config.publicBaseUrl ?? ''}/v1/assets/pub/${encodeURIComponent(clientId)}/v/${delivery.version}/${path}${queryString(request)}`;
      return void reply.status(301).header('location', location).header('cache-control', cacheControl).send();
    }
    void reply.header('cache-control', cacheControl).header('etag', delivery.etag);
    if (matches(request.headers['if-none-match'], delivery.etag)) return void reply.status(304).send();
    void reply.status(200).header('content-type', JSON_CONTENT_TYPE).send(delivery.body);
  }
}
