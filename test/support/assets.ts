import { CommandBus } from '@nestjs/cqrs';
import { readAssetFolder } from '../../src/assets/asset-folder';
import type { SourceFile } from '../../src/assets/asset-preparation';
import type { PublicationSummary } from '../../src/assets/asset-publication';
import { PublishAssetsCommand } from '../../src/assets/commands/publish-assets.handler';
import { STARTER_FOLDER } from '../../src/assets/starter-tree';
import type { TestServer } from './test-server';

/** The starter tree's files, to edit and publish as later versions. */
export const starterFiles = (): Promise<SourceFile[]> => readAssetFolder(STARTER_FOLDER);

/** The files with some JSON assets replaced or added (value) or removed (null). */
export const withJson = (files: SourceFile[], changes: Record<string, unknown>): SourceFile[] => {
  const kept = files.filter((f) => !(f.path in changes));
  const added = Object.entries(changes)
    .filter(([, value]) => value !== null)
    .map(([path, value]) => ({ path, data: Buffer.from(JSON.stringify(value)) }));
  return [...kept, ...added];
};

export const publish = (server: TestServer, files: SourceFile[], marketplaceId = server.marketplace.marketplaceId, dryRun = false) =>
  server.app.get(CommandBus).execute<PublishAssetsCommand, PublicationSummary>(new PublishAssetsCommand(marketplaceId, files, { dryRun }));

export const assetBase = (server: TestServer, clientId = server.marketplace.marketplaceClient.clientId) => `/v1/assets/pub/${clientId}`;
