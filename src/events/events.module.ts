import { Module } from '@nestjs/common';
import { EventsIntegrationController } from './http/events.integration.controller';

@Module({ controllers: [EventsIntegrationController] })
export class EventsModule {}
