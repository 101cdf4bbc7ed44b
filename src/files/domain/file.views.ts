// PLACEHOLDER until files-core merges
export type FileState = 'pendingUpload' | 'pendingVerification' | 'available' | 'verificationFailed';

export interface StoredFile {
  fileId: string;
  ownerId: string | null;
  name: string;
  mimeType: string;
  size: number;
  state: FileState;
  createdAt: string;
  deleted: boolean;
}
