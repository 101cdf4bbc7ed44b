import type { RecordedEvent } from '../event-store/event-store.port';

/**
 * A marketplace archive (`marketplace export`): a gzipped tar of
 *   events/000001.ndjson, events/000002.ndjson, …  the marketplace's events in log order, one JSON object a line,
 *                                                  at most EVENTS_PER_ENTRY an entry (bounded memory either way);
 *   blobs/<blob key>                               every blob an event refers to (originals, files, asset blobs);
 *   manifest.json                                  last: format, counts, and each entry's size and sha256.
 * The manifest comes last because an export streams: its checksums are known only once everything is written. An
 * import therefore reads the archive twice: once to check it whole (nothing written), once to apply it.
 */
export const ARCHIVE_FORMAT = 'open-marketplace-server/marketplace-archive';
/** Bumped when the layout or the event line changes in a way an older importer could misread. */
export const ARCHIVE_VERSION = 1;
export const MANIFEST_ENTRY = 'manifest.json';
export const EVENTS_PER_ENTRY = 5000;

export const eventsEntryName = (index: number): string => `events/${String(index).padStart(6, '0')}.ndjson`;
export const blobEntryName = (key: string): string => `blobs/${key}`;
export const isEventsEntry = (name: string): boolean => /^events\/\d{6}\.ndjson$/.test(name);
export const blobKeyOfEntry = (name: string): string | null => (name.startsWith('blobs/') ? name.slice('blobs/'.length) : null);

/** One event as archived: what the store recorded, its log position in the source kept for the record only. */
export type ArchivedEvent = Pick<RecordedEvent, 'id' | 'streamId' | 'revision' | 'type' | 'data' | 'metadata'> & { sourcePosition: number };

export interface ArchiveEntry {
  name: string;
  size: number;
  sha256: string;
}

export interface ArchivedBlob {
  key: string;
  contentType: string;
}

export interface ArchiveManifest {
  format: typeof ARCHIVE_FORMAT;
  version: number;
  marketplaceId: string;
  name: string | null;
  exportedAt: string;
  counts: { events: number; streams: number; blobs: number; blobBytes: number };
  /** Every entry but the manifest, in archive order. */
  entries: ArchiveEntry[];
  blobs: ArchivedBlob[];
  /** Blobs an event refers to that the blob store did not have (exported without them, and said so). */
  missingBlobs: string[];
  /** Passwords and client secrets are in the events as the server stores them: hashes, never the secrets. */
  secrets: 'hashed';
}
