import { createHmac, timingSafeEqual } from 'node:crypto';
import { RenderSpec, renderToken } from './domain/image-variants';

/**
 * Signed variant links. Variants are generated on first request by an unauthenticated route, so the link carries
 * an HMAC of (marketplace, image, output): only the sizes this server handed out can be asked for, and a link
 * cannot be re-pointed at another image. The key is derived from the token secret, so rotating that secret also
 * retires old links.
 */
export class VariantUrls {
  private readonly key: Buffer;

  constructor(tokenSecret: string) {
    this.key = createHmac('sha256', tokenSecret).update('image-variant-urls/v1').digest();
  }

  url(baseUrl: string, marketplaceId: string, imageId: string, render: RenderSpec): string {
    const token = renderToken(render);
    return `${baseUrl}/v1/images/${marketplaceId}/${imageId}/${token}?sig=${this.signature(marketplaceId, imageId, token)}`;
  }

  verify(marketplaceId: string, imageId: string, token: string, signature: string): boolean {
    const expected = Buffer.from(this.signature(marketplaceId, imageId, token));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private signature(marketplaceId: string, imageId: string, token: string): string {
    return createHmac('sha256', this.key).update(`${marketplaceId}/${imageId}/${token}`).digest('base64url');
  }
}
