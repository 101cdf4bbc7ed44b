import sharp from 'sharp';
import type { Fit, Size } from './domain/image-variants';

/** An upload whose content decoded as an image of an accepted format. */
export interface SniffedImage {
  data: Buffer;
  /** From the content, not from what the client claimed. */
  contentType: string;
  format: string;
  /** After the EXIF orientation. */
  width: number;
  height: number;
}

/** Raster formats accepted for upload. SVG is not: it is a document (scripts, external references), not pixels. */
const CONTENT_TYPES: Record<string, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  heif: 'image/heif',
  tiff: 'image/tiff',
};

/** Decompression bombs: refuse images of more pixels than a 150-megapixel camera takes. */
const MAX_INPUT_PIXELS = 150_000_000;

const open = (data: Buffer) => sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });

/**
 * Decides from the bytes alone whether they are an image this server takes, and its oriented size. Decoding a
 * small preview, not only the header, turns away truncated or corrupt files at upload rather than at the first
 * variant request. Null when the bytes are not such an image.
 */
export const sniffImage = async (data: Buffer): Promise<SniffedImage | null> => {
  try {
    const meta = await open(data).metadata();
    const format = meta.format as string;
    if (!(format in CONTENT_TYPES) || !meta.width || !meta.height) return null;
    await open(data).resize(32, 32, { fit: 'inside' }).raw().toBuffer();
    // libheif reports AVIF as heif with the AV1 codec.
    const contentType = format === 'heif' && meta.compression === 'av1' ? 'image/avif' : CONTENT_TYPES[format];
    const oriented = meta.autoOrient ?? { width: meta.width, height: meta.height };
    return { data, contentType, format, width: oriented.width, height: oriented.height };
  } catch {
    return null;
  }
};

/**
 * Generates a variant of exactly `size`: `crop` covers the box and cuts the overflow around the centre; `scale`
 * was already fitted by the size math, so the image is resized to it as is. Metadata (EXIF, GPS) is dropped.
 * JPEG, PNG and WebP originals keep their format; others become PNG when they have transparency, else JPEG.
 */
export const renderVariant = async (original: Buffer, size: Size, fit: Fit): Promise<{ data: Buffer; contentType: string }> => {
  const meta = await open(original).metadata();
  const pipeline = open(original)
    .autoOrient()
    .resize(size.width, size.height, { fit: fit === 'crop' ? 'cover' : 'fill', position: 'centre' });
  const format = meta.format === 'jpeg' || meta.format === 'png' || meta.format === 'webp' ? meta.format : meta.hasAlpha ? 'png' : 'jpeg';
  const data =
    format === 'jpeg'
      ? await pipeline.jpeg({ quality: 82, progressive: true }).toBuffer()
      : format === 'webp'
        ? await pipeline.webp({ quality: 82 }).toBuffer()
        : await pipeline.png().toBuffer();
  return { data, contentType: CONTENT_TYPES[format] };
};
