import { Controller, Req } from '@nestjs/common';
import { IMAGE_SCHEMA } from './image.schemas';
import type { FastifyRequest } from 'fastify';
import { Api, ApiRequest } from '../../http/api-request';
import { ApiCommand, USER_TOKEN } from '../../http/endpoint.decorators';
import { Responder } from '../../http/responder';
import { ImageUploads } from './image-uploads';

/** Marketplace API: a logged-in user uploads an image, then attaches it to a listing or a profile by id. */
@Controller('v1/api/images')
export class ImagesMarketplaceController {
  constructor(
    private readonly uploads: ImageUploads,
    private readonly respond: Responder,
  ) {}

  /** Multipart, so the body is read here from the request, not from `api.body`; the guard still authenticates. */
  @ApiCommand('upload', USER_TOKEN, { body: 'multipart', returns: IMAGE_SCHEMA })
  async upload(@Api() api: ApiRequest, @Req() request: FastifyRequest) {
    return this.respond.command(api, await this.uploads.upload(api, request));
  }
}
