import { createHash } from 'node:crypto';
import { badRequest } from '../../shared/api-error';
import type { Decider } from '../../shared/decider';
import type { AssetFile, AssetManifest, AssetTreeEvent } from './asset-tree.events';

/** A file of the current tree with the version that published its content. */
export type CurrentFile = AssetFile & { changedIn: string };

export interface AssetTreeState {
  /** Newest version (the `latest` alias); null before the first publication. */
  version: string | null;
  number: number;
  publishedAt: string | null;
  files: Record<string, CurrentFile>;
}

/** Publish a complete tree: what differs from the current one becomes a new version; nothing differing, no version. */
export type AssetTreeCommand = { type: 'publish'; marketplaceId: string; files: AssetFile[]; now: Date };

/**
 * Version ids are opaque: a digest of the marketplace, the parent version and the new tree's (path, hash) pairs,
 * so they are unique per marketplace and say nothing about order or content.
 */
export const versionIdOf = (marketplaceId: string, parent: string | null, files: readonly AssetFile[]): string => {
  const digest = createHash('sha256').update(`${marketplaceId}\n${parent ?? ''}\n`);
  for (const f of [...files].sort((a, b) => (a.path < b.path ? -1 : 1))) digest.update(`${f.path}\t${f.hash}\n`);
  return digest.digest('hex').slice(0, 24);
};

export const assetTreeDecider: Decider<AssetTreeCommand, AssetTreeState, AssetTreeEvent> = {
  initialState: () => ({ version: null, number: 0, publishedAt: null, files: {} }),

  evolve: (state, event) => {
    const { version, number, publishedAt, changed, removed } = event.data;
    const files = { ...state.files };
    for (const path of removed) delete files[path];
    for (const file of changed) files[file.path] = { ...file, changedIn: version };
    return { version, number, publishedAt, files };
  },

  decide: (command, state) => {
    if (command.files.length === 0) throw badRequest('An asset tree needs at least one asset.');
    const paths = new Set<string>();
    for (const file of command.files) {
      if (paths.has(file.path)) throw badRequest(`The asset ${file.path} is given twice.`);
      paths.add(file.path);
    }
    const changed = command.files
      .filter((f) => state.files[f.path]?.hash !== f.hash || state.files[f.path]?.kind !== f.kind)
      .sort((a, b) => (a.path < b.path ? -1 : 1));
    const removed = Object.keys(state.files)
      .filter((p) => !paths.has(p))
      .sort();
    if (changed.length === 0 && removed.length === 0) return [];
    return [
      {
        type: 'assets/version-published',
        data: {
          version: versionIdOf(command.marketplaceId, state.version, command.files),
          number: state.number + 1,
          parent: state.version,
          publishedAt: command.now.toISOString(),
          changed,
          removed,
        },
      },
    ];
  },
};

/** The tree as the read model keeps it: every path with its hash and the version where it last changed. */
export const manifestOf = (state: AssetTreeState): AssetManifest => ({
  version: state.version!,
  number: state.number,
  publishedAt: state.publishedAt!,
  entries: Object.fromEntries(
    Object.keys(state.files)
      .sort()
      .map((path) => {
        const f = state.files[path];
        return [path, { kind: f.kind, hash: f.hash, changedIn: f.changedIn }];
      }),
  ),
});
