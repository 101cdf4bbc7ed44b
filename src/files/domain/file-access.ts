import { forbidden } from '../../shared/api-error';

/**
 * The marketplace-wide switch (Console > Access control on the platform): with uploads and downloads disabled,
 * every endpoint that uploads or downloads answers 403 forbidden, storage links included.
 */
export const assertFileTransfersEnabled = (settings: { fileUploadAndDownloadDisabled: boolean }): void => {
  if (settings.fileUploadAndDownloadDisabled) throw forbidden('File uploads and downloads are disabled in this marketplace.');
};
