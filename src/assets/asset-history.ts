import type { BlobStore } from '../blobs/blob-store.port';
import type { EventStore } from '../event-store/event-store.port';
import { streams } from '../event-store/stream-names';
import { assetBlobKey } from './asset-preparation';
import { jsonBlob } from './asset-trees';
import { assetTreeDecider, AssetTreeState } from './domain/asset-tree.decider';
import type { AssetTreeEvent } from './domain/asset-tree.events';

/** One published version, as `assets list` shows it. */
export interface VersionSummary {
  version: string;
  number: number;
  publishedAt: string;
  added: number;
  modified: number;
  removed: number;
  files: number;
  latest: boolean;
}

const historyOf = async (log: EventStore, marketplaceId: string): Promise<AssetTreeEvent[]> =>
  (await log.readStream(streams.assets(marketplaceId))) as unknown as AssetTreeEvent[];

/** Every version of a marketplace's tree, oldest first; the newest is the `latest` alias. */
export const versionHistory = async (log: EventStore, marketplaceId: string): Promise<VersionSummary[]> => {
  const events = await historyOf(log, marketplaceId);
  let state = assetTreeDecider.initialState();
  return events.map((event, i) => {
    const before = state;
    state = assetTreeDecider.evolve(state, event);
    const { version, number, publishedAt, changed, removed } = event.data;
    const added = changed.filter((f) => !before.files[f.path]).length;
    return {
      version,
      number,
      publishedAt,
      added,
      modified: changed.length - added,
      removed: removed.length,
      files: Object.keys(state.files).length,
      latest: i === events.length - 1,
    };
  });
};

/** The tree as it was at a version (default: the latest), or null when the marketplace has no such version. */
export const treeAt = async (log: EventStore, marketplaceId: string, version?: string): Promise<AssetTreeState | null> => {
  const events = await historyOf(log, marketplaceId);
  const end = version === undefined ? events.length - 1 : events.findIndex((e) => e.data.version === version);
  if (end < 0) return null;
  return events.slice(0, end + 1).reduce(assetTreeDecider.evolve, assetTreeDecider.initialState());
};

/**
 * The files of a tree as a folder holds them: JSON pretty-printed (image references in their normalized form,
 * which publishes back unchanged), images as pushed, from the blob store.
 */
export const filesOf = async (tree: AssetTreeState, marketplaceId: string, blobs: BlobStore): Promise<Array<{ path: string; data: Buffer }>> =>
  Promise.all(
    Object.values(tree.files).map(async (file) => {
      if (file.kind === 'json') {
        const json = file.json ?? (await jsonBlob(blobs, marketplaceId, file.hash));
        return { path: file.path, data: Buffer.from(`${JSON.stringify(JSON.parse(json), null, 2)}\n`) };
      }
      const blob = await blobs.get(assetBlobKey(marketplaceId, file.hash));
      if (!blob) throw new Error(`The image ${file.path} (${file.hash}) is missing from the blob store.`);
      return { path: file.path, data: blob.data };
    }),
  );
