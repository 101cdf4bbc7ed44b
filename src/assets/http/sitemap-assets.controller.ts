import { Controller } from '@nestjs/common';
import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { Api, ApiRequest } from '../../http/api-request';
import { queryOf } from '../../http/endpoint-params';
import { ANY_MARKETPLACE_TOKEN, ApiQuery } from '../../http/endpoint.decorators';
import type { Resource } from '../../http/resource';
import { Responder } from '../../http/responder';
import { AssetTrees } from '../asset-trees';
import { jsonAssetIdOf } from '../domain/asset-refs';

export class QueryAssetsParams {
  @IsOptional()
  @IsString()
  @MaxLength(512)
  @Matches(/^\/?([A-Za-z0-9_-][A-Za-z0-9._-]*\/?)*$/, { message: 'pathPrefix must be an asset path or folder, such as /content/pages/' })
  pathPrefix?: string;
}

/**
 * Marketplace API `sitemap_data/query_assets`: the JSON assets of the current tree under a path prefix (the Web
 * Template asks for `/content/pages/` to list CMS pages in its sitemap), as `asset` resources with `assetPath`.
 */
@Controller('v1/api/sitemap_data')
export class SitemapAssetsController {
  constructor(
    private readonly trees: AssetTrees,
    private readonly respond: Responder,
  ) {}

  @ApiQuery('query_assets', ANY_MARKETPLACE_TOKEN, { query: QueryAssetsParams, list: true })
  async queryAssets(@Api() api: ApiRequest) {
    const { pathPrefix = '/' } = queryOf(api, QueryAssetsParams);
    const prefix = `/${pathPrefix.replace(/^\/+/, '')}`;
    const manifest = await this.trees.latest(api.auth.marketplaceId);
    const assets: Resource[] = Object.entries(manifest?.entries ?? {})
      .filter(([path, entry]) => entry.kind === 'json' && path.startsWith(prefix))
      .map(([path, entry]) => ({ id: jsonAssetIdOf(path, entry.hash), type: 'asset', attributes: { assetPath: path } }));
    return this.respond.many(api, assets, {});
  }
}
