import { integer, objectOf, resourceSchema, string } from '../../http/openapi/resource-schema';

/** `image` (src/images/domain/image-resource.ts): the variants the request asked for, by name. */
export const IMAGE_SCHEMA = resourceSchema('image', {
  variants: { type: 'object', additionalProperties: objectOf({ name: string, width: integer, height: integer, url: { type: 'string', format: 'uri' } }) },
});
