import { Module } from '@nestjs/common';
import { MarketplacesModule } from '../marketplaces/marketplaces.module';
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

/** The files context: files, their upload and download links, the storage routes, verification of uploads. */
@Module({
  imports: [MarketplacesModule],
  controllers: [FilesMarketplaceController, FilesIntegrationController],
  providers: [FileDirectory, FileReads, FileStorageRoutes, FileVerificationReactor, CreateFileHandler, IssueUploadUrlHandler, ReceiveUploadHandler, VerifyFileHandler],
  exports: [FileDirectory],
})
export class FilesModule {}
