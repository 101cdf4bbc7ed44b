import type { RecordedEvent } from '../event-store/event-store.port';
import type { DocumentProjection } from '../event-sourcing/projection';
import type { ReadModelOp } from '../read-models/document-store.port';
import type { AvailabilityEvent, SeatReservationData } from './domain/availability.events';
import type { StoredException } from './domain/availability.views';

export const AVAILABILITY_EXCEPTIONS = 'availabilityException';
export const SEAT_RESERVATIONS = 'seatReservation';

const ms = (iso: string | Date) => new Date(iso).getTime();

/**
 * The availability read models, whose `createdAt` is the start (so the indexed time finds them by range): exceptions (availability_exceptions/query, time slots, search) and the seats
 * bookings hold (time slots, search), each filterable by listing and by time (`start`, `end` in ms).
 */
export const availabilityProjection: DocumentProjection = {
  name: 'availability',
  eventTypes: ['availabilityException/created', 'availabilityException/deleted', 'availability/seats-reserved', 'availability/seats-released'],
  project: (event: RecordedEvent): ReadModelOp[] => {
    const e = event as unknown as AvailabilityEvent & { metadata: RecordedEvent['metadata'] };
    const mp = event.metadata.marketplaceId;
    switch (e.type) {
      case 'availabilityException/created': {
        const exception = event.metadata.resource as StoredException;
        const { start, end } = exception.attributes;
        return [
          {
            op: 'put',
            collection: AVAILABILITY_EXCEPTIONS,
            document: { id: e.data.id, marketplaceId: mp, createdAt: new Date(start).toISOString(), body: exception, fields: { listingId: e.data.listingId, start: ms(start), end: ms(end) } },
          },
        ];
      }
      case 'availabilityException/deleted':
        return [{ op: 'delete', collection: AVAILABILITY_EXCEPTIONS, marketplaceId: mp, id: e.data.id }];
      case 'availability/seats-reserved': {
        const r: SeatReservationData = e.data;
        return [
          {
            op: 'put',
            collection: SEAT_RESERVATIONS,
            document: { id: r.bookingId, marketplaceId: mp, createdAt: new Date(r.start).toISOString(), body: r, fields: { listingId: r.listingId, start: ms(r.start), end: ms(r.end) } },
          },
        ];
      }
      case 'availability/seats-released':
        return [{ op: 'delete', collection: SEAT_RESERVATIONS, marketplaceId: mp, id: e.data.bookingId }];
    }
  },
};
