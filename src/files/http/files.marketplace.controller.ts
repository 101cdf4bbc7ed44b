import { Controller, Inject } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { CONFIG, type Config } from '../../config';
import { Api, ApiRequest } from '../../http/api-request';
import { ANY_MARKETPLACE_TOKEN, ApiCommand, ApiQuery, USER_TOKEN } from '../../http/endpoint.decorators';
import { Responder } from '../../http/responder';
import { NoParams, validateParams } from '../../http/validation';
import { MarketplaceDirectory } from '../../marketplaces/marketplace-directory';
import { CLOCK, type Clock } from '../../shared/clock';
import { IDS, type IdGenerator } from '../../shared/ids';
import type { FileActor } from '../domain/file.decider';
import type { StoredFile } from '../domain/file.views';
import { FileAttachments } from '../file-attachments';
import { FileDirectory } from '../file-directory';
import { FileEndpoints } from './file-endpoints';
import { CreateOwnFileBody, ShowFileQuery } from './files.dto';

/**
 * Marketplace API: a user's own files (create, upload links, download links, show); `files/show` also answers for
 * files shared with the caller through an attachment. Downloads of shared files: file-downloads.controller.ts.
 */
@Controller('v1/api')
export class FilesMarketplaceController extends FileEndpoints {
  constructor(
    commands: CommandBus,
    files: FileDirectory,
    marketplaces: MarketplaceDirectory,
    respond: Responder,
    @Inject(CLOCK) clock: Clock,
    @Inject(IDS) ids: IdGenerator,
    @Inject(CONFIG) config: Config,
    private readonly attachments: FileAttachments,
  ) {
    super(commands, files, marketplaces, respond, clock, ids, config.tokenSecret);
  }

  protected actor(api: ApiRequest): FileActor {
    return { kind: 'user', userId: api.auth.userId! };
  }

  @ApiCommand('own_files/create', USER_TOKEN)
  create(@Api() api: ApiRequest) {
    validateParams(NoParams, api.query, 'query');
    const { name, mimeType, size } = validateParams(CreateOwnFileBody, api.body, 'body');
    return this.createFile(api, api.auth.userId, { name, mimeType, size }, 'ownFile');
  }

  @ApiQuery('own_files/show', USER_TOKEN)
  async showOwn(@Api() api: ApiRequest) {
    const { id } = validateParams(ShowFileQuery, api.query, 'query');
    const file = await this.usable(api, id);
    return this.respond.one(api, file && this.files.resource(file, 'ownFile'), 'file');
  }

  @ApiCommand('file_uploads/create', USER_TOKEN)
  upload(@Api() api: ApiRequest) {
    return this.createUpload(api);
  }

  @ApiCommand('own_file_downloads/create', USER_TOKEN)
  download(@Api() api: ApiRequest) {
    return this.createDownload(api, 'ownFileDownload');
  }

  /** A file the caller owns, as `file`; anyone else's is 404 until attachments share them (visibleThroughAttachment). */
  @ApiQuery('files/show', ANY_MARKETPLACE_TOKEN)
  async show(@Api() api: ApiRequest) {
    const { id } = validateParams(ShowFileQuery, api.query, 'query');
    const file = await this.files.find(api.auth.marketplaceId, id);
    const owned = file !== null && api.auth.userId !== null && file.ownerId === api.auth.userId;
    const visible = file !== null && (owned || (await this.visibleThroughAttachment(api, file)));
    return this.respond.one(api, visible ? this.files.resource(file, 'file') : null, 'file');
  }

  /** Whether the caller may see another user's file: it is attached to something they can see (FileAttachments). */
  protected visibleThroughAttachment(api: ApiRequest, file: StoredFile): Promise<boolean> {
    return api.auth.userId ? this.attachments.userSeesFile(api.auth.marketplaceId, file.fileId, api.auth.userId) : Promise.resolve(false);
  }
}
