import { apiError, conflict, notFound } from '../../shared/api-error';
import type { Decider } from '../../shared/decider';
import { assertDeclaredFile } from './file-rules';
import type { FileCreatedData, FileEvent, VerificationResult } from './file.events';
import type { FileState as FileLifecycleState, StoredFile } from './file.views';

export interface FileState {
  file: FileCreatedData | null;
  state: FileLifecycleState | null;
  /** Where the uploaded bytes are, once received. */
  blobKey: string | null;
}

/** Who acts: a user of the Marketplace API (only on their own files) or the operator (Integration API, any file). */
export type FileActor = { kind: 'user'; userId: string } | { kind: 'operator' };

export type FileCommand =
  | { type: 'create'; file: FileCreatedData; maxBytes: number }
  | { type: 'issue-upload-url'; actor: FileActor; uploadId: string; expiresAt: Date }
  | { type: 'receive-upload'; uploadId: string; blobKey: string; size: number; now: Date }
  | { type: 'verify'; result: VerificationResult; reason: string | null; now: Date };

/** 409 when the file takes no upload any more (uploaded, verified): each file is uploaded once. */
export const notPendingUpload = () => conflict('file-not-pending-upload', 'The file has already been uploaded.');

const mayUse = (actor: FileActor, file: FileCreatedData): boolean => actor.kind === 'operator' || file.ownerId === actor.userId;

/**
 * A file's lifecycle: created (declared name, type, size) → pendingUpload → an upload of exactly the declared size
 * → pendingVerification → verified: available or verificationFailed. Upload links may be asked for as often as the
 * file is pendingUpload; a verification of a file no longer pending is a no-op (the reactor runs at least once).
 */
export const fileDecider: Decider<FileCommand, FileState, FileEvent> = {
  initialState: () => ({ file: null, state: null, blobKey: null }),
  evolve: (s, event) => {
    switch (event.type) {
      case 'file/created':
        return { file: event.data, state: 'pendingUpload', blobKey: null };
      case 'file/upload-url-issued':
        return s;
      case 'file/upload-received':
        return { ...s, state: 'pendingVerification', blobKey: event.data.blobKey };
      case 'file/verified':
        return { ...s, state: event.data.result };
    }
  },
  decide: (command, s) => {
    if (command.type === 'create') {
      if (s.file) throw conflict('conflict', 'The file already exists.');
      assertDeclaredFile(command.file, command.maxBytes);
      return [{ type: 'file/created', data: command.file }];
    }
    if (!s.file) throw notFound('No such file.');
    switch (command.type) {
      case 'issue-upload-url':
        if (!mayUse(command.actor, s.file)) throw notFound('No such file.');
        if (s.state !== 'pendingUpload') throw notPendingUpload();
        return [{ type: 'file/upload-url-issued', data: { uploadId: command.uploadId, expiresAt: command.expiresAt.toISOString() } }];
      case 'receive-upload':
        if (s.state !== 'pendingUpload') throw notPendingUpload();
        if (command.size !== s.file.size)
          throw apiError(400, 'file-size-mismatch', `The upload is ${command.size} bytes; the file was declared as ${s.file.size} bytes.`);
        return [{ type: 'file/upload-received', data: { uploadId: command.uploadId, blobKey: command.blobKey, size: command.size, receivedAt: command.now.toISOString() } }];
      case 'verify':
        if (s.state !== 'pendingVerification') return [];
        return [{ type: 'file/verified', data: { result: command.result, reason: command.reason, verifiedAt: command.now.toISOString() } }];
    }
  },
};

/** The read model's document of a file (null before it exists). */
export const storedFileOf = (s: FileState): StoredFile | null =>
  s.file && s.state
    ? { fileId: s.file.fileId, ownerId: s.file.ownerId, name: s.file.name, mimeType: s.file.mimeType, size: s.file.size, state: s.state, createdAt: s.file.createdAt, deleted: false }
    : null;
