/**
 * Asset paths: absolute, slash-separated, each segment of `[A-Za-z0-9._-]` (no `.`/`..`, no hidden files), ending
 * in a known extension. The same path names a file of a pushed folder and the asset clients ask for.
 */
export type AssetKind = 'json' | 'image';

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;
const MAX_PATH = 512;

/** Image formats accepted in a tree, by extension; SVG is not (a document with scripts, not pixels). */
export const IMAGE_CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
};

export const EXTENSION_OF_CONTENT_TYPE: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

const extensionOf = (path: string): string => path.slice(path.lastIndexOf('.') + 1).toLowerCase();

export const kindOfPath = (path: string): AssetKind | null => {
  const extension = extensionOf(path);
  if (extension === 'json') return 'json';
  return extension in IMAGE_CONTENT_TYPES ? 'image' : null;
};

/** The absolute form of a path given with or without its leading slash, or null when it is not a valid path. */
export const normalizeAssetPath = (path: string): string | null => {
  const relative = path.replace(/^\/+/, '');
  if (relative.length === 0 || relative.length > MAX_PATH) return null;
  const segments = relative.split('/');
  if (!segments.every((s) => SEGMENT.test(s) && s !== '.' && s !== '..')) return null;
  return `/${segments.join('/')}`;
};

/**
 * The paths a multi-asset request names: `assets=` is a comma list of paths relative to the URL's prefix (the
 * SDK puts their longest common folder there). Invalid entries name no asset, so they are dropped like missing ones.
 */
export const requestedPaths = (prefix: string, assets: string): string[] => {
  const base = prefix.replace(/^\/+/, '').replace(/\/+$/, '');
  const paths = assets
    .split(',')
    .map((a) => a.trim())
    .filter((a) => a.length > 0)
    .map((a) => normalizeAssetPath(base ? `${base}/${a.replace(/^\/+/, '')}` : a))
    .filter((p): p is string => p !== null);
  return [...new Set(paths)].sort();
};
