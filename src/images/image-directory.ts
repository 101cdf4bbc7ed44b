import { Inject, Injectable } from '@nestjs/common';
import { CONFIG, type Config } from '../config';
import { DOCUMENTS, type DocumentStore } from '../read-models/document-store.port';
import { invalidValue } from '../shared/api-error';
import type { Resource } from '../shared/resource';
import { isUuid } from '../shared/values';
import { imageResource } from './domain/image-resource';
import { requestedVariants, VariantRequest } from './domain/image-variants';
import { IMAGES, StoredImage } from './images.projection';
import { VariantUrls } from './variant-urls';

/**
 * What other contexts (users, listings) need to know about images: the image resource as the data APIs return
 * it and the base URL of variant links (whether a client may attach an image is a rule of the decisions that attach
 * one: src/images/image-streams.ts).
 */
@Injectable()
export class ImageDirectory {
  private readonly urls: VariantUrls;

  constructor(
    @Inject(DOCUMENTS) private readonly documents: DocumentStore,
    @Inject(CONFIG) private readonly config: Config,
  ) {
    this.urls = new VariantUrls(config.tokenSecret);
  }

  /**
   * The image resource (type 'image') with the variants the request asks for, or null when it does not exist in the marketplace.
   * Throws 400 validation-invalid-value (source.path `imageVariant.<name>`) when the request's custom variants are invalid.
   */
  async resource(marketplaceId: string, imageId: string, params: VariantRequest, baseUrl: string): Promise<Resource | null> {
    const variants = requestedVariants(params);
    const image = await this.find(marketplaceId, imageId);
    if (!image) return null;
    return imageResource(image, variants, (render) => this.urls.url(baseUrl, marketplaceId, imageId, render));
  }


  /** For relationship loaders called without a request's base URL: the configured one, else this server's address. */
  get defaultBaseUrl(): string {
    return this.config.publicBaseUrl ?? `http://${this.config.host}:${this.config.port}`;
  }

  private find(marketplaceId: string, imageId: string): Promise<StoredImage | null> {
    return isUuid(imageId) ? this.documents.get<StoredImage>(IMAGES, marketplaceId, imageId) : Promise.resolve(null);
  }
}
