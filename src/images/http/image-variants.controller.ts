import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { answer, Describe, ERROR_ANSWERS, serviceOperation } from '../../http/openapi/describe.decorator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { ImageVariants } from '../image-variants.service';

/** A year: a variant link always serves the same picture, so caches may keep it as long as they like. */
const CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** If-None-Match: a list of tags, weak ones compared weakly (RFC 9110 §13.1.2), or `*`. */
const matches = (header: string | undefined, etag: string): boolean =>
  header !== undefined && header.split(',').some((tag) => ['*', etag].includes(tag.trim().replace(/^W\//, '')));

/**
 * The variant URLs of image resources (no token: browsers load them in <img>). Signed; the bytes never change,
 * so responses are cacheable forever and revalidate by ETag.
 */
@Controller('v1/images')
export class ImageVariantsController {
  constructor(private readonly variants: ImageVariants) {}

  @Get(':marketplaceId/:imageId/:token')
  @Describe(serviceOperation('Marketplace API', 'An image variant, by the signed link of an image resource', { '200': answer('The image', 'image/*'), '304': { description: 'Not modified (ETag)' }, ...ERROR_ANSWERS }, { parameters: [{ name: 'sig', in: 'query', schema: { type: 'string' } }] }))
  async serve(
    @Param('marketplaceId') marketplaceId: string,
    @Param('imageId') imageId: string,
    @Param('token') token: string,
    @Query('sig') signature: unknown,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const variant = await this.variants.variant(marketplaceId, imageId, token, signature);
    const etag = `"${createHash('sha256').update(variant.data).digest('base64url').slice(0, 27)}"`;
    void reply.header('cache-control', CACHE_CONTROL).header('etag', etag);
    if (matches(request.headers['if-none-match'], etag)) {
      void reply.status(304).send();
      return;
    }
    void reply.header('content-type', variant.contentType).header('content-length', variant.data.length).send(variant.data);
  }
}
