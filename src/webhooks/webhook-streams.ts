import { internalStream, modelOf } from '../event-sourcing/stream-model';
import { streams } from '../event-store/stream-names';
import type { DeliveryLogEvent } from './domain/delivery-attempt';
import { subscriptionDecider, SubscriptionState } from './domain/webhook-subscription';

const subscriptionModel = modelOf('webhook-subscription', subscriptionDecider);

/** A subscription's stream: each event carries the subscription after it, for the read model. */
export const subscriptionStream = (marketplaceId: string, subscriptionId: string) =>
  internalStream(subscriptionModel, streams.webhookSubscription(marketplaceId, subscriptionId), {
    resource: (after: SubscriptionState) => after,
    resourceType: 'webhookSubscription',
    resourceId: subscriptionId,
  });

/** The delivery log's stream holds no state to decide on: only the delivery worker, under its lease, appends to it. */
const deliveriesModel = modelOf<null, DeliveryLogEvent>('webhook-deliveries', { initialState: () => null, evolve: () => null });

export const deliveriesStream = (marketplaceId: string, subscriptionId: string) =>
  internalStream(deliveriesModel, streams.webhookDeliveries(marketplaceId, subscriptionId), { resourceType: 'webhookSubscription', resourceId: subscriptionId });
