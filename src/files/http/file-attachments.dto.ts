import { IsDefined, IsOptional } from 'class-validator';
import { IsUuidString } from '../../http/validation';

/** file_downloads/create: the attachment shared with the caller, or a file of which the caller sees an attachment. */
export class FileDownloadBody {
  @IsOptional() @IsUuidString() fileAttachmentId?: string;
  @IsOptional() @IsUuidString() fileId?: string;
}

export class FileAttachmentsQuery {
  @IsOptional() @IsUuidString() fileId?: string;
  @IsOptional() @IsUuidString() transactionId?: string;
  @IsOptional() @IsUuidString() listingId?: string;
  @IsOptional() @IsUuidString() messageId?: string;
}

export class IdOnly {
  @IsDefined() @IsUuidString() id!: string;
}
