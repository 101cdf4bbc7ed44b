import { integer, nullable, objectOf, resourceSchema, string, timestamp, uuid } from '../../http/openapi/resource-schema';

/** Integration API `event` (src/events/event.view.ts): a log entry, with the resource's view after it. */
export const EVENT_SCHEMA = resourceSchema('event', {
  createdAt: timestamp,
  sequenceId: integer,
  marketplaceId: uuid,
  eventType: string,
  source: nullable(string),
  resourceId: nullable(uuid),
  resourceType: nullable(string),
  resource: nullable({ type: 'object', additionalProperties: true, description: "The resource's Integration API view after the event" }),
  previousValues: nullable({ type: 'object', additionalProperties: true }),
  auditData: objectOf({ userId: nullable(uuid), adminId: nullable(uuid), clientId: nullable(uuid), requestId: nullable(uuid) }),
});
