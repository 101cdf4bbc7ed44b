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
  /**
   * The request target as received (path and query), which every field above but the base URL is read from: with
   * the base URL and the version read, it determines the answer. Answers are cached by it.
   */
  target: string;
}

export type Delivery =
  /** The body as sent (encoded once), its ETag and the version it is of. */
  | { status: 200; body: Buffer; etag: string; version: string }
  /** The same data lives at an earlier version: the client is sent there (the by-version URLs are immutable). */
  | { status: 301; version: string };

/** A cached answer, with what it was built for besides its request target. */
interface Answer {
  version: string;
  baseUrl: string;
  delivery: Delivery;
}

/** The platform's only alias: the newest version. */
const ALIASES = ['latest'];

/** Answers kept: one per request target (the latest version's, for an alias), at most 128 MiB of them. */
const MAX_ANSWERS = 8192;
const MAX_ANSWER_BYTES = 128 * 1024 * 1024;

/** A live client id is looked up again after a second: the longest a revoked client could still open assets. */
const CLIENT_RECHECK_MS = 1000;
const MAX_CLIENTS = 10_000;

const isMulti = (rest: string): boolean => rest === '' || rest.endsWith('/');

/**
 * Answers Asset Delivery API requests from the read model.
 *
 * An answer is a pure function of the request target (client id, alias or version, asset path or folder and
 * `assets`), the base URL of image links and the version read, because versions and the contents they name never
 * change. So each answer is cached as sent (encoded body and ETag, or the redirect) by its request target, with
 * the version and base URL it was built for. A request then costs the client check (at most once a second per
 * client) and, by alias, one read of the alias from the read model, which is never cached: a version published by
 * any process (the operator CLI publishes from its own) is answered from the next request on, on every instance.
 * Errors are never cached.
 */
@Injectable()
export class AssetDelivery {
  private readonly answers = new LruCache<string, Answer>(MAX_ANSWERS, MAX_ANSWER_BYTES);
  /** Client ids found live, with their marketplace and until when (monotonic milliseconds) they need no look-up. */
  private readonly liveClients = new LruCache<string, { marketplaceId: string; until: number }>(MAX_CLIENTS);

  constructor(
    private readonly clients: ApiClientDirectory,
    private readonly trees: AssetTrees,
  ) {}

  /**
   * The marketplace whose assets a client id opens: only live Marketplace API applications do. A client found live
   * is looked up again after CLIENT_RECHECK_MS (its marketplace and kind never change; only a revocation would), so
   * a revoked client stops opening assets within that time; an unknown one is looked up on every request.
   */
  async marketplaceOf(clientId: string): Promise<string> {
    return this.knownMarketplaceOf(clientId) ?? (await this.lookUpMarketplaceOf(clientId));
  }

  private knownMarketplaceOf(clientId: string): string | undefined {
    const live = this.liveClients.get(clientId);
    return live && live.until > performance.now() ? live.marketplaceId : undefined;
  }

  private async lookUpMarketplaceOf(clientId: string): Promise<string> {
    const client = await this.clients.find(clientId);
    if (!client || client.kind !== 'marketplace' || !client.marketplaceId) throw notFound('No Marketplace API application with this client id.');
    this.liveClients.set(clientId, { marketplaceId: client.marketplaceId, until: performance.now() + CLIENT_RECHECK_MS });
    return client.marketplaceId;
  }

  async deliver(request: DeliveryRequest): Promise<Delivery> {
    const marketplaceId = this.knownMarketplaceOf(request.clientId) ?? (await this.lookUpMarketplaceOf(request.clientId));
    const { access } = request;
    const version = access.by === 'alias' ? await this.aliasVersion(marketplaceId, access.alias) : access.version;
    const cached = this.answers.get(request.target);
    if (cached && cached.version === version && cached.baseUrl === request.baseUrl) return cached.delivery;
    const manifest = await this.trees.version(marketplaceId, version);
    if (!manifest) throw notFound(access.by === 'alias' ? `No asset alias ${access.alias}.` : `No asset version ${version}.`);
    const delivery = await this.build(marketplaceId, manifest, request);
    const weight = request.target.length + (delivery.status === 200 ? delivery.body.length : 0);
    this.answers.set(request.target, { version, baseUrl: request.baseUrl, delivery }, weight);
    return delivery;
  }

  /** The version an alias names now: read on every request, never cached. */
  private async aliasVersion(marketplaceId: string, alias: string): Promise<string> {
    const version = ALIASES.includes(alias) ? await this.trees.latestVersion(marketplaceId) : null;
    if (!version) throw notFound(`No asset alias ${alias}.`);
    return version;
  }

  private async build(marketplaceId: string, manifest: AssetManifest, request: DeliveryRequest): Promise<Delivery> {
    if (!isMulti(request.rest)) {
      const path = normalizeAssetPath(request.rest);
      const entry = path !== null ? manifest.entries[path] : undefined;
      if (!path || !entry || entry.kind !== 'json') throw notFound(`No asset ${request.rest} in version ${manifest.version}.`);
      if (request.access.by === 'version' && entry.changedIn !== manifest.version) return { status: 301, version: entry.changedIn };
      return this.answer(marketplaceId, manifest, [path], 'one', request);
    }
    if (request.assets === undefined) throw missingKey(['assets'], 'query', 'A multi-asset request names its assets in the assets parameter.');
    const requested = requestedPaths(request.rest, request.assets);
    if (request.access.by === 'version') {
      const earlier = await this.earliestEquivalent(marketplaceId, manifest, requested);
      if (earlier) return { status: 301, version: earlier };
    }
    const paths = requested.filter((p) => manifest.entries[p]?.kind === 'json');
    return this.answer(marketplaceId, manifest, paths, 'many', request);
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
    const assets: DeliveredAsset[] = await Promise.all(
      paths.map(async (path) => {
        const hash = manifest.entries[path].hash;
        const content = await this.trees.content(marketplaceId, hash);
        return { path, hash, json: content.json, included: content.included };
      }),
    );
    const text =
      shape === 'one'
        ? singleAssetBody(assets[0], manifest.version, request.baseUrl, request.clientId)
        : multiAssetBody(assets, manifest.version, request.baseUrl, request.clientId);
    const body = Buffer.from(text, 'utf8');
    return { status: 200, body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`, version: manifest.version };
  }
}

const jsonHash = (manifest: AssetManifest, path: string): string | null => {
  const entry = manifest.entries[path];
  return entry?.kind === 'json' ? entry.hash : null;
};
