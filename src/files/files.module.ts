import { Module } from '@nestjs/common';
import { MarketplacesModule } from '../marketplaces/marketplaces.module';
import { FileAttachments } from './file-attachments';
import { FileAttachmentsIntegrationController } from './http/file-attachments.integration.controller';
import { FileAttachmentsRelationships } from './http/file-attachments.relationships';
import { FileDownloadLinks } from './http/file-download-links';
import { FileDownloadsController } from './http/file-downloads.controller';
import { CreateFileHandler } from './commands/create-file.handler';
import { IssueUploadUrlHandler } from './commands/issue-upload-url.handler';
import { ReceiveUploadHandler } from './commands/receive-upload.handler';
import { VerifyFileHandler } from './commands/verify-file.handler';
import { FileDirectory } from './file-directory';
import { FileVerificationReactor } from './file-verification.reactor';
import { FileStorageRoutes } from './http/file-storage.routes';
import { FilesIntegrationController } from './http/files.integration.controller';
import { FilesMarketplaceController } from './http/files.marketplace.controller';
import { FileReads } from './queries/file-reads';

/**
 * The files context: files, their upload and download links, the storage routes, verification of uploads; file
 * attachments (the read model, downloads through attachments, file_attachments/query). Listings and transactions
 * attach files in their own decisions.
 */
@Module({
  imports: [MarketplacesModule],
  controllers: [FilesMarketplaceController, FilesIntegrationController, FileDownloadsController, FileAttachmentsIntegrationController],
  providers: [FileDirectory, FileDownloadLinks, FileReads, FileStorageRoutes, FileVerificationReactor, CreateFileHandler, IssueUploadUrlHandler, ReceiveUploadHandler, VerifyFileHandler, FileAttachments, FileAttachmentsRelationships],
  exports: [FileDirectory, FileAttachments],
})
export class FilesModule {}
