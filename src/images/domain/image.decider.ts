import { conflict } from '../../shared/api-error';
import type { Decider } from '../../shared/decider';
import type { ImageEvent, ImageUploadedData } from './image.events';

export interface ImageState {
  image: ImageUploadedData | null;
}

export type ImageCommand = { type: 'upload'; image: ImageUploadedData };

/** An image is uploaded once and never changes: its variants are derived from it, never stored as state. */
export const imageDecider: Decider<ImageCommand, ImageState, ImageEvent> = {
  initialState: () => ({ image: null }),
  evolve: (state, event) => (event.type === 'image/uploaded' ? { image: event.data } : state),
  decide: (command, state) => {
    if (state.image) throw conflict('conflict', 'The image already exists.');
    return [{ type: 'image/uploaded', data: command.image }];
  },
};
