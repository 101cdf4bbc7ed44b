import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { BlobStore } from '../../blobs/blob-store.port';
import { EventLog } from '../../event-store/event-log';
import { streams } from '../../event-store/stream-names';
import { BLOBS, CLOCK } from '../../infrastructure/tokens';
import { notFound } from '../../shared/api-error';
import type { Clock } from '../../shared/clock';
import { operatorContext } from '../../shared/command-context';
import { fold } from '../../shared/decider';
import { prepareTree, SourceFile } from '../asset-preparation';
import { PublicationSummary, publicationLogEvents, summarize } from '../asset-publication';
import { assetTreeDecider } from '../domain/asset-tree.decider';
import type { AssetTreeEvent } from '../domain/asset-tree.events';

/** An operator command: publish a folder as the marketplace's asset tree (a dry run only reports the difference). */
export class PublishAssetsCommand {
  constructor(
    readonly marketplaceId: string,
    readonly sources: readonly SourceFile[],
    readonly options: { dryRun?: boolean } = {},
  ) {}
}

@CommandHandler(PublishAssetsCommand)
export class PublishAssetsHandler implements ICommandHandler<PublishAssetsCommand, PublicationSummary> {
  constructor(
    private readonly log: EventLog,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(BLOBS) private readonly blobs: BlobStore,
  ) {}

  async execute(command: PublishAssetsCommand): Promise<PublicationSummary> {
    const { marketplaceId, sources, options } = command;
    if ((await this.log.store.readStream(streams.marketplace(marketplaceId))).length === 0) throw notFound(`No marketplace ${marketplaceId}.`);
    const streamId = streams.assets(marketplaceId);
    return this.log.retrying(async () => {
      const loaded = await this.log.load(streamId);
      const state = fold(assetTreeDecider.evolve, assetTreeDecider.initialState(), loaded.events as unknown as AssetTreeEvent[]);
      const files = await prepareTree(marketplaceId, sources, state.files, { blobs: options.dryRun ? null : this.blobs });
      const now = this.clock.now();
      const events = assetTreeDecider.decide({ type: 'publish', marketplaceId, files, now }, state);
      if (events.length > 0 && !options.dryRun)
        await this.log.append([
          { streamId, expectedRevision: loaded.expectedRevision, events: publicationLogEvents(operatorContext(marketplaceId, now), state, events) },
        ]);
      return summarize(state, events, files.length);
    });
  }
}
