import { ApiError, invalidValueItem } from '../../shared/api-error';
import type { StoredFile } from './file.views';

/**
 * A file attachment associates a file with another resource, in a scope: `public` (a message's files, seen by the
 * transaction's parties), `protected` (a listing's files, seen by its author until a transaction reveals them to
 * its parties), `private` (a user's files, seen by the operator only).
 */
export type FileAttachmentScope = 'public' | 'protected' | 'private';

/** One attachment as the resource that holds it keeps it: its own id and the file it names. */
export interface FileAttachmentRef {
  attachmentId: string;
  fileId: string;
}

/** What the attachment rule needs to know of a file. */
export type AttachableFile = Pick<StoredFile, 'ownerId' | 'state' | 'deleted'>;

export const MAX_MESSAGE_ATTACHMENTS = 10;
export const MAX_LISTING_ATTACHMENTS = 100;

export interface AttachRequest {
  /** The body key the file ids came from (`publicFileAttachments`, `protectedFileAttachments`): errors name it. */
  field: string;
  /** File ids, in the order given. */
  fileIds: string[];
  /** The files of the marketplace the request names, by id (a missing one is not a file of this marketplace). */
  files: ReadonlyMap<string, AttachableFile>;
  /** Whose files may be attached: a user's own, or (null) any file of the marketplace (the Integration API). */
  ownerId: string | null;
  max: number;
  /** Ids for new attachments, one per position of `fileIds` (made before the decision, so retries reuse them). */
  newIds: string[];
  /** What the resource has attached already: a file it keeps keeps its attachment (and is not checked again). */
  existing?: readonly FileAttachmentRef[];
}

const usable = (file: AttachableFile | undefined, ownerId: string | null): boolean =>
  !!file && !file.deleted && (ownerId === null || file.ownerId === ownerId) && (file.state === 'pendingVerification' || file.state === 'available');

/**
 * The attachments a resource has after a request that names the whole list: in the order given, the same file
 * once. A file newly attached must be a file of the marketplace, of `ownerId` when given, not deleted, uploaded
 * (verifying or available); every refused one is a 400 `validation-invalid-value` at `[field, i, 'fileId']`, and
 * more than `max` files a 400 at `[field]`. Pure: the caller decides with the answer or stores nothing.
 */
export const attachFiles = (r: AttachRequest): FileAttachmentRef[] => {
  if (r.fileIds.length > r.max) throw new ApiError(invalidValueItem([r.field], 'body', `${r.field} takes at most ${r.max} files`));
  const kept = new Map((r.existing ?? []).map((a) => [a.fileId, a]));
  const seen = new Set<string>();
  const problems = [];
  const out: FileAttachmentRef[] = [];
  for (const [i, fileId] of r.fileIds.entries()) {
    if (seen.has(fileId)) continue;
    seen.add(fileId);
    const existing = kept.get(fileId);
    if (existing) out.push(existing);
    else if (usable(r.files.get(fileId), r.ownerId)) out.push({ attachmentId: r.newIds[i], fileId });
    else problems.push(invalidValueItem([r.field, String(i), 'fileId'], 'body', `${fileId} is not an uploaded file ${r.ownerId === null ? 'of this marketplace' : 'of yours'} that can be attached`));
  }
  if (problems.length > 0) throw new ApiError(problems);
  return out;
};
