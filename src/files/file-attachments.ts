import { Inject, Injectable } from '@nestjs/common';
import type { AuthContext } from '../auth/auth-context';
import { DOCUMENTS, type DocumentStore, FieldCondition, SortKey } from '../read-models/document-store.port';
import type { Resource } from '../shared/resource';
import { isUuid } from '../shared/values';
import type { StoredFile } from './domain/file.views';
import { FileDirectory } from './file-directory';
import { FILE_ATTACHMENTS, type StoredFileAttachment } from './file-attachments.projection';

/**
 * The file attachments read model and its one access rule: the operator (Integration API) sees every attachment;
 * a user sees those whose readers name them (a message's or a transaction's parties, a listing's author). An
 * attachment a caller may not see does not exist for them (404, never 403).
 */
@Injectable()
export class FileAttachments {
  constructor(
    @Inject(DOCUMENTS) private readonly documents: DocumentStore,
    private readonly files: FileDirectory,
  ) {}

  find(marketplaceId: string, id: string): Promise<StoredFileAttachment | null> {
    return isUuid(id) ? this.documents.get<StoredFileAttachment>(FILE_ATTACHMENTS, marketplaceId, id) : Promise.resolve(null);
  }

  /** The attachments of these ids that exist, in the order given. */
  async many(marketplaceId: string, ids: string[]): Promise<StoredFileAttachment[]> {
    const found = await Promise.all(ids.map((id) => this.find(marketplaceId, id)));
    return found.filter((a): a is StoredFileAttachment => a !== null);
  }

  /** Oldest first; attachments made together in the order their holder lists them. */
  query(marketplaceId: string, where: FieldCondition[], page: { offset: number; limit: number }) {
    const sort: SortKey[] = [
      { field: 'createdAt', direction: 'asc' },
      { field: 'position', direction: 'asc' },
    ];
    return this.documents.query<StoredFileAttachment>(FILE_ATTACHMENTS, { marketplaceId, where, sort, ...page });
  }

  mayRead(attachment: StoredFileAttachment, auth: AuthContext): boolean {
    return auth.scope === 'integ' || (auth.userId !== null && auth.userId !== undefined && attachment.readers.includes(auth.userId));
  }

  /** Whether the user may see some attachment of the file (and so the file itself). */
  async userSeesFile(marketplaceId: string, fileId: string, userId: string): Promise<boolean> {
    const page = await this.documents.query(FILE_ATTACHMENTS, { marketplaceId, where: [{ field: 'fileId', op: 'eq', value: fileId }, { field: 'readers', op: 'in', values: [userId] }], offset: 0, limit: 1 });
    return page.total > 0;
  }

  file(marketplaceId: string, attachment: StoredFileAttachment): Promise<StoredFile | null> {
    return this.files.find(marketplaceId, attachment.fileId);
  }

  /** The resources of the attachments with these ids that the caller may see, in order. */
  async resources(auth: AuthContext, ids: string[]): Promise<Resource[]> {
    const found = await this.many(auth.marketplaceId, ids);
    return found.filter((a) => this.mayRead(a, auth)).map(fileAttachmentResource);
  }
}

/**
 * `fileAttachment`: its scope, when it was made, and `deleted` (always false: a detached attachment is gone; the
 * Web Template filters on it); the file is its relationship `file`.
 */
export const fileAttachmentResource = (a: StoredFileAttachment): Resource => ({
  id: a.attachmentId,
  type: 'fileAttachment',
  attributes: { scope: a.scope, createdAt: new Date(a.createdAt), deleted: false },
});
