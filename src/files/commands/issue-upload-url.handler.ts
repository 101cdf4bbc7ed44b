import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandRunner } from '../../event-sourcing/command-runner';
import { marketplaceStream } from '../../marketplaces/marketplace-streams';
import type { CommandContext } from '../../shared/command-context';
import { IDS, type IdGenerator } from '../../shared/ids';
import { assertFileTransfersEnabled } from '../domain/file-access';
import { FileActor, fileDecider, storedFileOf } from '../domain/file.decider';
import type { StoredFile } from '../domain/file.views';
import { fileStream } from '../file-streams';
import { expiryAfter, UPLOAD_URL_TTL_MS } from '../storage-tokens';

export class IssueUploadUrlCommand {
  constructor(
    readonly ctx: CommandContext,
    readonly actor: FileActor,
    readonly fileId: string,
  ) {}
}

export interface IssuedUpload {
  file: StoredFile;
  uploadId: string;
  expiresAt: Date;
}

/** A fresh upload link for a pendingUpload file: 404 for another user's file, 409 once uploaded, 403 when disabled. */
@CommandHandler(IssueUploadUrlCommand)
export class IssueUploadUrlHandler implements ICommandHandler<IssueUploadUrlCommand, IssuedUpload> {
  constructor(
    private readonly runner: CommandRunner,
    @Inject(IDS) private readonly ids: IdGenerator,
  ) {}

  async execute({ ctx, actor, fileId }: IssueUploadUrlCommand): Promise<IssuedUpload> {
    const uploadId = this.ids.next();
    const expiresAt = expiryAfter(ctx.now, UPLOAD_URL_TTL_MS);
    const outcome = await this.runner.run({
      ctx,
      streams: { file: fileStream(ctx.marketplaceId, fileId), marketplace: marketplaceStream(ctx.marketplaceId) },
      decide: (states) => {
        assertFileTransfersEnabled(states.marketplace.settings);
        return { events: { file: fileDecider.decide({ type: 'issue-upload-url', actor, uploadId, expiresAt }, states.file) } };
      },
    });
    return { file: storedFileOf(outcome.after.file)!, uploadId, expiresAt };
  }
}
