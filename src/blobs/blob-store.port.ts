import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';

/**
 * The blob port: immutable-ish binary objects (uploaded images, generated image variants, asset files) by key.
 * Adapters: the filesystem under `DATA_DIR/blobs` (embedded default) and any S3-compatible object store
 * (`BLOB_S3_BUCKET`). Both pass test/blob-store.contract.ts.
 *
 * Keys are relative, slash-separated paths of `[A-Za-z0-9._-]` segments (`images/<mp>/<id>/original`), so they
 * map one-to-one onto file paths and object keys; so, as with files, a key is never also the folder of another
 * key (`a` and `a/b`). Contexts own a top-level prefix each (`images/`, `assets/`).
 * Shared with the assets context: extend compatibly (new optional members), do not fork a second port.
 */
export interface BlobStore {
  /** Stores `data` under `key`, replacing what was there. A reader sees the old or the new object whole, never a part. */
  put(key: string, data: Buffer, options?: PutBlobOptions): Promise<void>;
  /** The object, or null when there is none. */
  get(key: string): Promise<StoredBlob | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the object; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
  close(): Promise<void>;
  /**
   * Optional streaming members, for objects too big to hold in memory (files up to 1 GB). `putStream` stores what
   * the stream yields, atomically like `put` (a failed or aborted stream stores nothing), and answers the bytes
   * stored. `getStream` opens the object for reading, or null when there is none.
   */
  putStream?(key: string, stream: Readable, options?: PutStreamOptions): Promise<{ size: number }>;
  getStream?(key: string): Promise<BlobReadStream | null>;
}

export interface PutStreamOptions extends PutBlobOptions {
  /** The length when known in advance (S3 needs it to stream a PUT; without it the adapter may buffer). */
  size?: number;
}

export interface BlobReadStream {
  stream: Readable;
  size: number;
  contentType: string;
}

export interface PutBlobOptions {
  /** MIME type given back by `get` (default `application/octet-stream`). */
  contentType?: string;
}

export interface StoredBlob {
  data: Buffer;
  contentType: string;
}

export const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;

/** Throws on a key that is not a relative path of safe segments (no `..`, no leading `/`, no empty parts). */
export const assertBlobKey = (key: string): void => {
  const parts = key.split('/');
  if (key.length > 1000 || parts.length === 0 || !parts.every((p) => SEGMENT.test(p) && p !== '.' && p !== '..'))
    throw new Error(`Invalid blob key: ${JSON.stringify(key)}`);
};

/** A content-addressed key: `<prefix>/<sha256 of data>` (the same bytes always land on the same key). */
export const contentKey = (prefix: string, data: Buffer): string => `${prefix}/${createHash('sha256').update(data).digest('hex')}`;

/** Injection token of the BlobStore port (interfaces have no runtime identity in TypeScript). */
export const BLOBS = 'BlobStore';
