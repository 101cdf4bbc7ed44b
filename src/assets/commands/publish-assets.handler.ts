import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandRunner } from '../../event-sourcing/command-runner';
import { BLOBS, type BlobStore } from '../../blobs/blob-store.port';
import { CLOCK, type Clock } from '../../shared/clock';
import { marketplaceStream } from '../../marketplaces/marketplace-streams';
import { notFound } from '../../shared/api-error';
import { type CommandContext, operatorContext } from '../../shared/command-context';
import { prepareTree, SourceFile } from '../asset-preparation';
import { PublicationSummary, summarize } from '../asset-publication';
import { assetTreeStream } from '../asset-streams';
import { assetTreeDecider } from '../domain/asset-tree.decider';

/** An operator command: publish a folder as the marketplace's asset tree (a dry run only reports the difference). */
export class PublishAssetsCommand {
  constructor(
    readonly marketplaceId: string,
    readonly sources: readonly SourceFile[],
    /** `ctx`: who publishes (the console names its operator); the CLI's publications are the installation operator's. */
    readonly options: { dryRun?: boolean; ctx?: CommandContext } = {},
  ) {}
}

@CommandHandler(PublishAssetsCommand)
export class PublishAssetsHandler implements ICommandHandler<PublishAssetsCommand, PublicationSummary> {
  constructor(
    private readonly runner: CommandRunner,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(BLOBS) private readonly blobs: BlobStore,
  ) {}

  async execute(command: PublishAssetsCommand): Promise<PublicationSummary> {
    const { marketplaceId, sources, options } = command;
    const tree = assetTreeStream(marketplaceId);
    if (!(await this.runner.state(marketplaceStream(marketplaceId))).exists) throw notFound(`No marketplace ${marketplaceId}.`);
    // Files are prepared (variants rendered and stored) against the current tree before the decision, which does no
    // I/O; a tree published meanwhile only changes what the decision finds new.
    const files = await prepareTree(marketplaceId, sources, (await this.runner.state(tree)).files, { blobs: options.dryRun ? null : this.blobs });
    const now = this.clock.now();
    const { result } = await this.runner.run({
      ctx: options.ctx ?? operatorContext(marketplaceId, now),
      streams: { tree },
      decide: (s) => {
        const events = assetTreeDecider.decide({ type: 'publish', marketplaceId, files, now }, s.tree);
        return { events: { tree: options.dryRun ? [] : events }, result: summarize(s.tree, events, files.length) };
      },
    });
    return result!;
  }
}
