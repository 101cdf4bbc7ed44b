import { Module } from '@nestjs/common';
import { ListingsModule } from '../listings/listings.module';
import { CreateAvailabilityExceptionHandler, DeleteAvailabilityExceptionHandler } from './commands/availability-exception.handlers';
import { AvailabilityExceptionsIntegrationController, AvailabilityExceptionsMarketplaceController } from './http/availability-exceptions.controllers';
import { AvailabilityRelationships } from './http/availability.relationships';
import { TimeSlotsController } from './http/timeslots.controller';
import { AvailabilityReads } from './queries/availability.reads';
import { AvailabilityRestrictionHandler } from './queries/availability-restriction.query';
import { EventSourcedSeatLedger } from './seat-ledger';
import { SEAT_LEDGER } from './seat-ledger.port';

/** Availability: exceptions, time slots and the seat ledger the transaction engine reserves from. */
@Module({
  imports: [ListingsModule],
  controllers: [AvailabilityExceptionsMarketplaceController, AvailabilityExceptionsIntegrationController, TimeSlotsController],
  providers: [
    AvailabilityReads,
    AvailabilityRelationships,
    AvailabilityRestrictionHandler,
    CreateAvailabilityExceptionHandler,
    DeleteAvailabilityExceptionHandler,
    EventSourcedSeatLedger,
    { provide: SEAT_LEDGER, useExisting: EventSourcedSeatLedger },
  ],
  exports: [SEAT_LEDGER, AvailabilityReads],
})
export class AvailabilityModule {}
