import { Inject, Injectable } from '@nestjs/common';
import { BLOBS, type BlobStore, type StoredBlob } from '../blobs/blob-store.port';
import { CONFIG, type Config } from '../config';
import { notFound } from '../shared/api-error';
import { isUuid } from '../shared/values';
import { originalBlobKey } from './commands/upload-image.handler';
import { parseRenderToken } from './domain/image-variants';
import { renderVariant } from './image-processing';
import { VariantUrls } from './variant-urls';

/**
 * Variant files behind the signed links: generated from the original on first request, then kept in the blob
 * store beside it. Anything but a link this server signed is 404, so nobody can make it render arbitrary sizes.
 */
@Injectable()
export class ImageVariants {
  private readonly urls: VariantUrls;
  /** Concurrent first requests for one variant share one rendering. */
  private readonly rendering = new Map<string, Promise<StoredBlob>>();

  constructor(
    @Inject(BLOBS) private readonly blobs: BlobStore,
    @Inject(CONFIG) config: Config,
  ) {
    this.urls = new VariantUrls(config.tokenSecret);
  }

  async variant(marketplaceId: string, imageId: string, token: string, signature: unknown): Promise<StoredBlob> {
    const render = parseRenderToken(token);
    const signed =
      isUuid(marketplaceId) && isUuid(imageId) && typeof signature === 'string' && this.urls.verify(marketplaceId, imageId, token, signature);
    if (!render || !signed) throw notFound('No such image variant.');
    const key = `images/${marketplaceId}/${imageId}/${token}`;
    const stored = await this.blobs.get(key);
    if (stored) return stored;
    let pending = this.rendering.get(key);
    if (!pending) {
      pending = (async () => {
        const original = await this.blobs.get(originalBlobKey(marketplaceId, imageId));
        if (!original) throw notFound('No such image variant.');
        const variant = await renderVariant(original.data, render, render.fit);
        await this.blobs.put(key, variant.data, { contentType: variant.contentType });
        return variant;
      })().finally(() => this.rendering.delete(key));
      this.rendering.set(key, pending);
    }
    return pending;
  }
}
