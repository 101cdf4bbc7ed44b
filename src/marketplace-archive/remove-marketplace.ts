import type { BlobStore } from '../blobs/blob-store.port';
import type { EventStore, RecordedEvent } from '../event-store/event-store.port';
import { blobKeysOf } from './blob-references';
import { logPages } from '../event-store/log-pages';

const PAGE = 1000;

export interface RemovalTarget {
  /** The log as stored: its adapter removes the events (`removeMarketplace`, absent on KurrentDB). */
  events: EventStore;
  blobs: BlobStore;
  /** An event in its current shape (blob references are read from current shapes, as the export reads them). */
  current(event: RecordedEvent): RecordedEvent;
}

export interface Removal {
  events: number;
  blobs: number;
}

/**
 * Removes a marketplace from a store before `marketplace import --replace` brings it back from an archive: its
 * events (every stream, its entry in the list of marketplaces, its API clients, webhooks), then the blobs they
 * refer to. The read models are rebuilt afterwards by the import. Rendered image variants are not referred to by
 * any event and stay (the same image id renders the same variant again).
 */
export const removeMarketplace = async (target: RemovalTarget, marketplaceId: string): Promise<Removal> => {
  if (!target.events.removeMarketplace) throw new Error('This log cannot remove a marketplace (KurrentDB keeps deleted streams until a scavenge): import a copy with --as <new id>.');
  const blobKeys = new Set<string>();
  for await (const page of logPages(target.events, { limit: PAGE, filter: { marketplaceId } }))
    for (const event of page) for (const key of blobKeysOf(target.current(event))) blobKeys.add(key);
  const events = await target.events.removeMarketplace(marketplaceId);
  for (const key of blobKeys) await target.blobs.delete(key);
  return { events, blobs: blobKeys.size };
};
