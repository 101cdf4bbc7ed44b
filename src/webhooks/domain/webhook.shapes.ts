import { ContextShapes, firstShape } from '../../shared/event-shapes';
import type { WebhookEvent } from './webhook-subscription';
import type { DeliveryLogEvent } from './delivery-attempt';

/** The webhooks context's event types and their shape versions (src/shared/event-shapes.ts): none has changed yet. */
export const webhookShapes: ContextShapes<WebhookEvent['type'] | DeliveryLogEvent['type']> = {
  'webhook/subscription-added': firstShape,
  'webhook/subscription-updated': firstShape,
  'webhook/subscription-removed': firstShape,
  'webhook/subscription-disabled': firstShape,
  'webhook/secret-rotated': firstShape,
  'webhook/replay-requested': firstShape,
  'webhook/deliveries-recorded': firstShape,
};
