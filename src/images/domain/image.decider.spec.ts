import { specFor } from '../../../test/support/given-when-then';
import { imageDecider } from './image.decider';
import type { ImageUploadedData } from './image.events';

const image: ImageUploadedData = {
  imageId: '33333333-3333-4333-8333-333333333333',
  ownerId: '44444444-4444-4444-8444-444444444444',
  blobKey: 'images/m/33333333-3333-4333-8333-333333333333/original',
  width: 1200,
  height: 800,
  format: 'jpeg',
  size: 123456,
  uploadedAt: '2026-03-01T10:00:00.000Z',
};

describe('image decider', () => {
  const given = specFor(imageDecider);
  it('given nothing, when uploaded, then image/uploaded with the facts of the upload', () => {
    given([]).when({ type: 'upload', image }).then([{ type: 'image/uploaded', data: image }]);
  });
  it('given an uploaded image, when uploaded again under the same id, then conflict', () => {
    given([{ type: 'image/uploaded', data: image }]).when({ type: 'upload', image }).thenThrows('conflict');
  });
});
