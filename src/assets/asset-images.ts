import sharp from 'sharp';
import { badRequest } from '../shared/api-error';
import { IMAGE_CONTENT_TYPES } from './domain/asset-paths';

/** Refuse decompression bombs, as image uploads do. */
const MAX_INPUT_PIXELS = 100_000_000;
const open = (data: Buffer) => sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });

/** The format and oriented size of an image file of a tree; a 400 naming the file when it is not a usable image. */
export const inspectImage = async (path: string, data: Buffer): Promise<{ contentType: string; width: number; height: number }> => {
  try {
    const meta = await open(data).metadata();
    const format = meta.format === 'jpeg' ? 'jpg' : (meta.format as string);
    if (!(format in IMAGE_CONTENT_TYPES) || !meta.width || !meta.height) throw new Error(`format ${String(meta.format)}`);
    const oriented = meta.autoOrient ?? { width: meta.width, height: meta.height };
    return { contentType: IMAGE_CONTENT_TYPES[format], width: oriented.width, height: oriented.height };
  } catch (error) {
    throw badRequest(`${path}: not a PNG, JPEG, WebP or GIF image (${(error as Error).message}).`);
  }
};

/** Rendered variants by (original, size, fit): trees are republished unchanged often, and the starter tree for every marketplace. */
const rendered = new Map<string, { data: Buffer; contentType: string }>();
const RENDERED_MAX = 128;

/**
 * A variant of exactly `width`×`height`: `crop` covers the box and cuts around the centre, `scale` was fitted by
 * the size math already. PNG, JPEG and WebP keep their format (transparency in logos survives); GIF becomes PNG.
 * Metadata (EXIF, GPS) is dropped.
 */
export const renderImageVariant = async (
  originalHash: string,
  original: Buffer,
  size: { width: number; height: number },
  fit: 'scale' | 'crop',
): Promise<{ data: Buffer; contentType: string }> => {
  const key = `${originalHash}:${size.width}x${size.height}:${fit}`;
  const hit = rendered.get(key);
  if (hit) return hit;
  const meta = await open(original).metadata();
  const pipeline = open(original).autoOrient().resize(size.width, size.height, { fit: fit === 'crop' ? 'cover' : 'fill', position: 'centre' });
  const result =
    meta.format === 'jpeg'
      ? { data: await pipeline.jpeg({ quality: 85, progressive: true }).toBuffer(), contentType: 'image/jpeg' }
      : meta.format === 'webp'
        ? { data: await pipeline.webp({ quality: 85 }).toBuffer(), contentType: 'image/webp' }
        : { data: await pipeline.png({ compressionLevel: 9 }).toBuffer(), contentType: 'image/png' };
  if (rendered.size >= RENDERED_MAX) rendered.delete(rendered.keys().next().value!);
  rendered.set(key, result);
  return result;
};
