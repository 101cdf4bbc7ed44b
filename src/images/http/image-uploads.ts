import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';
import { ApiRequest, commandContextOf } from '../../http/api-request';
import { publicBaseUrlOf } from '../../http/base-url';
import { CLOCK, type Clock } from '../../shared/clock';
import { CONFIG, type Config } from '../../config';
import { IDS, type IdGenerator } from '../../shared/ids';
import { apiError } from '../../shared/api-error';
import type { Resource } from '../../shared/resource';
import { UploadImageCommand } from '../commands/upload-image.handler';
import { requestedVariants } from '../domain/image-variants';
import { ImageDirectory } from '../image-directory';
import { sniffImage } from '../image-processing';
import { readImagePart } from './multipart-image';

/** `POST images/upload` of both data APIs: read the part, sniff it, store it, answer with the image resource. */
@Injectable()
export class ImageUploads {
  constructor(
    private readonly commands: CommandBus,
    private readonly images: ImageDirectory,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(IDS) private readonly ids: IdGenerator,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  async upload(api: ApiRequest, request: FastifyRequest): Promise<Resource> {
    // Bad query parameters (it takes only the common ones: expand, fields.image, imageVariant.*) are answered by
    // the guard, before the body is read.
    requestedVariants(api.common);
    const bytes = await readImagePart(request);
    const image = await sniffImage(bytes);
    if (!image)
      throw apiError(400, 'image-invalid-content', 'The "image" part is not a JPEG, PNG, WebP, GIF, HEIF/AVIF or TIFF image.', {
        source: { path: ['image'], type: 'body' },
      });
    const ctx = commandContextOf(api, this.clock);
    const imageId = this.ids.next();
    const ownerId = api.auth.scope === 'integ' ? null : api.auth.userId;
    await this.commands.execute(new UploadImageCommand(ctx, imageId, ownerId, image));
    const baseUrl = api.baseUrl ?? publicBaseUrlOf(request, this.config.publicBaseUrl);
    return (await this.images.resource(api.auth.marketplaceId, imageId, api.common, baseUrl))!;
  }
}
