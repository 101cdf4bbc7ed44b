import type { AssetTreeState } from './domain/asset-tree.decider';
import type { AssetTreeEvent } from './domain/asset-tree.events';

/** What a push did (or, in a dry run, would do). */
export interface PublicationSummary {
  /** A new version was (or would be) made. */
  published: boolean;
  /** The new version, or the current one when nothing changed (null for a marketplace without assets). */
  version: string | null;
  number: number;
  added: string[];
  modified: string[];
  removed: string[];
  unchanged: number;
}

export const summarize = (before: AssetTreeState, events: readonly AssetTreeEvent[], fileCount: number): PublicationSummary => {
  const event = events[0];
  if (!event) return { published: false, version: before.version, number: before.number, added: [], modified: [], removed: [], unchanged: fileCount };
  const { changed, removed, version, number } = event.data;
  const added = changed.filter((f) => !before.files[f.path]).map((f) => f.path);
  const modified = changed.filter((f) => before.files[f.path]).map((f) => f.path);
  return { published: true, version, number, added, modified, removed, unchanged: fileCount - changed.length };
};
