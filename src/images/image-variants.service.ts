import { Inject, Injectable } from '@nestjs/common';
import { BLOBS, type BlobStore, type StoredBlob } from '../blobs/blob-store.port';
import { CONFIG, type Config } from '../config';
import { DOCUMENTS, type DocumentStore } from '../read-models/document-store.port';
import { notFound } from '../shared/api-error';
import { isUuid } from '../shared/values';
import { originalBlobKey } from './commands/upload-image.handler';
import { parseRenderToken, predefinedRenderTokens, RenderSpec } from './domain/image-variants';
import { renderVariant } from './image-processing';
import { IMAGES, StoredImage } from './images.projection';
import { VariantCache } from './variant-cache';
import { VariantUrls } from './variant-urls';

/**
 * Variant files behind the signed links, generated from the original on first request. Anything but a link this
 * server signed is 404. What is kept is bounded: an image's predefined variants (at most 13) are stored in the blob
 * store beside the original; custom sizes, which any public query can have signed in any number, only in a
 * per-instance LRU cache of IMAGE_VARIANT_CACHE_BYTES, so anonymous requests cannot fill the disk.
 */
@Injectable()
export class ImageVariants {
  private readonly urls: VariantUrls;
  private readonly cache: VariantCache;
  /** Concurrent first requests for one variant share one rendering. */
  private readonly rendering = new Map<string, Promise<StoredBlob>>();

  constructor(
    @Inject(BLOBS) private readonly blobs: BlobStore,
    @Inject(DOCUMENTS) private readonly documents: DocumentStore,
    @Inject(CONFIG) config: Config,
  ) {
    this.urls = new VariantUrls(config.tokenSecret);
    this.cache = new VariantCache(config.imageVariantCacheBytes);
  }

  async variant(marketplaceId: string, imageId: string, token: string, signature: unknown): Promise<StoredBlob> {
    const render = parseRenderToken(token);
    const signed =
      isUuid(marketplaceId) && isUuid(imageId) && typeof signature === 'string' && this.urls.verify(marketplaceId, imageId, token, signature);
    if (!render || !signed) throw notFound('No such image variant.');
    const image = await this.documents.get<StoredImage>(IMAGES, marketplaceId, imageId);
    if (!image) throw notFound('No such image variant.');
    const key = `images/${marketplaceId}/${imageId}/${token}`;
    const kept = predefinedRenderTokens(image).has(token);
    const found = kept ? await this.blobs.get(key) : this.cache.get(key);
    if (found) return found;
    let pending = this.rendering.get(key);
    if (!pending) {
      pending = this.render(marketplaceId, imageId, render, key, kept).finally(() => this.rendering.delete(key));
      this.rendering.set(key, pending);
    }
    return pending;
  }

  private async render(marketplaceId: string, imageId: string, render: RenderSpec, key: string, kept: boolean): Promise<StoredBlob> {
    const original = await this.blobs.get(originalBlobKey(marketplaceId, imageId));
    if (!original) throw notFound('No such image variant.');
    const variant = await renderVariant(original.data, render, render.fit);
    if (kept) await this.blobs.put(key, variant.data, { contentType: variant.contentType });
    else this.cache.set(key, variant);
    return variant;
  }
}
