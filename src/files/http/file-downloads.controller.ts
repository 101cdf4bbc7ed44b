import { Controller } from '@nestjs/common';
import { FILE_DOWNLOAD_SCHEMA } from './file.schemas';
import { Api, ApiRequest } from '../../http/api-request';
import { bodyOf } from '../../http/endpoint-params';
import { ApiCommand, INTEGRATION_TOKEN, USER_TOKEN } from '../../http/endpoint.decorators';
import { invalidValue, missingKey } from '../../shared/api-error';
import type { StoredFile } from '../domain/file.views';
import { FileDirectory } from '../file-directory';
import { FileAttachments } from '../file-attachments';
import { FileDownloadBody } from './file-attachments.dto';
import { FileDownloadLinks } from './file-download-links';

/**
 * file_downloads/create in both data APIs: a short-lived download URL (`fileDownload`) of a file through an
 * attachment the caller may see (`fileAttachmentId`), or of a file of which the caller sees some attachment
 * (`fileId`). The operator may download any file of the marketplace. What the caller may not see is 404; a file
 * not (yet) available is 409 file-not-available; 403 when the marketplace disables file transfers.
 */
@Controller()
export class FileDownloadsController {
  constructor(
    private readonly attachments: FileAttachments,
    private readonly files: FileDirectory,
    private readonly links: FileDownloadLinks,
  ) {}

  @ApiCommand('v1/api/file_downloads/create', USER_TOKEN, { body: FileDownloadBody, returns: FILE_DOWNLOAD_SCHEMA })
  marketplace(@Api() api: ApiRequest) {
    return this.download(api);
  }

  @ApiCommand('v1/integration_api/file_downloads/create', INTEGRATION_TOKEN, { body: FileDownloadBody, returns: FILE_DOWNLOAD_SCHEMA })
  integration(@Api() api: ApiRequest) {
    return this.download(api);
  }

  private async download(api: ApiRequest) {
    const body = bodyOf(api, FileDownloadBody);
    if (body.fileAttachmentId === undefined && body.fileId === undefined) throw missingKey(['fileAttachmentId'], 'body', 'fileAttachmentId (or fileId) is required');
    if (body.fileAttachmentId !== undefined && body.fileId !== undefined) throw invalidValue(['fileId'], 'body', 'Give either fileAttachmentId or fileId, not both.');
    return this.links.answer(api, await this.readableFile(api, body), 'fileDownload');
  }

  private async readableFile(api: ApiRequest, body: FileDownloadBody): Promise<StoredFile | null> {
    const { marketplaceId, userId, scope } = api.auth;
    if (body.fileAttachmentId !== undefined) {
      const attachment = await this.attachments.find(marketplaceId, body.fileAttachmentId);
      return attachment && this.attachments.mayRead(attachment, api.auth) ? this.attachments.file(marketplaceId, attachment) : null;
    }
    const file = await this.files.find(marketplaceId, body.fileId!);
    if (!file || scope === 'integ' || file.ownerId === userId) return file;
    return userId && (await this.attachments.userSeesFile(marketplaceId, file.fileId, userId)) ? file : null;
  }
}
