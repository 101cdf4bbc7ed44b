import type { DomainEvent } from '../../shared/decider';

/** What a client declared when it created the file; the upload must match `size`. */
export interface FileCreatedData {
  fileId: string;
  /** The creating user; null for a file the operator created through the Integration API without a user. */
  ownerId: string | null;
  name: string;
  mimeType: string;
  size: number;
  createdAt: string;
}

export type VerificationResult = 'available' | 'verificationFailed';

/**
 * Internal events: the platform's documented event types have no files, so events/query never lists them.
 * `upload-url-issued` records each signed upload link handed out (its id names the blob the upload writes).
 */
export type FileEvent =
  | DomainEvent<'file/created', FileCreatedData>
  | DomainEvent<'file/upload-url-issued', { uploadId: string; expiresAt: string }>
  | DomainEvent<'file/upload-received', { uploadId: string; blobKey: string; size: number; receivedAt: string }>
  | DomainEvent<'file/verified', { result: VerificationResult; /** Kept internal: never shown to clients. */ reason: string | null; verifiedAt: string }>;
