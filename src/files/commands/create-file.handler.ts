import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CONFIG, type Config } from '../../config';
import { CommandRunner } from '../../event-sourcing/command-runner';
import { marketplaceStream } from '../../marketplaces/marketplace-streams';
import { conflict } from '../../shared/api-error';
import type { CommandContext } from '../../shared/command-context';
import { userStream } from '../../users/user-streams';
import { assertFileTransfersEnabled } from '../domain/file-access';
import { fileDecider, storedFileOf } from '../domain/file.decider';
import type { StoredFile } from '../domain/file.views';
import { fileStream } from '../file-streams';

export interface DeclaredFile {
  name: string;
  mimeType: string;
  size: number;
}

export class CreateFileCommand {
  constructor(
    readonly ctx: CommandContext,
    readonly fileId: string,
    /** The owner: the calling user, a user the operator names, or null (the operator's own file). */
    readonly ownerId: string | null,
    readonly declared: DeclaredFile,
  ) {}
}

/** Records a new file, pendingUpload. The owner must be a live user of the marketplace (409 user-not-found). */
@CommandHandler(CreateFileCommand)
export class CreateFileHandler implements ICommandHandler<CreateFileCommand, StoredFile> {
  constructor(
    private readonly runner: CommandRunner,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  async execute({ ctx, fileId, ownerId, declared }: CreateFileCommand): Promise<StoredFile> {
    const outcome = await this.runner.run({
      ctx,
      streams: {
        file: fileStream(ctx.marketplaceId, fileId),
        marketplace: marketplaceStream(ctx.marketplaceId),
        ...(ownerId ? { owner: userStream(ctx.marketplaceId, ownerId) } : {}),
      },
      decide: (states) => {
        assertFileTransfersEnabled(states.marketplace.settings);
        const owner = (states as { owner?: { exists: boolean; deleted: boolean } }).owner;
        if (owner && (!owner.exists || owner.deleted)) throw conflict('user-not-found', 'userId matches no user of the marketplace.');
        const file = { fileId, ownerId, ...declared, createdAt: ctx.now.toISOString() };
        return { events: { file: fileDecider.decide({ type: 'create', file, maxBytes: this.config.fileMaxBytes }, states.file) } };
      },
    });
    return storedFileOf(outcome.after.file)!;
  }
}
