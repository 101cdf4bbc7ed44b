import { Module } from '@nestjs/common';
import { EventStreamController } from './http/event-stream.controller';
import { WebhooksIntegrationController } from './http/webhooks.integration.controller';
import { LiveEvents } from './live-events';
import { WebhookSubscriptions } from './webhook-subscriptions';

/**
 * Webhook subscriptions (Integration API and CLI) and the live event stream; delivery runs in the server's
 * background work (composition root).
 */
@Module({
  controllers: [WebhooksIntegrationController, EventStreamController],
  providers: [WebhookSubscriptions, LiveEvents],
  exports: [WebhookSubscriptions],
})
export class WebhooksModule {}
