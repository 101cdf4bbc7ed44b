import { Controller, Inject } from '@nestjs/common';
import { uuidNamedBy } from '../../shared/ids';
import { PROCESS_TRANSITION_SCHEMA, TRANSACTION_SCHEMA } from './transaction.schemas';
import { CommandBus } from '@nestjs/cqrs';
import { Requires } from '../../http/access';
import { Api, ApiRequest, commandContextOf } from '../../http/api-request';
import { bodyOf, queryOf } from '../../http/endpoint-params';
import { ApiCommand, ApiQuery, USER_TOKEN } from '../../http/endpoint.decorators';
import { Responder } from '../../http/responder';
import { paginationMeta } from '../../http/common-params';
import { CLOCK, type Clock } from '../../shared/clock';
import { forbidden, invalidValue, missingKey, notFound } from '../../shared/api-error';
import { isUuid } from '../../shared/values';
import { actionNamed } from '../domain/transaction.actions';
import { isParty, storedTransaction, type StoredTransaction } from '../domain/transaction.views';
import { InitiateTransactionCommand, TransactionOutcome, TransitionTransactionCommand } from '../commands/transaction.handlers';
import { TransactionReads } from '../queries/transaction-reads';
import { ProcessReads } from '../queries/process-reads';
import { parseTransactionQuery } from './transaction-query.params';
import { transactionResource } from './transaction-resources';
import { IdQuery, InitiateBody, TransitionBody, OwnTransactionQueryParams, TransactionIdQuery } from './transaction.dto';


/**
 * A transaction the caller is a party to, for every Marketplace API read of one (transactions/show, messages/query):
 * 404 when there is none, 403 for anyone but its customer and provider.
 */
export const partyTransaction = async (reads: TransactionReads, api: ApiRequest, id: string): Promise<StoredTransaction> => {
  const tx = await reads.transaction(api.auth.marketplaceId, id);
  if (!tx) throw notFound('No such transaction.');
  if (!isParty(tx, api.auth.userId)) throw forbidden('Only the customer and the provider can see a transaction.');
  return tx;
};

/**
 * Marketplace API transactions/* and process_transitions/query: a user's own transactions (as customer or
 * provider). Privileged transitions need a trusted token (`trusted:user`, from the token exchange with the
 * client secret). Speculative calls run the same decision and store nothing.
 */
@Controller('v1/api')
export class TransactionsMarketplaceController {
  constructor(
    private readonly commands: CommandBus,
    private readonly reads: TransactionReads,
    private readonly processes: ProcessReads,
    private readonly respond: Responder,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @ApiCommand('transactions/initiate', USER_TOKEN, { body: InitiateBody, returns: TRANSACTION_SCHEMA })
  @Requires('initiateTransactions')
  initiate(@Api() api: ApiRequest) {
    return this.initiateTransaction(api, false);
  }

  @ApiCommand('transactions/initiate_speculative', USER_TOKEN, { body: InitiateBody, returns: TRANSACTION_SCHEMA })
  @Requires('initiateTransactions')
  initiateSpeculative(@Api() api: ApiRequest) {
    return this.initiateTransaction(api, true);
  }

  @ApiCommand('transactions/transition', USER_TOKEN, { body: TransitionBody, returns: TRANSACTION_SCHEMA })
  transition(@Api() api: ApiRequest) {
    return this.transitionTransaction(api, false);
  }

  @ApiCommand('transactions/transition_speculative', USER_TOKEN, { body: TransitionBody, returns: TRANSACTION_SCHEMA })
  transitionSpeculative(@Api() api: ApiRequest) {
    return this.transitionTransaction(api, true);
  }

  @ApiQuery('transactions/show', USER_TOKEN, { query: IdQuery, returns: TRANSACTION_SCHEMA })
  async show(@Api() api: ApiRequest) {
    const { id } = queryOf(api, IdQuery);
    const tx = await partyTransaction(this.reads, api, id);
    return this.respond.one(api, transactionResource(tx), 'transaction');
  }

  @ApiQuery('transactions/query', USER_TOKEN, { paginated: true, query: OwnTransactionQueryParams, returns: TRANSACTION_SCHEMA })
  async query(@Api() api: ApiRequest) {
    const filter = parseTransactionQuery(api, { kind: 'user', userId: api.auth.userId! });
    const { page, perPage } = api.common;
    const found = await this.reads.transactions(api.auth.marketplaceId, filter, { offset: (page - 1) * perPage, limit: perPage });
    return this.respond.many(api, found.items.map(transactionResource), paginationMeta(found.total, api.common));
  }

  /** The transitions the transaction can take next from its state, with their actors, actions and params. */
  @ApiQuery('process_transitions/query', USER_TOKEN, { query: TransactionIdQuery, list: true, returns: PROCESS_TRANSITION_SCHEMA })
  async processTransitions(@Api() api: ApiRequest) {
    const id = api.query.transactionId ?? api.query.transaction_id;
    const unknown = Object.keys(api.query).find((k) => k !== 'transactionId' && k !== 'transaction_id');
    if (unknown) throw invalidValue([unknown], 'query', `process_transitions/query takes transactionId`);
    if (!id) throw missingKey(['transactionId'], 'query', 'transactionId is required');
    if (!isUuid(id)) throw invalidValue(['transactionId'], 'query', 'transactionId must be a UUID');
    const tx = await this.reads.transaction(api.auth.marketplaceId, id);
    if (!tx || !isParty(tx, api.auth.userId)) return this.respond.many(api, [], paginationMeta(0, api.common));
    const a = tx.attributes;
    const version = await this.processes.version(api.auth.marketplaceId, a.processName as string, a.processVersion as number);
    const state = a.state as string;
    const next = (version?.definition.transitions ?? []).filter((t) => t.from === state);
    const resources = next.map((t) => {
      const params = t.actions.map((x) => actionNamed(x.name).params);
      const req = [...new Set(params.flatMap((p) => p.required))];
      return {
        id: uuidNamedBy(`${a.processName}/${a.processVersion}/${t.name}`),
        type: 'processTransition',
        attributes: {
          name: t.name,
          actor: [t.at ? 'system' : t.actor],
          actions: t.actions.map((x) => x.name),
          params: { req, opt: [...new Set(params.flatMap((p) => p.optional))].filter((k) => !req.includes(k)) },
        },
      };
    });
    return this.respond.many(api, resources, paginationMeta(resources.length, { ...api.common, page: 1, perPage: Math.max(resources.length, 1) }));
  }

  private async initiateTransaction(api: ApiRequest, speculative: boolean) {
    const body = bodyOf(api, InitiateBody);
    const outcome = await this.commands.execute<InitiateTransactionCommand, TransactionOutcome>(
      new InitiateTransactionCommand(commandContextOf(api, this.clock), api.auth.userId!, api.auth.scope === 'trusted:user', body.processAlias, {
        transition: body.transition,
        params: body.params ?? {},
        speculative,
      }),
    );
    return this.answer(api, outcome, speculative);
  }

  private async transitionTransaction(api: ApiRequest, speculative: boolean) {
    const body = bodyOf(api, TransitionBody);
    const caller = { kind: 'user' as const, userId: api.auth.userId!, trusted: api.auth.scope === 'trusted:user' };
    const outcome = await this.commands.execute<TransitionTransactionCommand, TransactionOutcome>(
      new TransitionTransactionCommand(commandContextOf(api, this.clock), body.id, caller, { transition: body.transition, params: body.params ?? {}, speculative }),
    );
    return this.answer(api, outcome, speculative);
  }

  /** The transaction after the command: a speculative answer is always the whole would-be transaction. */
  private answer(api: ApiRequest, outcome: TransactionOutcome, speculative: boolean) {
    const resource = transactionResource(storedTransaction(outcome.state, api.auth.marketplaceId));
    return speculative ? this.respond.command({ ...api, common: { ...api.common, expand: true } }, resource) : this.respond.command(api, resource);
  }
}
