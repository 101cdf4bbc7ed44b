import { createHash } from 'node:crypto';
import { badRequest } from '../../shared/api-error';
import { normalizeAssetPath } from './asset-paths';
import type { VariantSpec } from './asset-tree.events';

/**
 * Image references inside JSON assets. In a pushed file a reference is `{"_ref": {"type": "imageAsset", "path":
 * "/design/logo.png", "variants": {...}}}` (or names the image by its `id`). Publication normalizes it to
 * `{"_ref": {"id", "type", "path", "variants"}}`: the id is derived from the image's path and content, so a new
 * picture under the same path changes the referring asset too, and its `included` entry is never stale.
 * Clients only read `_ref.id` and `_ref.type` (the Web Template swaps the ref for the `included` entry).
 */
export interface TreeImage {
  path: string;
  hash: string;
  width: number;
  height: number;
}

export interface ImageRef {
  imagePath: string;
  variants: Record<string, VariantSpec>;
}

const MAX_DIMENSION = 4096;
const VARIANT_NAME = /^[A-Za-z0-9_-]{1,64}$/;
const DEFAULT_VARIANTS: Record<string, VariantSpec> = { original: {} };

/** A name-based UUID (version 5 layout over sha256): the same parts always give the same id. */
export const nameUuid = (...parts: string[]): string => {
  const b = createHash('sha256').update(parts.join('\n')).digest();
  b[6] = (b[6] & 0x0f) | 0x50;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = b.subarray(0, 16).toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
};

export const imageIdOf = (image: Pick<TreeImage, 'path' | 'hash'>): string => nameUuid('imageAsset', image.path, image.hash);
export const jsonAssetIdOf = (path: string, hash: string): string => nameUuid('jsonAsset', path, hash);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const dimension = (value: unknown, where: string): number | undefined => {
  if (value === undefined) return undefined;
  if (!Number.isInteger(value) || (value as number) < 1 || (value as number) > MAX_DIMENSION)
    throw badRequest(`${where}: must be an integer from 1 to ${MAX_DIMENSION}.`);
  return value as number;
};

/** Validates a reference's `variants` object; the key order is kept (it is part of the asset's content). */
export const variantSpecsOf = (value: unknown, where: string): Record<string, VariantSpec> => {
  if (value === undefined) return DEFAULT_VARIANTS;
  if (!isObject(value) || Object.keys(value).length === 0) throw badRequest(`${where}.variants: must be an object of named variants.`);
  const specs: Record<string, VariantSpec> = {};
  for (const [name, raw] of Object.entries(value)) {
    const at = `${where}.variants.${name}`;
    if (!VARIANT_NAME.test(name)) throw badRequest(`${at}: variant names are letters, digits, - and _.`);
    if (!isObject(raw)) throw badRequest(`${at}: must be an object.`);
    const unknown = Object.keys(raw).filter((k) => !['width', 'height', 'fit'].includes(k));
    if (unknown.length > 0) throw badRequest(`${at}: unknown key ${unknown[0]}.`);
    const width = dimension(raw.width, `${at}.width`);
    const height = dimension(raw.height, `${at}.height`);
    if (raw.fit !== undefined && raw.fit !== 'scale' && raw.fit !== 'crop') throw badRequest(`${at}.fit: must be scale or crop.`);
    if (raw.fit === 'crop' && (width === undefined || height === undefined)) throw badRequest(`${at}: crop needs both width and height.`);
    specs[name] = {
      ...(width !== undefined ? { width } : {}),
      ...(height !== undefined ? { height } : {}),
      ...(raw.fit !== undefined ? { fit: raw.fit } : {}),
    };
  }
  return specs;
};

/** The pixel size of a variant of an image of `original` size (upscaling allowed: the operator asked for it). */
export const variantSize = (original: { width: number; height: number }, spec: VariantSpec): { width: number; height: number } => {
  const { width, height } = spec;
  if (width === undefined && height === undefined) return { width: original.width, height: original.height };
  if (spec.fit === 'crop') return { width: width!, height: height! };
  const scale = Math.min(width !== undefined ? width / original.width : Infinity, height !== undefined ? height / original.height : Infinity);
  return {
    width: Math.max(1, Math.min(MAX_DIMENSION, Math.round(original.width * scale))),
    height: Math.max(1, Math.min(MAX_DIMENSION, Math.round(original.height * scale))),
  };
};

/**
 * Normalizes every image reference of a JSON value against the tree's images, depth first in document order.
 * Returns the normalized value and the references found (an image may be referred to several times).
 */
export const normalizeRefs = (value: unknown, images: ReadonlyMap<string, TreeImage>, file: string): { value: unknown; refs: ImageRef[] } => {
  const refs: ImageRef[] = [];
  const byId = new Map([...images.values()].map((image) => [imageIdOf(image), image]));
  const walk = (v: unknown, at: string): unknown => {
    if (Array.isArray(v)) return v.map((item, i) => walk(item, `${at}[${i}]`));
    if (!isObject(v)) return v;
    if (!('_ref' in v)) return Object.fromEntries(Object.entries(v).map(([k, item]) => [k, walk(item, `${at}.${k}`)]));
    const where = `${file} ${at}._ref`;
    if (Object.keys(v).length !== 1) throw badRequest(`${where}: a reference object has no other keys than _ref.`);
    const ref = v._ref;
    if (!isObject(ref) || ref.type !== 'imageAsset') throw badRequest(`${where}: only references of type imageAsset are supported.`);
    const path = typeof ref.path === 'string' ? normalizeAssetPath(ref.path) : null;
    const image = path !== null ? images.get(path) : typeof ref.id === 'string' ? byId.get(ref.id) : undefined;
    if (!image) throw badRequest(`${where}: no image ${String(ref.path ?? ref.id)} in the tree (give the image's path).`);
    const variants = variantSpecsOf(ref.variants, where);
    refs.push({ imagePath: image.path, variants });
    return { _ref: { id: imageIdOf(image), type: 'imageAsset', path: image.path, variants } };
  };
  return { value: walk(value, '$'), refs };
};

/** The references of a JSON asset grouped per image, variants merged; one name asked two different ways is an error. */
export const variantsPerImage = (refs: readonly ImageRef[], file: string): Map<string, Record<string, VariantSpec>> => {
  const merged = new Map<string, Record<string, VariantSpec>>();
  for (const ref of refs) {
    const variants = merged.get(ref.imagePath) ?? {};
    for (const [name, spec] of Object.entries(ref.variants)) {
      if (variants[name] && JSON.stringify(variants[name]) !== JSON.stringify(spec))
        throw badRequest(`${file}: the variant ${name} of ${ref.imagePath} is defined in two different ways.`);
      variants[name] = spec;
    }
    merged.set(ref.imagePath, variants);
  }
  return merged;
};
