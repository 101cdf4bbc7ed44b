import { CommandBus } from '@nestjs/cqrs';
import { commandContextOf, type ApiRequest } from '../../http/api-request';
import { bodyOf } from '../../http/endpoint-params';
import type { Responder } from '../../http/responder';
import type { Clock } from '../../shared/clock';
import type { IdGenerator } from '../../shared/ids';
import type { Resource } from '../../shared/resource';
import { CreateFileCommand, DeclaredFile } from '../commands/create-file.handler';
import { IssuedUpload, IssueUploadUrlCommand } from '../commands/issue-upload-url.handler';
import type { FileActor } from '../domain/file.decider';
import type { StoredFile } from '../domain/file.views';
import type { FileDirectory } from '../file-directory';
import type { FileDownloadLinks } from './file-download-links';
import { FileIdBody } from './files.dto';

/** The file endpoints both data APIs share; the actor (a user, or the operator) decides which files are theirs. */
export abstract class FileEndpoints {
  constructor(
    protected readonly commands: CommandBus,
    protected readonly files: FileDirectory,
    protected readonly links: FileDownloadLinks,
    protected readonly respond: Responder,
    protected readonly clock: Clock,
    protected readonly ids: IdGenerator,
  ) {}

  protected abstract actor(api: ApiRequest): FileActor;

  protected async createFile(api: ApiRequest, ownerId: string | null, declared: DeclaredFile, type: 'file' | 'ownFile') {
    const file = await this.commands.execute<CreateFileCommand, StoredFile>(new CreateFileCommand(commandContextOf(api, this.clock), this.ids.next(), ownerId, declared));
    return this.respond.command(api, this.files.resource(file, type));
  }

  /** `fileUpload`: where and how to PUT the bytes. Always whole (the Web Template reads it without expand). */
  protected async createUpload(api: ApiRequest) {
    const { fileId } = bodyOf(api, FileIdBody);
    const issued = await this.commands.execute<IssueUploadUrlCommand, IssuedUpload>(new IssueUploadUrlCommand(commandContextOf(api, this.clock), this.actor(api), fileId));
    const url = this.files.uploadUrl(api.auth.marketplaceId, fileId, issued.uploadId, issued.expiresAt, api.baseUrl);
    const resource: Resource = {
      id: issued.uploadId,
      type: 'fileUpload',
      attributes: { method: 'PUT', url, headers: { 'Content-Type': issued.file.mimeType }, expiresAt: issued.expiresAt },
    };
    return this.respond.one(api, resource);
  }

  /** A download link of a file of the actor's (404 for anyone else's); 409 file-not-available before it is verified. */
  protected async createDownload(api: ApiRequest) {
    const { fileId } = bodyOf(api, FileIdBody);
    return this.links.answer(api, await this.usable(api, fileId), 'ownFileDownload');
  }

  /** The file when the actor may use it as its owner (the operator: any file of the marketplace). */
  protected async usable(api: ApiRequest, fileId: string): Promise<StoredFile | null> {
    const file = await this.files.find(api.auth.marketplaceId, fileId);
    const actor = this.actor(api);
    return file && (actor.kind === 'operator' || file.ownerId === actor.userId) ? file : null;
  }
}
