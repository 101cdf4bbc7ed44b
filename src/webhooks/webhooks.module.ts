import { Module } from '@nestjs/common';
import { WebhooksIntegrationController } from './http/webhooks.integration.controller';
import { WebhookSubscriptions } from './webhook-subscriptions';

/** Webhook subscriptions (Integration API and CLI); delivery runs in the server's background work (composition root). */
@Module({
  controllers: [WebhooksIntegrationController],
  providers: [WebhookSubscriptions],
  exports: [WebhookSubscriptions],
})
export class WebhooksModule {}
