import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { BLOBS, type BlobStore } from '../../blobs/blob-store.port';
import { CommandRunner } from '../../event-sourcing/command-runner';
import type { CommandContext } from '../../shared/command-context';
import { fileDecider } from '../domain/file.decider';
import { SNIFF_BYTES, verdictOf } from '../domain/file-signatures';
import { fileStream } from '../file-streams';

export class VerifyFileCommand {
  constructor(
    readonly ctx: CommandContext,
    readonly fileId: string,
  ) {}
}

/** Reads the start of the stored object (never the whole file) and its size: at most SNIFF_BYTES are held. */
const headOf = async (blobs: BlobStore, key: string): Promise<{ head: Buffer; size: number } | null> => {
  if (!blobs.getStream) {
    const blob = await blobs.get(key);
    return blob && { head: blob.data.subarray(0, SNIFF_BYTES), size: blob.data.length };
  }
  const opened = await blobs.getStream(key);
  if (!opened) return null;
  const chunks: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of opened.stream) {
      chunks.push(chunk as Buffer);
      length += (chunk as Buffer).length;
      if (length >= SNIFF_BYTES) break;
    }
  } finally {
    opened.stream.destroy();
  }
  return { head: Buffer.concat(chunks).subarray(0, SNIFF_BYTES), size: opened.size };
};

/**
 * Verifies an uploaded file: available, or verificationFailed (size other than declared, an executable, a script,
 * a disk image). A file already verified is left as it is, so a redelivered event changes nothing.
 */
@CommandHandler(VerifyFileCommand)
export class VerifyFileHandler implements ICommandHandler<VerifyFileCommand, void> {
  constructor(
    private readonly runner: CommandRunner,
    @Inject(BLOBS) private readonly blobs: BlobStore,
  ) {}

  async execute({ ctx, fileId }: VerifyFileCommand): Promise<void> {
    const stream = fileStream(ctx.marketplaceId, fileId);
    const state = await this.runner.state(stream);
    if (state.state !== 'pendingVerification' || !state.file || !state.blobKey) return;
    const stored = await headOf(this.blobs, state.blobKey);
    const verdict = stored ? verdictOf(stored.head, stored.size, state.file.size) : ({ result: 'verificationFailed', reason: 'the uploaded object is missing' } as const);
    await this.runner.run({
      ctx,
      streams: { file: stream },
      decide: (states) => ({ events: { file: fileDecider.decide({ type: 'verify', ...verdict, now: ctx.now }, states.file) } }),
    });
  }
}
