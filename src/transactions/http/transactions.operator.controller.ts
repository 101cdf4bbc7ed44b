import { Controller } from '@nestjs/common';
import { Api, ApiRequest } from '../../http/api-request';
import { queryOf } from '../../http/endpoint-params';
import { ApiQuery, INTEGRATION_TOKEN } from '../../http/endpoint.decorators';
import { Responder } from '../../http/responder';
import { notFound } from '../../shared/api-error';
import { ProcessReads } from '../queries/process-reads';
import { TransactionReads } from '../queries/transaction-reads';
import { IdQuery } from './transaction.dto';

/**
 * x-transactions/operator_transitions: the transitions the operator may take from a transaction's current state,
 * read from the process version the transaction runs on, so the console can offer them (each is then previewed with
 * transactions/transition_speculative before it runs). Timed (`:at`) transitions are the scheduler's, not offered.
 * An `x-` path: never one the platform uses.
 */
@Controller('v1/integration_api/x-transactions')
export class TransactionsOperatorController {
  constructor(
    private readonly reads: TransactionReads,
    private readonly processes: ProcessReads,
    private readonly respond: Responder,
  ) {}

  @ApiQuery('operator_transitions', INTEGRATION_TOKEN, { query: IdQuery, list: true })
  async operatorTransitions(@Api() api: ApiRequest) {
    const { id } = queryOf(api, IdQuery);
    const tx = await this.reads.transaction(api.auth.marketplaceId, id);
    if (!tx) throw notFound('No such transaction.');
    const { processName, processVersion, state } = tx.attributes as { processName: string; processVersion: number; state: string | null };
    const version = await this.processes.version(api.auth.marketplaceId, processName, processVersion);
    const transitions = (version?.definition.transitions ?? []).filter((t) => t.actor === 'operator' && t.at === null && t.from === state);
    const resources = transitions.map((t) => ({
      id: t.name,
      type: 'processTransition',
      attributes: { name: t.name, from: t.from, to: t.to, actions: t.actions.map((a) => a.name), processName, processVersion },
    }));
    return this.respond.many(api, resources, { totalItems: resources.length, totalPages: 1, page: 1, perPage: resources.length });
  }
}
