import { ContextShapes, firstShape } from '../../shared/event-shapes';
import type { SearchSchemaEvent } from './search-schema.decider';

/** The search schemas context's event types and their shape versions (src/shared/event-shapes.ts): none has changed yet. */
export const searchSchemaShapes: ContextShapes<SearchSchemaEvent['type']> = {
  'searchSchema/set': firstShape,
  'searchSchema/unset': firstShape,
};
