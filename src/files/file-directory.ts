import { Inject, Injectable } from '@nestjs/common';
import { CONFIG, type Config } from '../config';
import { DOCUMENTS, type DocumentStore } from '../read-models/document-store.port';
import { conflict } from '../shared/api-error';
import type { Resource } from '../shared/resource';
import { isUuid } from '../shared/values';
import type { StoredFile } from './domain/file.views';
import { FILES } from './files.projection';
import { DOWNLOAD_URL_TTL_MS, expiryAfter, storagePaths, StorageTokens } from './storage-tokens';

/**
 * What other contexts (transactions, listings: file attachments) need to know about files: the stored file, its
 * resource as the data APIs return it, and short-lived download links. Who may see or download a file is the
 * caller's rule; this only refuses links to files that cannot be downloaded.
 */
@Injectable()
export class FileDirectory {
  private readonly tokens: StorageTokens;

  constructor(
    @Inject(DOCUMENTS) private readonly documents: DocumentStore,
    @Inject(CONFIG) private readonly config: Config,
  ) {
    this.tokens = new StorageTokens(config.tokenSecret);
  }

  /** The file of this marketplace, or null (an id that is no UUID is simply not found). */
  find(marketplaceId: string, fileId: string): Promise<StoredFile | null> {
    return isUuid(fileId) ? this.documents.get<StoredFile>(FILES, marketplaceId, fileId) : Promise.resolve(null);
  }

  /** The files of this marketplace among `fileIds`, by id; unknown ids are left out. */
  async findMany(marketplaceId: string, fileIds: string[]): Promise<Map<string, StoredFile>> {
    const ids = [...new Set(fileIds)].filter(isUuid);
    const found = await Promise.all(ids.map((id) => this.documents.get<StoredFile>(FILES, marketplaceId, id)));
    return new Map(found.filter((f): f is StoredFile => f !== null).map((f) => [f.fileId, f]));
  }

  /** The `file` (anyone's view) or `ownFile` (its owner's) resource; a deleted file keeps only `deleted: true`. */
  resource(file: StoredFile, type: 'file' | 'ownFile'): Resource {
    if (file.deleted)
      return { id: file.fileId, type, attributes: { name: null, mimeType: null, size: null, state: null, createdAt: null, deleted: true } };
    return {
      id: file.fileId,
      type,
      attributes: { name: file.name, mimeType: file.mimeType, size: file.size, state: file.state, createdAt: new Date(file.createdAt), deleted: false },
    };
  }

  /**
   * A signed link that downloads the file's bytes for five minutes from `now`. 409 file-not-available unless the
   * file is `available` (uploaded and verified) and not deleted. `baseUrl`: the request's origin, else the default.
   */
  downloadUrl(marketplaceId: string, file: StoredFile, baseUrl: string | null | undefined, now: Date): { url: string; expiresAt: Date } {
    if (file.deleted || file.state !== 'available') throw conflict('file-not-available', `The file is ${file.deleted ? 'deleted' : file.state}; only available files can be downloaded.`);
    const expiresAt = expiryAfter(now, DOWNLOAD_URL_TTL_MS);
    const token = this.tokens.sign({ kind: 'download', marketplaceId, fileId: file.fileId, expiresAt });
    return { url: `${baseUrl ?? this.defaultBaseUrl}${storagePaths.download(token)}`, expiresAt };
  }

  /** The signed link an upload (issued by IssueUploadUrlCommand) PUTs its bytes to, until `expiresAt`. */
  uploadUrl(marketplaceId: string, fileId: string, uploadId: string, expiresAt: Date, baseUrl: string | null | undefined): string {
    const token = this.tokens.sign({ kind: 'upload', marketplaceId, fileId, uploadId, expiresAt });
    return `${baseUrl ?? this.defaultBaseUrl}${storagePaths.upload(token)}`;
  }

  /** For callers without a request's base URL: the configured one, else this server's address. */
  get defaultBaseUrl(): string {
    return this.config.publicBaseUrl ?? `http://${this.config.host}:${this.config.port}`;
  }
}
