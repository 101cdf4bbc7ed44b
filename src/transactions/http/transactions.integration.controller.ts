import { Controller, Inject } from '@nestjs/common';
import { MESSAGE_SCHEMA, TRANSACTION_SCHEMA } from './transaction.schemas';
import { CommandBus } from '@nestjs/cqrs';
import { Api, ApiRequest, commandContextOf } from '../../http/api-request';
import { bodyOf, queryOf } from '../../http/endpoint-params';
import { ApiCommand, ApiQuery, INTEGRATION_TOKEN } from '../../http/endpoint.decorators';
import { paginationMeta } from '../../http/common-params';
import { Responder } from '../../http/responder';
import { disallowedKey, invalidValue, missingKey, notFound } from '../../shared/api-error';
import { CLOCK, type Clock } from '../../shared/clock';
import { isUuid } from '../../shared/values';
import { storedTransaction } from '../domain/transaction.views';
import { TransactionOutcome, TransitionTransactionCommand, UpdateTransactionMetadataCommand } from '../commands/transaction.handlers';
import { TransactionReads } from '../queries/transaction-reads';
import { parseTransactionQuery } from './transaction-query.params';
import { messageResource, transactionResource } from './transaction-resources';
import { IdQuery, TransitionBody, UpdateMetadataBody, IntegrationTransactionQueryParams, TransactionIdQuery } from './transaction.dto';

/**
 * Integration API transactions/{show,query,transition,transition_speculative,update_metadata} and messages/query:
 * every transaction of the marketplace. The operator is a trusted actor: operator and privileged transitions run
 * here; the Integration API cannot initiate, and cannot send messages.
 */
@Controller('v1/integration_api')
export class TransactionsIntegrationController {
  constructor(
    private readonly commands: CommandBus,
    private readonly reads: TransactionReads,
    private readonly respond: Responder,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @ApiQuery('transactions/show', INTEGRATION_TOKEN, { query: IdQuery, returns: TRANSACTION_SCHEMA })
  async show(@Api() api: ApiRequest) {
    const { id } = queryOf(api, IdQuery);
    const tx = await this.reads.transaction(api.auth.marketplaceId, id);
    return this.respond.one(api, tx ? transactionResource(tx) : null, 'transaction');
  }

  @ApiQuery('transactions/query', INTEGRATION_TOKEN, { paginated: true, query: IntegrationTransactionQueryParams, returns: TRANSACTION_SCHEMA })
  async query(@Api() api: ApiRequest) {
    const filter = parseTransactionQuery(api, { kind: 'integration' });
    const { page, perPage } = api.common;
    const found = await this.reads.transactions(api.auth.marketplaceId, filter, { offset: (page - 1) * perPage, limit: perPage });
    return this.respond.many(api, found.items.map(transactionResource), paginationMeta(found.total, api.common));
  }

  @ApiCommand('transactions/transition', INTEGRATION_TOKEN, { body: TransitionBody, returns: TRANSACTION_SCHEMA })
  transition(@Api() api: ApiRequest) {
    return this.transitionTransaction(api, false);
  }

  @ApiCommand('transactions/transition_speculative', INTEGRATION_TOKEN, { body: TransitionBody, returns: TRANSACTION_SCHEMA })
  transitionSpeculative(@Api() api: ApiRequest) {
    return this.transitionTransaction(api, true);
  }

  @ApiCommand('transactions/update_metadata', INTEGRATION_TOKEN, { body: UpdateMetadataBody, returns: TRANSACTION_SCHEMA })
  async updateMetadata(@Api() api: ApiRequest) {
    const body = bodyOf(api, UpdateMetadataBody);
    await this.commands.execute(new UpdateTransactionMetadataCommand(commandContextOf(api, this.clock), body.id, body.metadata ?? {}));
    const tx = await this.reads.transaction(api.auth.marketplaceId, body.id);
    if (!tx) throw notFound('No such transaction.');
    return this.respond.command(api, transactionResource(tx));
  }

  @ApiQuery('messages/query', INTEGRATION_TOKEN, { paginated: true, query: TransactionIdQuery, returns: MESSAGE_SCHEMA })
  async messages(@Api() api: ApiRequest) {
    const unknown = Object.keys(api.query).find((k) => k !== 'transactionId' && k !== 'transaction_id');
    if (unknown) throw disallowedKey([unknown], 'query', `Unknown parameter ${unknown}`);
    const transactionId = api.query.transactionId ?? api.query.transaction_id;
    if (!transactionId) throw missingKey(['transactionId'], 'query', 'transactionId is required');
    if (!isUuid(transactionId)) throw invalidValue(['transactionId'], 'query', 'transactionId must be a UUID');
    const { page, perPage } = api.common;
    const found = await this.reads.messages(api.auth.marketplaceId, transactionId, { offset: (page - 1) * perPage, limit: perPage });
    return this.respond.many(api, found.items.map(messageResource), paginationMeta(found.total, api.common));
  }

  private async transitionTransaction(api: ApiRequest, speculative: boolean) {
    const body = bodyOf(api, TransitionBody);
    const outcome = await this.commands.execute<TransitionTransactionCommand, TransactionOutcome>(
      new TransitionTransactionCommand(commandContextOf(api, this.clock), body.id, { kind: 'operator' }, { transition: body.transition, params: body.params ?? {}, speculative }),
    );
    const resource = transactionResource(storedTransaction(outcome.state, api.auth.marketplaceId));
    return this.respond.command(speculative ? { ...api, common: { ...api.common, expand: true } } : api, resource);
  }
}
