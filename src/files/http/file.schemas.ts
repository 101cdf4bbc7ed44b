import { boolean, enumOf, integer, nullable, objectOf, resourceSchema, string, timestamp } from '../../http/openapi/resource-schema';

/** The files context's answer shapes (src/files/file-directory.ts, file-attachments.ts, the link endpoints). */
const file = {
  name: nullable(string),
  mimeType: nullable(string),
  size: nullable(integer),
  state: nullable(enumOf('pendingUpload', 'pendingVerification', 'available', 'verificationFailed')),
  createdAt: nullable(timestamp),
  deleted: boolean,
};
const link = { url: { type: 'string', format: 'uri' }, expiresAt: timestamp };

export const FILE_SCHEMA = resourceSchema('file', file);
export const OWN_FILE_SCHEMA = resourceSchema('ownFile', file);
export const FILE_UPLOAD_SCHEMA = resourceSchema('fileUpload', { ...link, method: { const: 'PUT' }, headers: objectOf({ 'Content-Type': string }) });
export const FILE_DOWNLOAD_SCHEMA = resourceSchema('fileDownload', link);
export const OWN_FILE_DOWNLOAD_SCHEMA = resourceSchema('ownFileDownload', link);
export const FILE_ATTACHMENT_SCHEMA = resourceSchema('fileAttachment', { scope: string, createdAt: timestamp, deleted: boolean });
