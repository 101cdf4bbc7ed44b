import { Controller, Inject } from '@nestjs/common';
import { FILE_SCHEMA, FILE_UPLOAD_SCHEMA, OWN_FILE_DOWNLOAD_SCHEMA, OWN_FILE_SCHEMA } from './file.schemas';
import { CommandBus } from '@nestjs/cqrs';
import { Api, ApiRequest } from '../../http/api-request';
import { bodyOf, queryOf } from '../../http/endpoint-params';
import { ANY_MARKETPLACE_TOKEN, ApiCommand, ApiQuery, USER_TOKEN } from '../../http/endpoint.decorators';
import { Responder } from '../../http/responder';
import { CLOCK, type Clock } from '../../shared/clock';
import { IDS, type IdGenerator } from '../../shared/ids';
import type { FileActor } from '../domain/file.decider';
import { FileAttachments } from '../file-attachments';
import { FileDirectory } from '../file-directory';
import { FileDownloadLinks } from './file-download-links';
import { FileEndpoints } from './file-endpoints';
import { CreateOwnFileBody, ShowFileQuery, FileIdBody } from './files.dto';

/**
 * Marketplace API: a user's own files (create, upload links, download links, show); `files/show` also answers for
 * files shared with the caller through an attachment. Downloads of shared files: file-downloads.controller.ts.
 */
@Controller('v1/api')
export class FilesMarketplaceController extends FileEndpoints {
  constructor(
    commands: CommandBus,
    files: FileDirectory,
    links: FileDownloadLinks,
    respond: Responder,
    @Inject(CLOCK) clock: Clock,
    @Inject(IDS) ids: IdGenerator,
    private readonly attachments: FileAttachments,
  ) {
    super(commands, files, links, respond, clock, ids);
  }

  protected actor(api: ApiRequest): FileActor {
    return { kind: 'user', userId: api.auth.userId! };
  }

  @ApiCommand('own_files/create', USER_TOKEN, { body: CreateOwnFileBody, returns: OWN_FILE_SCHEMA })
  create(@Api() api: ApiRequest) {
    const { name, mimeType, size } = bodyOf(api, CreateOwnFileBody);
    return this.createFile(api, api.auth.userId, { name, mimeType, size }, 'ownFile');
  }

  @ApiQuery('own_files/show', USER_TOKEN, { query: ShowFileQuery, returns: OWN_FILE_SCHEMA })
  async showOwn(@Api() api: ApiRequest) {
    const { id } = queryOf(api, ShowFileQuery);
    const file = await this.usable(api, id);
    return this.respond.one(api, file && this.files.resource(file, 'ownFile'), 'file');
  }

  @ApiCommand('file_uploads/create', USER_TOKEN, { body: FileIdBody, returns: FILE_UPLOAD_SCHEMA })
  upload(@Api() api: ApiRequest) {
    return this.createUpload(api);
  }

  @ApiCommand('own_file_downloads/create', USER_TOKEN, { body: FileIdBody, returns: OWN_FILE_DOWNLOAD_SCHEMA })
  download(@Api() api: ApiRequest) {
    return this.createDownload(api);
  }

  /** A file the caller owns, or one attached to something the caller may see (FileAttachments), as `file`; else 404. */
  @ApiQuery('files/show', ANY_MARKETPLACE_TOKEN, { query: ShowFileQuery, returns: FILE_SCHEMA })
  async show(@Api() api: ApiRequest) {
    const { id } = queryOf(api, ShowFileQuery);
    const file = await this.files.find(api.auth.marketplaceId, id);
    const { marketplaceId, userId } = api.auth;
    const visible = file !== null && userId !== null && (file.ownerId === userId || (await this.attachments.userSeesFile(marketplaceId, file.fileId, userId)));
    return this.respond.one(api, visible ? this.files.resource(file, 'file') : null, 'file');
  }
}
