import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomBytes } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { BLOBS, type BlobStore } from '../../blobs/blob-store.port';
import { CommandRunner } from '../../event-sourcing/command-runner';
import { marketplaceStream } from '../../marketplaces/marketplace-streams';
import { apiError, ApiError, notFound } from '../../shared/api-error';
import type { CommandContext } from '../../shared/command-context';
import { assertFileTransfersEnabled } from '../domain/file-access';
import { fileDecider, notPendingUpload } from '../domain/file.decider';
import { fileStream } from '../file-streams';

export class ReceiveUploadCommand {
  constructor(
    readonly ctx: CommandContext,
    readonly fileId: string,
    /** From the signed link: which link was used. */
    readonly uploadId: string,
    readonly body: Readable,
    /** The request's Content-Length, when it has one (a chunked body has none). */
    readonly contentLength: number | null,
  ) {}
}

/**
 * Where an upload's bytes are kept: under the marketplace and the file, one object per PUT (two racing PUTs of one
 * link never write, or delete, each other's object; the loser's is removed when its decision fails).
 */
const fileBlobKey = (marketplaceId: string, fileId: string, uploadId: string) =>
  `files/${marketplaceId}/${fileId}/${uploadId}-${randomBytes(6).toString('hex')}`;

const sizeMismatch = (declared: number, detail: string) =>
  apiError(400, 'file-size-mismatch', `The upload must be exactly ${declared} bytes (the size the file was created with); ${detail}.`);

/**
 * Streams an upload into the blob store, then records it (pendingVerification). Checked before any byte is kept:
 * the file is pendingUpload (409 otherwise: links are single use) and transfers are enabled; while streaming: no
 * byte beyond the declared size. A refused or failed upload leaves no blob; bytes go first, so an event never
 * points at nothing.
 */
@CommandHandler(ReceiveUploadCommand)
export class ReceiveUploadHandler implements ICommandHandler<ReceiveUploadCommand, void> {
  constructor(
    private readonly runner: CommandRunner,
    @Inject(BLOBS) private readonly blobs: BlobStore,
  ) {}

  async execute({ ctx, fileId, uploadId, body, contentLength }: ReceiveUploadCommand): Promise<void> {
    const [file, marketplace] = await Promise.all([this.runner.state(fileStream(ctx.marketplaceId, fileId)), this.runner.state(marketplaceStream(ctx.marketplaceId))]);
    if (!file.file) throw notFound('No such file.');
    assertFileTransfersEnabled(marketplace.settings);
    if (file.state !== 'pendingUpload') throw notPendingUpload();
    const declared = file.file.size;
    if (contentLength !== null && contentLength !== declared) throw sizeMismatch(declared, `the request has ${contentLength}`);
    const blobKey = fileBlobKey(ctx.marketplaceId, fileId, uploadId);
    const size = await this.store(blobKey, body, declared, file.file.mimeType);
    try {
      if (size !== declared) throw sizeMismatch(declared, `${size} bytes arrived`);
      await this.runner.run({
        ctx,
        streams: { file: fileStream(ctx.marketplaceId, fileId), marketplace: marketplaceStream(ctx.marketplaceId) },
        decide: (states) => {
          assertFileTransfersEnabled(states.marketplace.settings);
          return { events: { file: fileDecider.decide({ type: 'receive-upload', uploadId, blobKey, size, now: ctx.now }, states.file) } };
        },
      });
    } catch (error) {
      await this.blobs.delete(blobKey);
      throw error;
    }
  }

  /** Stores the body, refusing it (nothing stored) as soon as it runs past the declared size. */
  private async store(key: string, body: Readable, declared: number, contentType: string): Promise<number> {
    let seen = 0;
    const limit = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        seen += chunk.length;
        if (seen > declared) done(sizeMismatch(declared, 'more arrived'));
        else done(null, chunk);
      },
    });
    body.on('error', (error) => limit.destroy(error));
    // Its errors reach whoever reads it (the store); this keeps one emitted after that reader let go from crashing.
    limit.on('error', () => undefined);
    body.pipe(limit);
    try {
      if (this.blobs.putStream) return (await this.blobs.putStream(key, limit, { contentType, size: declared })).size;
      const chunks: Buffer[] = [];
      for await (const chunk of limit) chunks.push(chunk as Buffer);
      const data = Buffer.concat(chunks);
      await this.blobs.put(key, data, { contentType });
      return data.length;
    } catch (error) {
      // A store told the length in advance (S3) refuses a shorter body with its own error: the client's fault.
      if (!(error instanceof ApiError) && seen < declared && body.readableEnded) throw sizeMismatch(declared, `${seen} bytes arrived`);
      throw error;
    }
  }
}
