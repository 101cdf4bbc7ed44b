import { Controller } from '@nestjs/common';
import { FILE_ATTACHMENT_SCHEMA } from './file.schemas';
import { Api, ApiRequest } from '../../http/api-request';
import { queryOf } from '../../http/endpoint-params';
import { paginationMeta } from '../../http/common-params';
import { ApiQuery, INTEGRATION_TOKEN } from '../../http/endpoint.decorators';
import { Responder } from '../../http/responder';
import type { FieldCondition } from '../../read-models/document-store.port';
import { fileAttachmentResource, FileAttachments } from '../file-attachments';
import { FileAttachmentsQuery } from './file-attachments.dto';

/** Integration API file_attachments/query: every attachment of the marketplace, oldest first, by file or holder. */
@Controller('v1/integration_api')
export class FileAttachmentsIntegrationController {
  constructor(
    private readonly attachments: FileAttachments,
    private readonly respond: Responder,
  ) {}

  @ApiQuery('file_attachments/query', INTEGRATION_TOKEN, { paginated: true, query: FileAttachmentsQuery, returns: FILE_ATTACHMENT_SCHEMA })
  async query(@Api() api: ApiRequest) {
    const filters = queryOf(api, FileAttachmentsQuery);
    const where: FieldCondition[] = Object.entries(filters)
      .filter(([, value]) => value !== undefined)
      .map(([field, value]) => ({ field, op: 'eq', value: value as string }));
    const { page, perPage } = api.common;
    const found = await this.attachments.query(api.auth.marketplaceId, where, { offset: (page - 1) * perPage, limit: perPage });
    return this.respond.many(api, found.items.map(fileAttachmentResource), paginationMeta(found.total, api.common));
  }
}
