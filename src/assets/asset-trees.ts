import { Inject, Injectable } from '@nestjs/common';
import { BLOBS, type BlobStore } from '../blobs/blob-store.port';
import { DOCUMENTS, type DocumentStore } from '../read-models/document-store.port';
import { assetBlobKey } from './asset-preparation';
import { AliasDocument, ASSET_ALIASES, ASSET_CONTENTS, ASSET_VERSIONS, JsonContentDocument, LATEST } from './assets.projection';
import type { AssetManifest } from './domain/asset-tree.events';

/**
 * A bounded map that forgets entries not used lately, approximately least recently used first ("second chance"):
 * a hit only marks its entry, so it costs one lookup and no reordering; when the map is over its bounds, its
 * oldest entry is dropped, unless it was hit since it was placed (or is the one being set), in which case it is
 * placed again, unmarked. Values must be immutable.
 */
export class LruCache<K, V> {
  private readonly entries = new Map<K, { value: V; weight: number; used: boolean }>();
  private weight = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxWeight = Infinity,
  ) {}

  get(key: K): V | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    hit.used = true;
    return hit.value;
  }

  set(key: K, value: V, weight = 1): void {
    const old = this.entries.get(key);
    if (old) {
      this.weight -= old.weight;
      this.entries.delete(key);
    }
    this.entries.set(key, { value, weight, used: false });
    this.weight += weight;
    // Each turn drops an entry or unmarks one (the new entry passes at most once per round), so the loop ends.
    while (this.entries.size > this.maxEntries || (this.weight > this.maxWeight && this.entries.size > 1)) {
      const [oldestKey, oldest] = this.entries.entries().next().value!;
      this.entries.delete(oldestKey);
      if (oldest.used || oldestKey === key) {
        oldest.used = false;
        this.entries.set(oldestKey, oldest);
      } else {
        this.weight -= oldest.weight;
      }
    }
  }
}

const VERSION_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Reads the asset read model. Only the `latest` alias moves, so it is read on every call (a write is visible to
 * the next request on every instance); version manifests and contents never change and are cached.
 */
@Injectable()
export class AssetTrees {
  private readonly manifests = new LruCache<string, AssetManifest>(1024);
  private readonly contents = new LruCache<string, JsonContent>(4096, 64 * 1024 * 1024);

  constructor(
    @Inject(DOCUMENTS) private readonly documents: DocumentStore,
    @Inject(BLOBS) private readonly blobs: BlobStore,
  ) {}

  async latest(marketplaceId: string): Promise<AssetManifest | null> {
    const version = await this.latestVersion(marketplaceId);
    return version ? this.version(marketplaceId, version) : null;
  }

  /** The version the `latest` alias names now (read from the read model on every call), or null before the first. */
  async latestVersion(marketplaceId: string): Promise<string | null> {
    return (await this.documents.get<AliasDocument>(ASSET_ALIASES, marketplaceId, LATEST))?.version ?? null;
  }

  async version(marketplaceId: string, version: string): Promise<AssetManifest | null> {
    if (!VERSION_ID.test(version)) return null;
    const key = `${marketplaceId}/${version}`;
    const hit = this.manifests.get(key);
    if (hit) return hit;
    const manifest = await this.documents.get<AssetManifest>(ASSET_VERSIONS, marketplaceId, version);
    if (manifest) this.manifests.set(key, manifest);
    return manifest;
  }

  /** A JSON asset's text and inclusions; a large text comes from the blob store (its event carries only the hash). */
  async content(marketplaceId: string, hash: string): Promise<JsonContent> {
    const key = `${marketplaceId}/${hash}`;
    const hit = this.contents.get(key);
    if (hit) return hit;
    const stored = await this.documents.get<JsonContentDocument>(ASSET_CONTENTS, marketplaceId, hash);
    // A manifest only names contents written in the same projection step.
    if (!stored) throw new Error(`Asset content ${hash} of marketplace ${marketplaceId} is missing from the read model.`);
    const content = { json: stored.json ?? (await jsonBlob(this.blobs, marketplaceId, hash)), included: stored.included };
    this.contents.set(key, content, content.json.length);
    return content;
  }
}

export type JsonContent = { json: string; included: JsonContentDocument['included'] };

/** The text of a JSON asset kept in the blob store. */
export const jsonBlob = async (blobs: BlobStore, marketplaceId: string, hash: string): Promise<string> => {
  const blob = await blobs.get(assetBlobKey(marketplaceId, hash));
  if (!blob) throw new Error(`The JSON asset ${hash} of marketplace ${marketplaceId} is missing from the blob store.`);
  return blob.data.toString('utf8');
};
