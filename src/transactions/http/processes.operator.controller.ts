import { Controller } from '@nestjs/common';
import { IsDefined, IsString, Length, Matches } from 'class-validator';
import { Api, ApiRequest } from '../../http/api-request';
import { queryOf } from '../../http/endpoint-params';
import { ApiQuery, INTEGRATION_TOKEN } from '../../http/endpoint.decorators';
import { Responder } from '../../http/responder';
import { notFound } from '../../shared/api-error';
import { ProcessReads } from '../queries/process-reads';
import { TransactionReads } from '../queries/transaction-reads';

export class ProcessVersionQuery {
  @IsDefined() @IsString() @Length(1, 200) name!: string;
  @IsDefined() @Matches(/^\d{1,9}$/, { message: 'version must be a positive integer' }) version!: string;
}

/**
 * x-processes/{query,show}: the marketplace's transaction processes, their versions and aliases, and one version's
 * EDN and transitions (for the console's process graph). Read-only: processes change through the CLI
 * (`process push`, aliases), as on the platform. An `x-` path: never one the platform uses.
 */
@Controller('v1/integration_api/x-processes')
export class ProcessesOperatorController {
  constructor(
    private readonly reads: TransactionReads,
    private readonly versions: ProcessReads,
    private readonly respond: Responder,
  ) {}

  @ApiQuery('query', INTEGRATION_TOKEN, { list: true })
  async query(@Api() api: ApiRequest) {
    const { items } = await this.reads.processes(api.auth.marketplaceId);
    const resources = items.map((p) => ({ id: p.name, type: 'process', attributes: { name: p.name, versions: p.versions, aliases: p.aliases } }));
    return this.respond.many(api, resources, { totalItems: resources.length, totalPages: 1, page: 1, perPage: resources.length });
  }

  @ApiQuery('show', INTEGRATION_TOKEN, { query: ProcessVersionQuery })
  async show(@Api() api: ApiRequest) {
    const q = queryOf(api, ProcessVersionQuery);
    const v = await this.versions.version(api.auth.marketplaceId, q.name, Number(q.version));
    if (!v) throw notFound('No such process version.');
    const transitions = v.definition.transitions.map((t) => ({ name: t.name, from: t.from, to: t.to, actor: t.actor, timed: t.at !== null, privileged: t.privileged, actions: t.actions.map((a) => a.name) }));
    return this.respond.one(api, { id: `${q.name}/${v.version}`, type: 'processVersion', attributes: { name: q.name, version: v.version, createdAt: v.createdAt, edn: v.edn, transitions } });
  }
}
