import { ContextShapes, firstShape } from '../../shared/event-shapes';
import type { SessionEvent } from './session.decider';

/** The auth context's event types and their shape versions (src/shared/event-shapes.ts): none has changed yet. */
export const sessionShapes: ContextShapes<SessionEvent['type']> = {
  'session/started': firstShape,
  'session/revoked': firstShape,
};
