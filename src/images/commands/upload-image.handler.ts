import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandRunner } from '../../event-sourcing/command-runner';
import { BLOBS, type BlobStore } from '../../blobs/blob-store.port';
import type { CommandContext } from '../../shared/command-context';
import { imageDecider } from '../domain/image.decider';
import type { ImageUploadedData } from '../domain/image.events';
import { imageStream } from '../image-streams';
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
    private readonly runner: CommandRunner,
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
    await this.runner.run({
      ctx,
      streams: { image: imageStream(ctx.marketplaceId, imageId) },
      decide: (states) => ({ events: { image: imageDecider.decide({ type: 'upload', image: uploaded }, states.image) } }),
    });
    return uploaded;
  }
}
