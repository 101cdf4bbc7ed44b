import { createHash } from 'node:crypto';
import type { BlobStore } from '../blobs/blob-store.port';
import { badRequest } from '../shared/api-error';
import { renderImageVariant, inspectImage } from './asset-images';
import { kindOfPath, normalizeAssetPath } from './domain/asset-paths';
import { imageIdOf, normalizeRefs, TreeImage, variantSize, variantsPerImage } from './domain/asset-refs';
import type { CurrentFile } from './domain/asset-tree.decider';
import { INLINE_EVENT_BUDGET_BYTES, INLINE_JSON_BYTES, type AssetFile, type ImageAssetFile, type ImageInclusion, type JsonAssetFile, type RenderedVariant } from './domain/asset-tree.events';

/** A file of a folder being published: its path in the tree (with or without the leading slash) and its bytes. */
export interface SourceFile {
  path: string;
  data: Buffer;
}

const MAX_FILES = 5000;
const MAX_JSON_BYTES = 4 * 1024 * 1024;
const MAX_IMAGE_BYTES = 20 * 1024 * 1024;

const sha256 = (data: Buffer | string): string => createHash('sha256').update(data).digest('hex');

/**
 * A JSON file of a version: a small text inline, a large one (over INLINE_JSON_BYTES) in the blob store under its
 * hash with only the reference in the event (a dry run writes nothing and keeps it inline).
 */
const jsonFileOf = async (
  marketplaceId: string,
  path: string,
  hash: string,
  json: string,
  included: ImageInclusion[],
  options: PrepareOptions,
  inline = Buffer.byteLength(json) <= INLINE_JSON_BYTES,
): Promise<JsonAssetFile> => {
  if (inline || !options.blobs) return { path, kind: 'json', hash, json, included };
  const key = assetBlobKey(marketplaceId, hash);
  if (!(await options.blobs.exists(key))) await options.blobs.put(key, Buffer.from(json, 'utf8'), { contentType: 'application/json' });
  return { path, kind: 'json', hash, json: null, included };
};

/** Blob key of a content-addressed asset file (image or variant) of a marketplace. */
export const assetBlobKey = (marketplaceId: string, hash: string): string => `assets/${marketplaceId}/${hash}`;

export interface PrepareOptions {
  /** Where image files and variants go; null for a dry run (nothing written, no variant rendered). */
  blobs: BlobStore | null;
}

/**
 * Turns a folder's files into the files of a tree version: validates paths and formats, normalizes image
 * references, and, for JSON assets whose content is new, renders the variants they ask for and stores them.
 * Content that the current tree already has (same path, same hash) is taken over as it is.
 */
export const prepareTree = async (
  marketplaceId: string,
  sources: readonly SourceFile[],
  current: Readonly<Record<string, CurrentFile>>,
  options: PrepareOptions,
): Promise<AssetFile[]> => {
  if (sources.length > MAX_FILES) throw badRequest(`A tree has at most ${MAX_FILES} files.`);
  const seen = new Set<string>();
  const jsonSources: SourceFile[] = [];
  const imageBytes = new Map<string, Buffer>();
  const images = new Map<string, ImageAssetFile>();
  for (const source of sources) {
    const path = normalizeAssetPath(source.path);
    if (path === null) throw badRequest(`${source.path}: not a valid asset path (segments of letters, digits, ".", "-", "_").`);
    const kind = kindOfPath(path);
    if (kind === null) throw badRequest(`${path}: only .json assets and .png, .jpg, .jpeg, .webp, .gif images can be published.`);
    if (seen.has(path)) throw badRequest(`${path}: given twice.`);
    seen.add(path);
    if (kind === 'json') {
      if (source.data.length > MAX_JSON_BYTES) throw badRequest(`${path}: JSON assets are at most ${MAX_JSON_BYTES} bytes.`);
      jsonSources.push({ path, data: source.data });
      continue;
    }
    if (source.data.length > MAX_IMAGE_BYTES) throw badRequest(`${path}: images are at most ${MAX_IMAGE_BYTES} bytes.`);
    images.set(path, await prepareImage(marketplaceId, path, source.data, current[path], options));
    imageBytes.set(path, source.data);
  }
  const treeImages = new Map<string, TreeImage>([...images].map(([path, i]) => [path, i]));
  const jsonFiles: JsonAssetFile[] = [];
  const newTexts: Array<{ path: string; hash: string; json: string; included: ImageInclusion[] }> = [];
  for (const source of jsonSources) {
    const { value, refs } = normalizeRefs(parseJson(source), treeImages, source.path);
    const json = JSON.stringify(value);
    const hash = sha256(json);
    const previous = current[source.path];
    if (previous?.kind === 'json' && previous.hash === hash) {
      jsonFiles.push(await jsonFileOf(marketplaceId, source.path, hash, json, previous.included, options));
      continue;
    }
    const included: ImageInclusion[] = [];
    for (const [imagePath, specs] of variantsPerImage(refs, source.path)) {
      const image = images.get(imagePath)!;
      const variants: Record<string, RenderedVariant> = {};
      for (const [name, spec] of Object.entries(specs)) {
        variants[name] = await prepareVariant(marketplaceId, image, imageBytes.get(imagePath)!, spec, options);
      }
      included.push({ id: imageIdOf(image), assetPath: imagePath, variants });
    }
    newTexts.push({ path: source.path, hash, json, included });
  }
  // The new texts travel in the version's event: the smallest inline while they fit its budget, the others in blobs.
  let inlineBytes = 0;
  for (const text of [...newTexts].sort((a, b) => Buffer.byteLength(a.json) - Buffer.byteLength(b.json))) {
    const bytes = Buffer.byteLength(text.json);
    const inline = bytes <= INLINE_JSON_BYTES && inlineBytes + bytes <= INLINE_EVENT_BUDGET_BYTES;
    if (inline) inlineBytes += bytes;
    jsonFiles.push(await jsonFileOf(marketplaceId, text.path, text.hash, text.json, text.included, options, inline));
  }
  return [...jsonFiles, ...images.values()].sort((a, b) => (a.path < b.path ? -1 : 1));
};

const parseJson = (source: SourceFile): Record<string, unknown> => {
  let value: unknown;
  try {
    value = JSON.parse(source.data.toString('utf8').replace(/^\uFEFF/, ''));
  } catch (error) {
    throw badRequest(`${source.path}: not valid JSON (${(error as Error).message}).`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw badRequest(`${source.path}: a JSON asset is an object.`);
  return value as Record<string, unknown>;
};

const prepareImage = async (
  marketplaceId: string,
  path: string,
  data: Buffer,
  previous: CurrentFile | undefined,
  options: PrepareOptions,
): Promise<ImageAssetFile> => {
  const hash = sha256(data);
  if (previous?.kind === 'image' && previous.hash === hash) {
    const { changedIn: _, ...file } = previous;
    return file;
  }
  const { contentType, width, height } = await inspectImage(path, data);
  await storeBlob(options, marketplaceId, hash, data, contentType);
  return { path, kind: 'image', hash, contentType, width, height };
};

const prepareVariant = async (
  marketplaceId: string,
  image: ImageAssetFile,
  original: Buffer,
  spec: { width?: number; height?: number; fit?: 'scale' | 'crop' },
  options: PrepareOptions,
): Promise<RenderedVariant> => {
  const size = variantSize(image, spec);
  const asPushed = size.width === image.width && size.height === image.height;
  // A dry run only compares content hashes, which do not depend on the rendered bytes: nothing is rendered.
  if (asPushed || options.blobs === null) return { ...size, blob: image.hash, contentType: image.contentType };
  const variant = await renderImageVariant(image.hash, original, size, spec.fit ?? 'scale');
  const hash = sha256(variant.data);
  await storeBlob(options, marketplaceId, hash, variant.data, variant.contentType);
  return { ...size, blob: hash, contentType: variant.contentType };
};

const storeBlob = async (options: PrepareOptions, marketplaceId: string, hash: string, data: Buffer, contentType: string): Promise<void> => {
  if (!options.blobs) return;
  const key = assetBlobKey(marketplaceId, hash);
  // Content-addressed: an existing key already holds these bytes. A failed append leaves an unreferenced blob, never a wrong one.
  if (!(await options.blobs.exists(key))) await options.blobs.put(key, data, { contentType });
};
