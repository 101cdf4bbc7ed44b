import type { RecordedEvent } from '../event-store/event-store.port';
import type { ReadModelOp } from '../read-models/document-store.port';
import type { Projection } from '../event-sourcing/projection';
import type { ImageUploadedData } from './domain/image.events';

export const IMAGES = 'image';

/** A document of the image read model: the upload's facts, as the event's `resource` carries them. */
export type StoredImage = ImageUploadedData;

/** The image read model: every uploaded image by id, with its owner, for variants. */
export const imagesProjection: Projection = {
  name: 'images',
  eventTypes: ['image/uploaded'],
  project: (event: RecordedEvent): ReadModelOp[] => {
    const image = event.metadata.resource as StoredImage;
    return [
      {
        op: 'put',
        collection: IMAGES,
        document: {
          id: image.imageId,
          marketplaceId: event.metadata.marketplaceId,
          createdAt: image.uploadedAt,
          body: image,
          fields: { ownerId: image.ownerId },
        },
      },
    ];
  },
};
