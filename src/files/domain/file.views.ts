/** The states of a file, as the platform names them. */
export type FileState = 'pendingUpload' | 'pendingVerification' | 'available' | 'verificationFailed';

/** A document of the files read model (collection `file`): what other contexts read through FileDirectory. */
export interface StoredFile {
  fileId: string;
  ownerId: string | null;
  name: string;
  mimeType: string;
  size: number;
  state: FileState;
  /** ISO timestamp. */
  createdAt: string;
  deleted: boolean;
}
