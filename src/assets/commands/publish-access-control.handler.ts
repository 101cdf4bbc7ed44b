import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EVENT_STORE, EventStore } from '../../event-store/event-store.port';
import { BLOBS, type BlobStore } from '../../blobs/blob-store.port';
import type { MarketplaceSettings } from '../../marketplaces/domain/marketplace.events';
import { filesOf, treeAt } from '../asset-history';
import type { PublicationSummary } from '../asset-publication';
import { ACCESS_CONTROL_PATH, accessControlFor, starterSources } from '../starter-tree';
import { PublishAssetsCommand } from './publish-assets.handler';

/**
 * Keeps `/general/access-control.json` saying what the server enforces: after an operator changes a
 * marketplace's access settings, the latest tree is published again with the file rewritten (no version when
 * nothing changes). Front ends such as the Web Template read their access rules from this asset.
 */
export class PublishAccessControlCommand {
  constructor(
    readonly marketplaceId: string,
    readonly settings: MarketplaceSettings,
  ) {}
}

@CommandHandler(PublishAccessControlCommand)
export class PublishAccessControlHandler implements ICommandHandler<PublishAccessControlCommand, PublicationSummary> {
  constructor(
    @Inject(EVENT_STORE) private readonly log: EventStore,
    private readonly commands: CommandBus,
    @Inject(BLOBS) private readonly blobs: BlobStore,
  ) {}

  async execute({ marketplaceId, settings }: PublishAccessControlCommand): Promise<PublicationSummary> {
    const tree = await treeAt(this.log, marketplaceId);
    const files = tree ? await filesOf(tree, marketplaceId, this.blobs) : await starterSources(settings);
    const current = files.find((f) => f.path === ACCESS_CONTROL_PATH) ?? (await starterSources(settings)).find((f) => f.path === ACCESS_CONTROL_PATH)!;
    const updated = { path: ACCESS_CONTROL_PATH, data: accessControlFor(current.data, settings) };
    const sources = [...files.filter((f) => f.path !== ACCESS_CONTROL_PATH), updated];
    return this.commands.execute(new PublishAssetsCommand(marketplaceId, sources));
  }
}
