import { Controller, Inject } from '@nestjs/common';
import { MESSAGE_SCHEMA, REVIEW_SCHEMA } from './transaction.schemas';
import { CommandBus } from '@nestjs/cqrs';
import { fileIdsOf } from '../../files/file-attachment-input';
import { Requires } from '../../http/access';
import { Api, ApiRequest, commandContextOf } from '../../http/api-request';
import { bodyOf, queryOf } from '../../http/endpoint-params';
import { ANY_MARKETPLACE_TOKEN, ApiCommand, ApiQuery, USER_TOKEN } from '../../http/endpoint.decorators';
import { paginationMeta, splitList } from '../../http/common-params';
import { Responder } from '../../http/responder';
import type { FieldCondition } from '../../read-models/document-store.port';
import { disallowedKey, invalidValue, missingKey, notFound } from '../../shared/api-error';
import { CLOCK, type Clock } from '../../shared/clock';
import { isUuid } from '../../shared/values';
import { SendMessageCommand } from '../commands/transaction.handlers';
import { TransactionReads } from '../queries/transaction-reads';
import { partyTransaction } from './transactions.marketplace.controller';
import { messageResource, reviewResource } from './transaction-resources';
import { IdQuery, SendMessageBody, MessagesQueryParams, ReviewsQueryParams } from './transaction.dto';

/** A query parameter by its camelCase or snake_case name (the template sends both spellings). */
const param = (query: Record<string, string>, camel: string): string | undefined => query[camel] ?? query[camel.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)];

const uuidParam = (query: Record<string, string>, camel: string): string | undefined => {
  const value = param(query, camel);
  if (value !== undefined && !isUuid(value)) throw invalidValue([camel], 'query', `${camel} must be a UUID`);
  return value;
};

const onlyKeys = (query: Record<string, string>, allowed: string[]) => {
  const known = new Set(allowed.flatMap((k) => [k, k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)]));
  const unknown = Object.keys(query).find((k) => !known.has(k));
  if (unknown) throw disallowedKey([unknown], 'query', `Unknown parameter ${unknown}`);
};

/**
 * Marketplace API messages/{send,query} (the transaction's parties only, 403 for anyone else as transactions/show;
 * newest first) and reviews/{query,show}
 * (public reviews only: a pending review is seen by nobody until the process publishes it).
 */
@Controller('v1/api')
export class MessagesReviewsMarketplaceController {
  constructor(
    private readonly commands: CommandBus,
    private readonly reads: TransactionReads,
    private readonly respond: Responder,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @ApiCommand('messages/send', USER_TOKEN, { body: SendMessageBody, returns: MESSAGE_SCHEMA })
  async send(@Api() api: ApiRequest) {
    const body = bodyOf(api, SendMessageBody);
    const fileIds = fileIdsOf(body.publicFileAttachments, 'publicFileAttachments') ?? [];
    const messageId = await this.commands.execute<SendMessageCommand, string>(
      new SendMessageCommand(commandContextOf(api, this.clock), body.transactionId, api.auth.userId!, body.content, fileIds),
    );
    const message = await this.reads.message(api.auth.marketplaceId, messageId);
    return this.respond.command(api, messageResource(message!));
  }

  @ApiQuery('messages/query', USER_TOKEN, { paginated: true, query: MessagesQueryParams, returns: MESSAGE_SCHEMA })
  async messages(@Api() api: ApiRequest) {
    onlyKeys(api.query, ['transactionId', 'ids']);
    const transactionId = uuidParam(api.query, 'transactionId');
    if (!transactionId) throw missingKey(['transactionId'], 'query', 'transactionId is required');
    await partyTransaction(this.reads, api, transactionId);
    const ids = api.query.ids !== undefined ? splitList(api.query.ids) : undefined;
    const { page, perPage } = api.common;
    const found = await this.reads.messages(api.auth.marketplaceId, transactionId, { offset: (page - 1) * perPage, limit: perPage }, ids);
    return this.respond.many(api, found.items.map(messageResource), paginationMeta(found.total, api.common));
  }

  @ApiQuery('reviews/query', ANY_MARKETPLACE_TOKEN, { paginated: true, query: ReviewsQueryParams, returns: REVIEW_SCHEMA })
  @Requires('read')
  async reviews(@Api() api: ApiRequest) {
    onlyKeys(api.query, ['listingId', 'subjectId', 'transactionId', 'type', 'state']);
    const where: FieldCondition[] = [{ field: 'state', op: 'eq', value: 'public' }];
    for (const key of ['listingId', 'subjectId', 'transactionId']) {
      const value = uuidParam(api.query, key);
      if (value) where.push({ field: key, op: 'eq', value });
    }
    const type = api.query.type;
    if (type !== undefined) {
      const types = splitList(type);
      if (types.some((t) => t !== 'ofProvider' && t !== 'ofCustomer')) throw invalidValue(['type'], 'query', 'type is ofProvider or ofCustomer');
      where.push({ field: 'type', op: 'in', values: types });
    }
    const state = api.query.state;
    if (state !== undefined && splitList(state).some((s) => s !== 'public' && s !== 'pending')) throw invalidValue(['state'], 'query', 'state is public or pending');
    if (state !== undefined && !splitList(state).includes('public')) return this.respond.many(api, [], paginationMeta(0, api.common));
    const { page, perPage } = api.common;
    const found = await this.reads.reviews(api.auth.marketplaceId, where, { offset: (page - 1) * perPage, limit: perPage });
    return this.respond.many(api, found.items.map(reviewResource), paginationMeta(found.total, api.common));
  }

  @ApiQuery('reviews/show', ANY_MARKETPLACE_TOKEN, { query: IdQuery, returns: REVIEW_SCHEMA })
  @Requires('read')
  async review(@Api() api: ApiRequest) {
    const { id } = queryOf(api, IdQuery);
    const review = await this.reads.review(api.auth.marketplaceId, id);
    if (!review || review.attributes.state !== 'public') throw notFound('No such review.');
    return this.respond.one(api, reviewResource(review), 'review');
  }
}
