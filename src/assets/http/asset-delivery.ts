import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { ApiClientDirectory } from '../../marketplaces/api-client-directory';
import { missingKey, notFound } from '../../shared/api-error';
import { LruCache, AssetTrees } from '../asset-trees';
import { normalizeAssetPath, requestedPaths } from '../domain/asset-paths';
import type { AssetManifest } from '../domain/asset-tree.events';
import { DeliveredAsset, multiAssetBody, singleAssetBody } from './asset-bodies';

export type Access = { by: 'alias'; alias: string } | { by: 'version'; version: string };

export interface DeliveryRequest {
  clientId: string;
  access: Access;
  /** The URL path after `a/<alias>/` or `v/<version>/`: an asset path, or a folder prefix ending in `/` (or ''). */
  rest: string;
  /** The `assets` query parameter of a multi-asset request. */
  assets: string | undefined;
  baseUrl: string;
}

export type Delivery =
  | { status: 200; body: string; etag: string; version: string }
  /** The same data lives at an earlier version: the client is sent there (the by-version URLs are immutable). */
  | { status: 301; version: string };

/** The platform's only alias: the newest version. */
const ALIASES = ['latest'];

/**
 * Answers Asset Delivery API requests from the read model. Bodies of a version never change (only the base URL
 * and client id in image links vary), so built bodies are cached with their ETag.
 */
@Injectable()
export class AssetDelivery {
  private readonly bodies = new LruCache<string, { body: string; etag: string }>(4096, 128 * 1024 * 1024);

  constructor(
    private readonly clients: ApiClientDirectory,
    private readonly trees: AssetTrees,
  ) {}

  /** The marketplace whose assets a client id opens: only live Marketplace API applications do. */
  async marketplaceOf(clientId: string): Promise<string> {
    const client = await this.clients.find(clientId);
    if (!client || client.kind !== 'marketplace' || !client.marketplaceId) throw notFound('No Marketplace API application with this client id.');
    return client.marketplaceId;
  }

  async deliver(request: DeliveryRequest): Promise<Delivery> {
    const marketplaceId = await this.marketplaceOf(request.clientId);
    const manifest = await this.manifestOf(marketplaceId, request.access);
    const multi = request.rest === '' || request.rest.endsWith('/');
    if (!multi) {
      const path = normalizeAssetPath(request.rest);
      const entry = path !== null ? manifest.entries[path] : undefined;
      if (!path || !entry || entry.kind !== 'json') throw notFound(`No asset ${request.rest} in version ${manifest.version}.`);
      if (request.access.by === 'version' && entry.changedIn !== manifest.version) return { status: 301, version: entry.changedIn };
      return this.answer(marketplaceId, manifest, [path], 'one', request);
    }
    if (request.assets === undefined) throw missingKey(['assets'], 'query', 'A multi-asset request names its assets in the assets parameter.');
    const paths = requestedPaths(request.rest, request.assets).filter((p) => manifest.entries[p]?.kind === 'json');
    if (request.access.by === 'version') {
      const earlier = await this.earliestEquivalent(marketplaceId, manifest, requestedPaths(request.rest, request.assets));
      if (earlier) return { status: 301, version: earlier };
    }
    return this.answer(marketplaceId, manifest, paths, 'many', request);
  }

  private async manifestOf(marketplaceId: string, access: Access): Promise<AssetManifest> {
    if (access.by === 'alias') {
      const manifest = ALIASES.includes(access.alias) ? await this.trees.latest(marketplaceId) : null;
      if (!manifest) throw notFound(`No asset alias ${access.alias}.`);
      return manifest;
    }
    const manifest = await this.trees.version(marketplaceId, access.version);
    if (!manifest) throw notFound(`No asset version ${access.version}.`);
    return manifest;
  }

  /**
   * For several assets by version: the newest version in which any of them last changed, when it gives exactly
   * the same answer (every requested path present there with the same content, or absent in both). Null when
   * that is the requested version itself, or when none of them exists.
   */
  private async earliestEquivalent(marketplaceId: string, manifest: AssetManifest, requested: string[]): Promise<string | null> {
    const changedIn = [...new Set(requested.flatMap((p) => (manifest.entries[p]?.kind === 'json' ? [manifest.entries[p].changedIn] : [])))];
    if (changedIn.length === 0 || changedIn.includes(manifest.version)) return null;
    const candidates = (await Promise.all(changedIn.map((v) => this.trees.version(marketplaceId, v)))).filter((m): m is AssetManifest => m !== null);
    const target = candidates.sort((a, b) => b.number - a.number)[0];
    if (!target) return null;
    const same = requested.every((p) => jsonHash(manifest, p) === jsonHash(target, p));
    return same ? target.version : null;
  }

  private async answer(
    marketplaceId: string,
    manifest: AssetManifest,
    paths: string[],
    shape: 'one' | 'many',
    request: DeliveryRequest,
  ): Promise<Delivery> {
    const key = `${marketplaceId}|${manifest.version}|${shape}|${paths.join(',')}|${request.baseUrl}|${request.clientId}`;
    let built = this.bodies.get(key);
    if (!built) {
      const assets: DeliveredAsset[] = await Promise.all(
        paths.map(async (path) => {
          const hash = manifest.entries[path].hash;
          const content = await this.trees.content(marketplaceId, hash);
          return { path, hash, json: content.json, included: content.included };
        }),
      );
      const body =
        shape === 'one'
          ? singleAssetBody(assets[0], manifest.version, request.baseUrl, request.clientId)
          : multiAssetBody(assets, manifest.version, request.baseUrl, request.clientId);
      built = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
      this.bodies.set(key, built, body.length);
    }
    return { status: 200, body: built.body, etag: built.etag, version: manifest.version };
  }
}

const jsonHash = (manifest: AssetManifest, path: string): string | null => {
  const entry = manifest.entries[path];
  return entry?.kind === 'json' ? entry.hash : null;
};
