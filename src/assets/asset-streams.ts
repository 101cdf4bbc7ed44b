import { streams } from '../event-store/stream-names';
import { internalStream, modelOf, StreamRef } from '../event-sourcing/stream-model';
import { assetTreeDecider, AssetTreeState, manifestOf } from './domain/asset-tree.decider';
import type { AssetTreeEvent } from './domain/asset-tree.events';

export const assetTreeModel = modelOf('asset-tree', assetTreeDecider);

/** The marketplace's asset tree: internal events whose resource is the whole manifest after them. */
export const assetTreeStream = (marketplaceId: string): StreamRef<AssetTreeState, AssetTreeEvent> =>
  internalStream(assetTreeModel, streams.assets(marketplaceId), { resource: manifestOf });
