import { ContextShapes, firstShape } from '../../shared/event-shapes';
import type { FileEvent } from './file.events';

/** The files context's event types and their shape versions (src/shared/event-shapes.ts): none has changed yet. */
export const fileShapes: ContextShapes<FileEvent['type']> = {
  'file/created': firstShape,
  'file/upload-url-issued': firstShape,
  'file/upload-received': firstShape,
  'file/verified': firstShape,
};
