import { createHmac, timingSafeEqual } from 'node:crypto';
import { forbidden } from '../shared/api-error';

/** An upload link is good for an hour, a download link for five minutes. */
export const UPLOAD_URL_TTL_MS = 60 * 60 * 1000;
export const DOWNLOAD_URL_TTL_MS = 5 * 60 * 1000;

export type StorageGrant =
  | { kind: 'upload'; marketplaceId: string; fileId: string; uploadId: string; expiresAt: Date }
  | { kind: 'download'; marketplaceId: string; fileId: string; expiresAt: Date };

const KINDS = { upload: 1, download: 2 } as const;
const MAC_BYTES = 16;

const uuidBytes = (uuid: string): Buffer => Buffer.from(uuid.replace(/-/g, ''), 'hex');
const uuidOf = (bytes: Buffer): string => {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

/** Links expire on whole seconds (what a token carries): a link's `expiresAt` is `now + ttl`, rounded down. */
export const expiryAfter = (now: Date, ttlMs: number): Date => new Date(Math.floor((now.getTime() + ttlMs) / 1000) * 1000);

/**
 * The tokens in storage URLs (no bearer token: the browser PUTs and GETs them directly, like presigned S3 URLs):
 * `<payload>.<MAC>`, the payload naming what the URL allows (upload or download), the marketplace, the file, the
 * upload and until when, in binary (a URL path segment holds at most 100 characters here). The MAC is HMAC-SHA256,
 * cut to 128 bits, under a key derived from the token secret, so rotating the secret retires every link.
 */
export class StorageTokens {
  private readonly key: Buffer;

  constructor(tokenSecret: string) {
    this.key = createHmac('sha256', tokenSecret).update('file-storage-urls/v1').digest();
  }

  sign(grant: StorageGrant): string {
    const expiry = Buffer.alloc(4);
    expiry.writeUInt32BE(Math.floor(grant.expiresAt.getTime() / 1000));
    const ids = [grant.marketplaceId, grant.fileId, ...(grant.kind === 'upload' ? [grant.uploadId] : [])].map(uuidBytes);
    const payload = Buffer.concat([Buffer.from([KINDS[grant.kind]]), ...ids, expiry]).toString('base64url');
    return `${payload}.${this.mac(payload)}`;
  }

  /** The grant of a token this server signed for `kind` and that has not expired at `now`; 403 forbidden otherwise. */
  verify<K extends StorageGrant['kind']>(token: string, kind: K, now: Date): Extract<StorageGrant, { kind: K }> {
    const [payload, mac, extra] = token.split('.');
    const expected = payload ? Buffer.from(this.mac(payload)) : Buffer.alloc(0);
    const given = Buffer.from(mac ?? '');
    if (extra !== undefined || !payload || given.length !== expected.length || !timingSafeEqual(given, expected)) throw forbidden('The link is not valid.');
    const bytes = Buffer.from(payload, 'base64url');
    const idCount = kind === 'upload' ? 3 : 2;
    if (bytes[0] !== KINDS[kind] || bytes.length !== 1 + 16 * idCount + 4) throw forbidden('The link is not valid.');
    const [marketplaceId, fileId, uploadId] = [0, 1, 2].slice(0, idCount).map((i) => uuidOf(bytes.subarray(1 + 16 * i, 17 + 16 * i)));
    const expiresAt = new Date(bytes.readUInt32BE(1 + 16 * idCount) * 1000);
    if (!(expiresAt.getTime() > now.getTime())) throw forbidden('The link has expired.');
    const grant: StorageGrant = kind === 'upload' ? { kind, marketplaceId, fileId, uploadId, expiresAt } : { kind: 'download', marketplaceId, fileId, expiresAt };
    return grant as Extract<StorageGrant, { kind: K }>;
  }

  private mac(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest().subarray(0, MAC_BYTES).toString('base64url');
  }
}

/** Where the storage routes live, outside the data APIs (src/files/http/file-storage.routes.ts). */
export const STORAGE_PREFIX = '/v1/files/storage/';

/** The storage routes' paths, as the routes register them (with `:token`) and as links carry them. */
export const storagePaths = {
  upload: (token: string) => `${STORAGE_PREFIX}upload/${token}`,
  download: (token: string) => `${STORAGE_PREFIX}download/${token}`,
};
