import { arrayOf, boolean, enumOf, integer, nullable, resourceSchema, string, timestamp, uuid } from '../../http/openapi/resource-schema';

/** The webhooks context's answer shapes (src/webhooks/webhook-subscriptions.ts, domain/delivery-attempt.ts). */
export const WEBHOOK_SUBSCRIPTION_SCHEMA = resourceSchema(
  'webhookSubscription',
  {
    id: uuid,
    marketplaceId: uuid,
    targetUrl: string,
    eventTypes: nullable(arrayOf(string)),
    format: enumOf('json', 'transit'),
    enabled: boolean,
    disabledReason: nullable(string),
    disabledAt: nullable(timestamp),
    createdAt: timestamp,
    generation: integer,
    startAfterSequenceId: integer,
    previousSecretValidUntil: nullable(timestamp),
    secret: { type: 'string', description: 'Only in the answers of create and rotate_secret: the one time it is shown.' },
  },
  { optional: ['secret'] },
);

export const WEBHOOK_DELIVERY_SCHEMA = resourceSchema('webhookDelivery', {
  subscriptionId: uuid,
  attempt: integer,
  eventId: uuid,
  sequenceId: integer,
  eventType: string,
  generation: integer,
  at: timestamp,
  outcome: enumOf('acknowledged', 'failed', 'timeout', 'refused'),
  status: nullable(integer),
  latencyMs: { type: 'number' },
  excerpt: string,
});
