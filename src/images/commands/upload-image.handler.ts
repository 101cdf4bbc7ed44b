import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { BlobStore } from '../../blobs/blob-store.port';
import { EventLog } from '../../event-store/event-log';
import { BLOBS } from '../../infrastructure/tokens';
import { streams } from '../../event-store/stream-names';
import type { CommandContext } from '../../shared/command-context';
import { fold } from '../../shared/decider';
import { internalEvents } from '../../shared/event-publishing';
import { imageDecider } from '../domain/image.decider';
import type { ImageEvent, ImageUploadedData } from '../domain/image.events';
import type { SniffedImage } from '../image-processing';

export class UploadImageCommand {
  constructor(
    readonly ctx: CommandContext,
    readonly imageId: string,
    /** The uploading user, or null for the Integration API. */
    readonly ownerId: string | null,
    readonly image: SniffedImage,
  ) {}
}

/** Where an image's original is kept: under its marketplace, so a tenant's blobs share one prefix. */
export const originalBlobKey = (marketplaceId: string, imageId: string) => `images/${marketplaceId}/${imageId}/original`;

/**
 * Stores the original's bytes, then records the upload. The bytes go first: a failed append leaves an
 * unreferenced blob, never an event pointing at nothing.
 */
@CommandHandler(UploadImageCommand)
export class UploadImageHandler implements ICommandHandler<UploadImageCommand, ImageUploadedData> {
  constructor(
    private readonly log: EventLog,
    @Inject(BLOBS) private readonly blobs: BlobStore,
  ) {}

  async execute({ ctx, imageId, ownerId, image }: UploadImageCommand): Promise<ImageUploadedData> {
    const blobKey = originalBlobKey(ctx.marketplaceId, imageId);
    await this.blobs.put(blobKey, image.data, { contentType: image.contentType });
    const uploaded: ImageUploadedData = {
      imageId,
      ownerId,
      blobKey,
      width: image.width,
      height: image.height,
      format: image.format,
      size: image.data.length,
      uploadedAt: ctx.now.toISOString(),
    };
    return this.log.retrying(async () => {
      const streamId = streams.image(ctx.marketplaceId, imageId);
      const loaded = await this.log.load(streamId);
      const state = fold(imageDecider.evolve, imageDecider.initialState(), loaded.events as unknown as ImageEvent[]);
      const events = imageDecider.decide({ type: 'upload', image: uploaded }, state);
      const logEvents = internalEvents(ctx, events, uploaded).map((e) => ({
        ...e,
        metadata: { ...e.metadata, resourceType: 'image', resourceId: imageId },
      }));
      await this.log.append([{ streamId, expectedRevision: loaded.expectedRevision, events: logEvents }]);
      return uploaded;
    });
  }
}
