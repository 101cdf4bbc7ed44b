import { Controller, Inject } from '@nestjs/common';
import { FILE_SCHEMA, FILE_UPLOAD_SCHEMA } from './file.schemas';
import { CommandBus } from '@nestjs/cqrs';
import { Api, ApiRequest } from '../../http/api-request';
import { bodyOf, queryOf } from '../../http/endpoint-params';
import { paginationMeta } from '../../http/common-params';
import { ApiCommand, ApiQuery, INTEGRATION_TOKEN } from '../../http/endpoint.decorators';
import { Responder } from '../../http/responder';
import { CLOCK, type Clock } from '../../shared/clock';
import { IDS, type IdGenerator } from '../../shared/ids';
import type { FileActor } from '../domain/file.decider';
import { FileDirectory } from '../file-directory';
import { FileReads } from '../queries/file-reads';
import { FileDownloadLinks } from './file-download-links';
import { FileEndpoints } from './file-endpoints';
import { CreateFileBody, FilesQueryParams, FileIdBody } from './files.dto';

/** Integration API: the operator creates files (for a user, or its own), lists them and asks for upload links. */
@Controller('v1/integration_api')
export class FilesIntegrationController extends FileEndpoints {
  constructor(
    commands: CommandBus,
    files: FileDirectory,
    links: FileDownloadLinks,
    respond: Responder,
    @Inject(CLOCK) clock: Clock,
    @Inject(IDS) ids: IdGenerator,
    private readonly reads: FileReads,
  ) {
    super(commands, files, links, respond, clock, ids);
  }

  protected actor(): FileActor {
    return { kind: 'operator' };
  }

  @ApiCommand('files/create', INTEGRATION_TOKEN, { body: CreateFileBody, returns: FILE_SCHEMA })
  create(@Api() api: ApiRequest) {
    const { userId, name, mimeType, size } = bodyOf(api, CreateFileBody);
    return this.createFile(api, userId ?? null, { name, mimeType, size }, 'file');
  }

  @ApiQuery('files/query', INTEGRATION_TOKEN, { paginated: true, query: FilesQueryParams, returns: FILE_SCHEMA })
  async query(@Api() api: ApiRequest) {
    const p = queryOf(api, FilesQueryParams);
    const states = p.states?.split(',').map((s) => s.trim());
    const page = await this.reads.query(api.auth.marketplaceId, { userId: p.userId, states }, api.common);
    return this.respond.many(api, page.items.map((f) => this.files.resource(f, 'file')), paginationMeta(page.total, api.common));
  }

  @ApiCommand('file_uploads/create', INTEGRATION_TOKEN, { body: FileIdBody, returns: FILE_UPLOAD_SCHEMA })
  upload(@Api() api: ApiRequest) {
    return this.createUpload(api);
  }
}
