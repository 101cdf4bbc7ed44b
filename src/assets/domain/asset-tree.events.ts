import type { DomainEvent } from '../../shared/decider';

/**
 * How a referring JSON asset wants an image: a box (`width` and/or `height` in pixels) and a fit. `scale` keeps
 * the aspect ratio inside the box; `crop` fills the box exactly and cuts the overflow around the centre. Neither
 * width nor height: the image as pushed.
 */
export interface VariantSpec {
  width?: number;
  height?: number;
  fit?: 'scale' | 'crop';
}

/** A variant as generated at publication: its size and the content-addressed blob holding its bytes. */
export interface RenderedVariant {
  width: number;
  height: number;
  /** sha256 (hex) of the bytes, stored at blob key `assets/<marketplaceId>/<sha256>`. */
  blob: string;
  contentType: string;
}

/** An image a JSON asset refers to, as it appears in `included` (minus the URLs, which depend on the request). */
export interface ImageInclusion {
  id: string;
  assetPath: string;
  variants: Record<string, RenderedVariant>;
}

/**
 * A JSON asset: its canonical text (image references normalized) travels inside the event, which keeps the log
 * self-contained; `hash` is the sha256 of exactly that text. A large text (over INLINE_JSON_BYTES) is kept in the
 * blob store instead, at `assets/<marketplaceId>/<hash>`, and `json` is null: an event stays far below KurrentDB's
 * append limit (1 MiB by default) whatever the asset's size (up to 4 MiB).
 */
export interface JsonAssetFile {
  path: string;
  kind: 'json';
  hash: string;
  json: string | null;
  included: ImageInclusion[];
}

/** JSON texts larger than this go to the blob store, with a reference (the hash) in the event. */
export const INLINE_JSON_BYTES = 256 * 1024;

/**
 * The JSON texts a version's event carries inline, in all: past it, the largest new texts go to the blob store too.
 * Stored as Transit in JSON (up to ~1.4× the text), an event then stays under 512 KiB on every engine, well under
 * KurrentDB's default 1 MiB append limit, however many files a version changes.
 */
export const INLINE_EVENT_BUDGET_BYTES = 256 * 1024;

/** An image asset: the bytes live in the blob store under its hash; the event carries only the facts. */
export interface ImageAssetFile {
  path: string;
  kind: 'image';
  hash: string;
  contentType: string;
  width: number;
  height: number;
}

export type AssetFile = JsonAssetFile | ImageAssetFile;

export interface VersionPublishedData {
  /** Opaque id of the new tree version. */
  version: string;
  /** 1 for the first version of the marketplace, then +1 per version. */
  number: number;
  /** The version this one was made from (null for the first). */
  parent: string | null;
  publishedAt: string;
  /** Files added or changed in this version, in path order. */
  changed: AssetFile[];
  /** Paths removed in this version. */
  removed: string[];
}

/** Internal (not an Integration API event): the platform publishes no asset events. */
export type AssetTreeEvent = DomainEvent<'assets/version-published', VersionPublishedData>;

export const VERSION_PUBLISHED = 'assets/version-published';

/** One path of a version: its content and the version in which that content was published. */
export interface ManifestEntry {
  kind: 'json' | 'image';
  hash: string;
  changedIn: string;
}

/** The whole tree at a version: the resource of each version-published event, and the read model's document. */
export interface AssetManifest {
  version: string;
  number: number;
  publishedAt: string;
  entries: Record<string, ManifestEntry>;
}
