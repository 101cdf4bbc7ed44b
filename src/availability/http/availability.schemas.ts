import { enumOf, integer, resourceSchema, timestamp } from '../../http/openapi/resource-schema';

/** The availability context's answer shapes (src/availability/domain/availability.views.ts, timeslots/query). */
export const AVAILABILITY_EXCEPTION_SCHEMA = resourceSchema('availabilityException', { seats: integer, start: timestamp, end: timestamp });
export const TIME_SLOT_SCHEMA = resourceSchema('timeSlot', { type: enumOf('time-slot/day', 'time-slot/time'), start: timestamp, end: timestamp, seats: integer });
