import { join } from 'node:path';
import type { BlobStore } from '../blobs/blob-store.port';
import type { MarketplaceSettings } from '../marketplaces/domain/marketplace.events';
import { readAssetFolder } from './asset-folder';
import { prepareTree, SourceFile } from './asset-preparation';
import type { AssetFile } from './domain/asset-tree.events';
import { assetTreeDecider } from './domain/asset-tree.decider';

/**
 * The starter asset tree (src/assets/starter, copied next to the compiled code by `npm run build`): a complete
 * configuration the Sharetribe Web Template renders with. Every new marketplace gets it as version 1.
 */
export const STARTER_FOLDER = join(__dirname, 'starter');
export const ACCESS_CONTROL_PATH = '/general/access-control.json';

let starter: Promise<SourceFile[]> | null = null;
const starterFiles = (): Promise<SourceFile[]> => {
  starter ??= readAssetFolder(STARTER_FOLDER).catch((error: unknown) => {
    starter = null;
    throw new Error(`The starter asset tree cannot be read (${(error as Error).message}); \`npm run build\` copies src/assets/starter next to the compiled code.`);
  });
  return starter;
};

/** The starter tree with access-control.json saying what the marketplace's settings enforce. */
export const starterSources = async (settings: MarketplaceSettings): Promise<SourceFile[]> =>
  (await starterFiles()).map((file) => (file.path === ACCESS_CONTROL_PATH ? { path: file.path, data: accessControlFor(file.data, settings) } : file));

/** access-control.json (as published by the Web Template's console) rewritten to say what `settings` enforce. */
export const accessControlFor = (template: Buffer, settings: MarketplaceSettings): Buffer => {
  const asset = JSON.parse(template.toString('utf8')) as {
    marketplace: Record<string, unknown>;
    users: Record<string, unknown>;
    listings: Record<string, unknown>;
  };
  asset.marketplace.private = settings.private;
  asset.marketplace.fileUploadAndDownloadDisabled = settings.fileUploadAndDownloadDisabled;
  asset.users.requireApprovalToJoin = settings.requireUserApproval;
  asset.users.requirePermissionToPostListings = settings.requirePermissionToPostListings;
  asset.users.requirePermissionToInitiateTransactions = settings.requirePermissionToInitiateTransactions;
  asset.users.requirePermissionToRead = settings.requirePermissionToRead;
  asset.listings.requireApprovalToPublish = settings.requireListingApproval;
  return Buffer.from(`${JSON.stringify(asset, null, 2)}\n`);
};

/**
 * The files of version 1 of a new marketplace's asset tree, published in the marketplace's creation (so a
 * marketplace never exists without its configuration). Its images and variants are stored before the decision.
 */
export const starterTreeFiles = async (marketplaceId: string, settings: MarketplaceSettings, blobs: BlobStore): Promise<AssetFile[]> =>
  prepareTree(marketplaceId, await starterSources(settings), assetTreeDecider.initialState().files, { blobs });
