import { originalBlobKey } from '../images/commands/upload-image.handler';
import { imageDecider } from '../images/domain/image.decider';
import type { ImageUploadedData } from '../images/domain/image.events';
import { sniffImage } from '../images/image-processing';
import { imageStream } from '../images/image-streams';
import type { ResourceCount } from './import-report';
import { ImportTarget, runImport } from './import-target';
import type { ApiResource, SourceApi } from './source-api';

/**
 * The variant asked of the source for every image: the platform's largest custom size, fitted without enlarging,
 * so it is the original itself up to 3072 pixels a side (the original is not served by the API; this is as close
 * as it goes). Sent as `fields.image` / `imageVariant.*` with every query that includes images.
 */
export const LARGEST_VARIANT = 'import-largest';
export const imageQuery = {
  'fields.image': `variants.${LARGEST_VARIANT},variants.scaled-xlarge,variants.default`,
  [`imageVariant.${LARGEST_VARIANT}`]: 'w:3072;h:3072;fit:scale',
};

interface Variant {
  width: number;
  height: number;
  url: string;
}

const largestVariant = (image: ApiResource): Variant | null =>
  (Object.values(image.attributes.variants ?? {}) as Array<Variant | null>)
    .filter((v): v is Variant => v !== null && typeof v.url === 'string')
    .sort((a, b) => b.width * b.height - a.width * a.height)[0] ?? null;

/**
 * Stores an image of the source here, under its own id: the largest variant's bytes as the original, and the
 * upload's record (owner: the user it belongs to). Counted in `count`; true when the image is here (now or from an
 * earlier run), false when the source has no usable bytes for it (then listed as skipped, with why).
 */
export const importImage = async (target: ImportTarget, source: SourceApi, image: ApiResource, ownerId: string | null, at: Date, count: ResourceCount): Promise<boolean> => {
  const ref = imageStream(target.marketplaceId, image.id);
  if ((await target.runner.state(ref)).image) {
    count.existing += 1;
    return true;
  }
  const variant = largestVariant(image);
  const downloaded = variant && (await source.download(variant.url));
  const sniffed = downloaded && (await sniffImage(downloaded.data));
  if (!sniffed) {
    count.skipped.push({ id: image.id, reason: variant ? `no image at ${variant.url}` : 'the source answered no variant URL' });
    return false;
  }
  const blobKey = originalBlobKey(target.marketplaceId, image.id);
  await target.blobs.put(blobKey, sniffed.data, { contentType: sniffed.contentType });
  const uploaded: ImageUploadedData = { imageId: image.id, ownerId, blobKey, width: sniffed.width, height: sniffed.height, format: sniffed.format, size: sniffed.data.length, uploadedAt: at.toISOString() };
  const appended = await runImport(target, `image/${image.id}`, at, { image: ref }, (s) => ({ image: s.image.image ? [] : imageDecider.decide({ type: 'upload', image: uploaded }, s.image) }));
  if (appended) count.imported += 1;
  else count.existing += 1;
  return true;
};
