import { createHmac, timingSafeEqual } from 'node:crypto';
import { forbidden } from '../shared/api-error';
import { isUuid } from '../shared/values';

/** An upload link is good for an hour, a download link for five minutes. */
export const UPLOAD_URL_TTL_MS = 60 * 60 * 1000;
export const DOWNLOAD_URL_TTL_MS = 5 * 60 * 1000;

export type StorageGrant =
  | { kind: 'upload'; marketplaceId: string; fileId: string; uploadId: string; expiresAt: Date }
  | { kind: 'download'; marketplaceId: string; fileId: string; expiresAt: Date };

const KINDS = { upload: 'u', download: 'd' } as const;

/**
 * The tokens in storage URLs (no bearer token: the browser PUTs and GETs them directly, like presigned S3 URLs):
 * `<payload>.<HMAC>`, the payload naming the marketplace, the file, what the URL allows and until when. The key is
 * derived from the token secret, so rotating the secret retires every link.
 */
export class StorageTokens {
  private readonly key: Buffer;

  constructor(tokenSecret: string) {
    this.key = createHmac('sha256', tokenSecret).update('file-storage-urls/v1').digest();
  }

  sign(grant: StorageGrant): string {
    const fields = [KINDS[grant.kind], grant.marketplaceId, grant.fileId, grant.kind === 'upload' ? grant.uploadId : '', String(grant.expiresAt.getTime())];
    const payload = Buffer.from(fields.join('~')).toString('base64url');
    return `${payload}.${this.mac(payload)}`;
  }

  /** The grant of a token this server signed for `kind` and that has not expired at `now`; 403 forbidden otherwise. */
  verify(token: string, kind: StorageGrant['kind'], now: Date): StorageGrant {
    const [payload, mac, extra] = token.split('.');
    const expected = payload ? Buffer.from(this.mac(payload)) : Buffer.alloc(0);
    const given = Buffer.from(mac ?? '');
    if (extra !== undefined || !payload || given.length !== expected.length || !timingSafeEqual(given, expected)) throw forbidden('The link is not valid.');
    const [k, marketplaceId, fileId, uploadId, expiry] = Buffer.from(payload, 'base64url').toString('utf8').split('~');
    if (k !== KINDS[kind] || !isUuid(marketplaceId) || !isUuid(fileId)) throw forbidden('The link is not valid.');
    const expiresAt = new Date(Number(expiry));
    if (!(expiresAt.getTime() > now.getTime())) throw forbidden('The link has expired.');
    return kind === 'upload' ? { kind, marketplaceId, fileId, uploadId, expiresAt } : { kind, marketplaceId, fileId, expiresAt };
  }

  private mac(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}

/** The storage routes, outside the data APIs (src/files/http/file-storage.routes.ts). */
export const storagePaths = {
  upload: (token: string) => `/v1/files/storage/upload/${token}`,
  download: (token: string) => `/v1/files/storage/download/${token}`,
};
