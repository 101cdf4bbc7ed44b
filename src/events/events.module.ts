import { Module } from '@nestjs/common';
import { EventsIntegrationController } from './http/events.integration.controller';
import { ResourceAsOfController } from './http/resource-as-of.controller';

@Module({ controllers: [EventsIntegrationController, ResourceAsOfController] })
export class EventsModule {}
