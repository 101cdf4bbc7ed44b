import { Module } from '@nestjs/common';
import { FilesModule } from './files.module';
import { FileAttachments } from './file-attachments';
import { FileAttachmentsIntegrationController } from './http/file-attachments.integration.controller';
import { FileAttachmentsRelationships } from './http/file-attachments.relationships';
import { FileDownloadsController } from './http/file-downloads.controller';

/**
 * File attachments: the read model of every attachment (messages, listings, transactions), who may see each,
 * downloads through them, and `fileAttachment.file`. The holders' contexts attach files in their own decisions.
 */
@Module({
  imports: [FilesModule],
  controllers: [FileDownloadsController, FileAttachmentsIntegrationController],
  providers: [FileAttachments, FileAttachmentsRelationships],
  exports: [FileAttachments, FilesModule],
})
export class FileAttachmentsModule {}
