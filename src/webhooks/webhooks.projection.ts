import type { DocumentProjection } from '../event-sourcing/projection';
import { ALL_MARKETPLACES } from '../event-sourcing/scheduled-jobs.projection';
import type { RecordedEvent } from '../event-store/event-store.port';
import type { ReadModelOp } from '../read-models/document-store.port';
import { DELIVERY_LOG_SIZE, DeliveryLogEvent } from './domain/delivery-attempt';
import { SUBSCRIPTION_EVENT_TYPES, SubscriptionState } from './domain/webhook-subscription';

/**
 * Subscriptions of every marketplace in one collection (under ALL_MARKETPLACES, with a `marketplaceId` field), so
 * the delivery worker reads them all at once and the API one marketplace's; and the delivery log, a ring of the
 * last DELIVERY_LOG_SIZE attempts per subscription (attempt n goes to slot n mod size).
 */
export const WEBHOOK_SUBSCRIPTIONS = 'webhook-subscription';
export const WEBHOOK_DELIVERIES = 'webhook-delivery';

export const webhooksProjection: DocumentProjection = {
  name: 'webhooks',
  eventTypes: [...SUBSCRIPTION_EVENT_TYPES, 'webhook/deliveries-recorded'],
  project(event: RecordedEvent): ReadModelOp[] {
    const marketplaceId = event.metadata.marketplaceId;
    if (event.type === 'webhook/deliveries-recorded') {
      const { subscriptionId, attempts } = (event as unknown as DeliveryLogEvent).data;
      return attempts.map((a) => ({
        op: 'put',
        collection: WEBHOOK_DELIVERIES,
        document: {
          id: `${subscriptionId}:${a.attempt % DELIVERY_LOG_SIZE}`,
          marketplaceId,
          createdAt: a.at,
          body: { subscriptionId, ...a },
          fields: { subscriptionId, attempt: a.attempt },
        },
      }));
    }
    const state = event.metadata.resource as SubscriptionState;
    if (event.type === 'webhook/subscription-removed')
      return [{ op: 'delete', collection: WEBHOOK_SUBSCRIPTIONS, marketplaceId: ALL_MARKETPLACES, id: state.id }];
    return [
      {
        op: 'put',
        collection: WEBHOOK_SUBSCRIPTIONS,
        document: { id: state.id, marketplaceId: ALL_MARKETPLACES, createdAt: state.createdAt, body: { ...state, marketplaceId }, fields: { marketplaceId } },
      },
    ];
  },
};
