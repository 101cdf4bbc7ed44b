import { Injectable, OnModuleInit } from '@nestjs/common';
import { RelationshipRegistry } from '../../http/envelope';
import { FileDirectory } from '../file-directory';
import { FileAttachments } from '../file-attachments';

/**
 * `fileAttachment.file`: the file as `file` (name, size, state, deleted). Whoever sees an attachment sees its file;
 * the holders (message, transaction, listing) register their own attachment relationships.
 */
@Injectable()
export class FileAttachmentsRelationships implements OnModuleInit {
  constructor(
    private readonly registry: RelationshipRegistry,
    private readonly attachments: FileAttachments,
    private readonly files: FileDirectory,
  ) {}

  onModuleInit(): void {
    this.registry.register('fileAttachment', 'file', async (r, ctx) => {
      const attachment = await this.attachments.find(ctx.auth.marketplaceId, r.id);
      if (!attachment || !this.attachments.mayRead(attachment, ctx.auth)) return null;
      const file = await this.attachments.file(ctx.auth.marketplaceId, attachment);
      return file ? this.files.resource(file, 'file') : null;
    });
  }
}
