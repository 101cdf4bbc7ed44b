import { Controller, Req } from '@nestjs/common';
import { IMAGE_SCHEMA } from './image.schemas';
import type { FastifyRequest } from 'fastify';
import { Api, ApiRequest } from '../../http/api-request';
import { ApiCommand, INTEGRATION_TOKEN } from '../../http/endpoint.decorators';
import { Responder } from '../../http/responder';
import { ImageUploads } from './image-uploads';

/** Integration API: an operator's upload, usable for any user or listing of the marketplace. */
@Controller('v1/integration_api/images')
export class ImagesIntegrationController {
  constructor(
    private readonly uploads: ImageUploads,
    private readonly respond: Responder,
  ) {}

  /** Multipart, so the body is read here from the request, not from `api.body`; the guard still authenticates. */
  @ApiCommand('upload', INTEGRATION_TOKEN, { body: 'multipart', returns: IMAGE_SCHEMA })
  async upload(@Api() api: ApiRequest, @Req() request: FastifyRequest) {
    return this.respond.command(api, await this.uploads.upload(api, request));
  }
}
