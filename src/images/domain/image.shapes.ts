import { ContextShapes, firstShape } from '../../shared/event-shapes';
import type { ImageEvent } from './image.events';

/** The images context's event types and their shape versions (src/shared/event-shapes.ts): none has changed yet. */
export const imageShapes: ContextShapes<ImageEvent['type']> = {
  'image/uploaded': firstShape,
};
