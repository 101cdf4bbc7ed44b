import { ContextShapes, firstShape } from '../../shared/event-shapes';
import type { AvailabilityEvent } from './availability.events';

/** The availability context's event types and their shape versions (src/shared/event-shapes.ts): none has changed yet. */
export const availabilityShapes: ContextShapes<AvailabilityEvent['type']> = {
  'availabilityException/created': firstShape,
  'availabilityException/deleted': firstShape,
  'availability/seats-reserved': firstShape,
  'availability/seats-released': firstShape,
};
