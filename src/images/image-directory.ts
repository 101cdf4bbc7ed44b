import { Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { CommonParams } from '../http/common-params';
import type { Resource } from '../http/resource';

/**
 * What other contexts (users, listings) need to know about images: the image resource as the data APIs return
 * it, whether a client may attach an image, and the base URL of variant links.
 */
@Injectable()
export class ImageDirectory {
  /** The image resource (type 'image') with the variants the request asks for, or null when it does not exist in the marketplace. */
  async resource(_marketplaceId: string, _imageId: string, _params: CommonParams, _baseUrl: string): Promise<Resource | null> {
    return null;
  }

  /** Throws 400 validation-invalid-value with source.path `path` when an id is not an image of this marketplace, or was uploaded by another user (userId null = Integration API: any image of the marketplace). */
  async assertUsable(_marketplaceId: string, _userId: string | null, _imageIds: string[], _path: string[]): Promise<void> {
    return;
  }

  /** The public base URL for variant links as seen by this request. */
  baseUrlOf(request: FastifyRequest): string {
    return `${request.protocol}://${request.headers.host ?? 'localhost'}`;
  }
}
