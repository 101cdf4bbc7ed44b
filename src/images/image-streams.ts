import { streams } from '../event-store/stream-names';
import { internalStream, modelOf, StreamRef } from '../event-sourcing/stream-model';
import { invalidValue } from '../shared/api-error';
import { imageDecider, ImageState } from './domain/image.decider';
import type { ImageEvent } from './domain/image.events';

export const imageModel = modelOf('image', imageDecider);

/** An uploaded image (internal: the platform has no image events); each event carries the upload as resource. */
export const imageStream = (marketplaceId: string, imageId: string): StreamRef<ImageState, ImageEvent> =>
  internalStream(imageModel, streams.image(marketplaceId, imageId), { resource: (s) => s.image, resourceType: 'image', resourceId: imageId });

/** The stream names a decision uses for the images it attaches, by image id. */
export const imageStreams = (marketplaceId: string, imageIds: Iterable<string>): Record<string, StreamRef<ImageState, ImageEvent>> =>
  Object.fromEntries(Array.from(new Set(imageIds), (id) => [`image:${id}`, imageStream(marketplaceId, id)]));

/**
 * A rule for decisions that attach images (listing images, profile images): each must be an image of this
 * marketplace, uploaded by `uploaderId` (null: the Integration API, any image of the marketplace). 400
 * validation-invalid-value at `path` otherwise.
 */
export const assertImagesUsable = (states: Record<string, unknown>, imageIds: Iterable<string>, uploaderId: string | null, path: string[]): void => {
  for (const imageId of new Set(imageIds)) {
    const image = (states[`image:${imageId}`] as ImageState | undefined)?.image;
    if (!image || (uploaderId !== null && image.ownerId !== uploaderId))
      throw invalidValue(path, 'body', `${imageId} is not an image ${uploaderId === null ? 'of this marketplace' : 'you uploaded'}.`);
  }
};
