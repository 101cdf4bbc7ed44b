import { Uuid } from '../../shared/values';
import type { ExceptionData } from './availability.events';

/** The `availabilityException` resource as events carry it and the read model stores it. */
export interface StoredException {
  id: Uuid;
  type: 'availabilityException';
  attributes: { seats: number; start: Date; end: Date };
  relationships: { listing: { data: { id: Uuid; type: 'listing' } } };
}

export const storedException = (e: ExceptionData): StoredException => ({
  id: new Uuid(e.id),
  type: 'availabilityException',
  attributes: { seats: e.seats, start: new Date(e.start), end: new Date(e.end) },
  relationships: { listing: { data: { id: new Uuid(e.listingId), type: 'listing' } } },
});
