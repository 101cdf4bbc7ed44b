import { Controller, Inject } from '@nestjs/common';
import { WEBHOOK_DELIVERY_SCHEMA, WEBHOOK_SUBSCRIPTION_SCHEMA } from './webhook.schemas';
import { uuidNamedBy } from '../../shared/ids';
import { Api, ApiRequest, commandContextOf } from '../../http/api-request';
import { bodyOf, queryOf } from '../../http/endpoint-params';
import { splitList } from '../../http/common-params';
import { ApiCommand, ApiQuery, INTEGRATION_TOKEN } from '../../http/endpoint.decorators';
import { Responder } from '../../http/responder';
import type { Resource } from '../../http/resource';
import { invalidValue, missingKey } from '../../shared/api-error';
import { CLOCK, Clock } from '../../shared/clock';
import type { DeliveryAttempt } from '../domain/delivery-attempt';
import { StartPoint, SubscriptionView, WebhookSubscriptions } from '../webhook-subscriptions';
import { CreateSubscriptionBody, DeliveriesQuery, ReplayBody, SubscriptionIdBody, SubscriptionIdQuery, UpdateSubscriptionBody } from './webhooks.dto';

/**
 * Webhook subscriptions through the Integration API (its trusted side: a client-credentials `integ` token). The
 * platform's own paths are snake_case resource names; an `x-` segment is never one of them, so these cannot collide
 * with an endpoint the platform adds (docs/webhooks.md).
 */
export const WEBHOOKS_PATH = 'v1/integration_api/x-webhooks';

export const subscriptionResource = (s: SubscriptionView, secret?: string): Resource => ({
  id: s.id,
  type: 'webhookSubscription',
  attributes: { ...s, ...(secret ? { secret } : {}) },
});

const deliveryResource = (subscriptionId: string, a: DeliveryAttempt): Resource => ({
  // The attempt's number is per subscription; the id, a UUID as every resource id on the wire, is named by both.
  id: uuidNamedBy(`${subscriptionId}:${a.attempt}`),
  type: 'webhookDelivery',
  attributes: { subscriptionId, ...a },
});

const eventTypesOf = (value: string | undefined): string[] | null | undefined => (value === undefined ? undefined : value === '' ? null : splitList(value));

@Controller(WEBHOOKS_PATH)
export class WebhooksIntegrationController {
  constructor(
    private readonly subscriptions: WebhookSubscriptions,
    private readonly respond: Responder,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @ApiQuery('subscriptions/query', INTEGRATION_TOKEN, { list: true, returns: WEBHOOK_SUBSCRIPTION_SCHEMA })
  async query(@Api() api: ApiRequest) {
    const all = await this.subscriptions.list(api.auth.marketplaceId);
    return this.respond.many(api, all.map((s) => subscriptionResource(s)), { totalItems: all.length, totalPages: 1, page: 1, perPage: all.length });
  }

  @ApiQuery('subscriptions/show', INTEGRATION_TOKEN, { query: SubscriptionIdQuery, returns: WEBHOOK_SUBSCRIPTION_SCHEMA })
  async show(@Api() api: ApiRequest) {
    const { id } = queryOf(api, SubscriptionIdQuery);
    return this.respond.one(api, subscriptionResource(await this.subscriptions.show(api.auth.marketplaceId, id)));
  }

  /** Answers the whole subscription with its `secret`: the one time it is shown. */
  @ApiCommand('subscriptions/create', INTEGRATION_TOKEN, { body: CreateSubscriptionBody, returns: WEBHOOK_SUBSCRIPTION_SCHEMA })
  async create(@Api() api: ApiRequest) {
    const body = bodyOf(api, CreateSubscriptionBody);
    const start: StartPoint = body.startAfterSequenceId === undefined ? 'head' : { startAfterSequenceId: body.startAfterSequenceId };
    const input = { targetUrl: body.targetUrl, eventTypes: eventTypesOf(body.eventTypes), format: body.format, enabled: body.enabled };
    const { subscription, secret } = await this.subscriptions.add(commandContextOf(api, this.clock), input, start);
    return this.respond.one(api, subscriptionResource(subscription, secret));
  }

  @ApiCommand('subscriptions/update', INTEGRATION_TOKEN, { body: UpdateSubscriptionBody, returns: WEBHOOK_SUBSCRIPTION_SCHEMA })
  async update(@Api() api: ApiRequest) {
    const { id, targetUrl, eventTypes, format, enabled } = bodyOf(api, UpdateSubscriptionBody);
    const updated = await this.subscriptions.update(commandContextOf(api, this.clock), id, { targetUrl, eventTypes: eventTypesOf(eventTypes), format, enabled });
    return this.respond.one(api, subscriptionResource(updated));
  }

  @ApiCommand('subscriptions/delete', INTEGRATION_TOKEN, { body: SubscriptionIdBody, returns: WEBHOOK_SUBSCRIPTION_SCHEMA })
  async remove(@Api() api: ApiRequest) {
    const { id } = bodyOf(api, SubscriptionIdBody);
    const removed = await this.subscriptions.show(api.auth.marketplaceId, id);
    await this.subscriptions.remove(commandContextOf(api, this.clock), id);
    return this.respond.one(api, subscriptionResource({ ...removed, enabled: false }));
  }

  /** A new secret, shown once; the previous one keeps signing beside it during the overlap window. */
  @ApiCommand('subscriptions/rotate_secret', INTEGRATION_TOKEN, { body: SubscriptionIdBody, returns: WEBHOOK_SUBSCRIPTION_SCHEMA })
  async rotate(@Api() api: ApiRequest) {
    const { id } = bodyOf(api, SubscriptionIdBody);
    const { subscription, secret } = await this.subscriptions.rotateSecret(commandContextOf(api, this.clock), id);
    return this.respond.one(api, subscriptionResource(subscription, secret));
  }

  @ApiCommand('subscriptions/replay', INTEGRATION_TOKEN, { body: ReplayBody, returns: WEBHOOK_SUBSCRIPTION_SCHEMA })
  async replay(@Api() api: ApiRequest) {
    const body = bodyOf(api, ReplayBody);
    if (body.startAfterSequenceId !== undefined && body.createdAtStart !== undefined)
      throw invalidValue(['createdAtStart'], 'body', 'Give startAfterSequenceId or createdAtStart, not both.');
    if (body.startAfterSequenceId === undefined && body.createdAtStart === undefined)
      throw missingKey(['startAfterSequenceId'], 'body', 'Give startAfterSequenceId or createdAtStart.');
    const createdAtStart = body.createdAtStart ? new Date(body.createdAtStart) : null;
    if (createdAtStart && Number.isNaN(createdAtStart.getTime())) throw invalidValue(['createdAtStart'], 'body', 'Not a valid timestamp.');
    const start = createdAtStart ? { createdAtStart } : { startAfterSequenceId: body.startAfterSequenceId! };
    return this.respond.one(api, subscriptionResource(await this.subscriptions.replay(commandContextOf(api, this.clock), body.id, start)));
  }

  /** POSTs a signed `webhook/test` event to the target now and answers how it went (status, latency, excerpt). */
  @ApiCommand('subscriptions/test', INTEGRATION_TOKEN, { body: SubscriptionIdBody })
  async test(@Api() api: ApiRequest) {
    const { id } = bodyOf(api, SubscriptionIdBody);
    const result = await this.subscriptions.test(api.auth.marketplaceId, id, this.clock.now());
    return this.respond.one(api, { id, type: 'webhookTest', attributes: { ...result } });
  }

  /** The delivery log, newest attempt first. */
  @ApiQuery('deliveries/query', INTEGRATION_TOKEN, { query: DeliveriesQuery, list: true, returns: WEBHOOK_DELIVERY_SCHEMA })
  async deliveries(@Api() api: ApiRequest) {
    const q = queryOf(api, DeliveriesQuery);
    const perPage = q.perPage ? Number(q.perPage) : 100;
    const attempts = await this.subscriptions.deliveries(api.auth.marketplaceId, q.subscriptionId, perPage);
    return this.respond.many(api, attempts.map((a) => deliveryResource(q.subscriptionId, a)), { totalItems: null, totalPages: null, page: 1, perPage, paginationUnsupported: true });
  }
}
