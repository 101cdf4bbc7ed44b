import type { Readable } from 'node:stream';
import type { BlobStore } from '../blobs/blob-store.port';
import type { EventStore, NewEvent, RecordedEvent, StreamAppend } from '../event-store/event-store.port';
import { MARKETPLACES_STREAM, streams } from '../event-store/stream-names';
import { blobKeyOfEntry, isEventsEntry, MANIFEST_ENTRY, type ArchivedEvent } from './archive-format';
import { archiveMapping, ArchiveMapping, isLeftOutStream } from './archive-mapping';
import { ArchiveRefusedError, bufferOf, readArchive } from './read-archive';
import type { Removal } from './remove-marketplace';
import { verifyArchive, VerifiedArchive } from './verify-archive';

/** Events in one append at most; fewer when a stream comes back after another (the log's order is kept exactly). */
const BATCH = 500;

export interface ImportTarget {
  /** The log as stored (the adapter under the shaped store): events are written with the shape versions archived. */
  events: EventStore;
  blobs: BlobStore;
  /** Resolves once the read models have every event up to `position`. */
  projected(position: number): Promise<void>;
  /** Removes the marketplace from the store (`--replace`): remove-marketplace.ts. */
  remove?(marketplaceId: string): Promise<Removal>;
}

export interface ImportOptions {
  /** Import as a copy under this marketplace id (archive-mapping.ts). */
  as?: string;
  /** Replace the marketplace of that id if the store has it (`target.remove`), instead of refusing. */
  replace?: boolean;
  /** The shape version this release writes of an event type: an archive holding newer shapes is refused. */
  shapeVersionOf(type: string): number;
  now: Date;
}

export interface ImportReport {
  marketplaceId: string;
  sourceMarketplaceId: string;
  events: number;
  /** True when the store had part of this import already (an interrupted import, run again). */
  resumed: boolean;
  /** What `--replace` removed first, or null when there was nothing to replace. */
  replaced: Removal | null;
  blobs: number;
  clientIds: Record<string, string>;
  /** What did not move, for the operator. */
  leftOut: string[];
  seconds: number;
}

/** A stream's first event in the store, or null when the stream does not exist. */
const firstEventOf = async (events: EventStore, streamId: string): Promise<RecordedEvent | null> => (await events.readStream(streamId, 0))[0] ?? null;

/**
 * Refuses an import that would merge into something the store already has, unless it resumes this very import or
 * replaces that marketplace (`--replace`: its API clients go with it; another marketplace's never do).
 */
const checkTarget = async (target: ImportTarget, archive: VerifiedArchive, mapping: ArchiveMapping, replace: boolean): Promise<'fresh' | 'resumed' | 'replace'> => {
  const marketplaceStream = streams.marketplace(mapping.marketplaceId);
  const existing = await firstEventOf(target.events, marketplaceStream);
  for (const [clientId, mapped] of mapping.clientIds) {
    const stored = await firstEventOf(target.events, streams.apiClient(mapped));
    const ours = stored === null || stored.id === archive.firstEventIds.get(streams.apiClient(mapped)) || (replace && stored.metadata.marketplaceId === mapping.marketplaceId);
    if (!ours) throw new ArchiveRefusedError(`API client ${clientId} belongs to another marketplace in this store: import a copy with --as <new id>.`);
  }
  if (existing === null) return 'fresh';
  if (replace) return 'replace';
  const archived = archive.firstEventIds.get(marketplaceStream);
  if (archived === undefined || existing.id !== archived)
    throw new ArchiveRefusedError(`Marketplace ${mapping.marketplaceId} is already in this store. Give --replace to replace it with the archive, or import a copy with --as <new id>.`);
  return 'resumed';
};

/** Groups consecutive events into appends of at most BATCH events: one entry per run of a stream, a stream at most once an append. */
class Batches {
  private appends: StreamAppend[] = [];
  private inBatch = new Set<string>();
  private count = 0;
  constructor(private readonly write: (appends: StreamAppend[]) => Promise<void>) {}

  async add(event: ArchivedEvent, newEvent: NewEvent): Promise<void> {
    // A long run of one stream is cut too: an append stays within BATCH events on every engine.
    if (this.count >= BATCH || (this.appends.at(-1)?.streamId !== event.streamId && this.inBatch.has(event.streamId))) await this.flush();
    const last = this.appends.at(-1);
    if (last?.streamId === event.streamId) last.events.push(newEvent);
    else {
      // The list of marketplaces is shared by every marketplace of the store: appended at its end, whatever its revision.
      const expectedRevision = event.streamId === MARKETPLACES_STREAM ? 'any' : event.revision === 0 ? 'no_stream' : event.revision - 1;
      this.appends.push({ streamId: event.streamId, expectedRevision, events: [newEvent] });
      this.inBatch.add(event.streamId);
    }
    this.count += 1;
  }

  async flush(): Promise<void> {
    if (this.appends.length === 0) return;
    const appends = this.appends;
    this.appends = [];
    this.inBatch = new Set();
    this.count = 0;
    await this.write(appends);
  }
}

/**
 * Recreates an archived marketplace in the target store: the archive is checked whole first (verify-archive.ts),
 * then its events are appended in log order at their revisions, with their ids and times (a repeat of an
 * interrupted import is recognised by the ids and answered as stored), then its blobs are stored, then the read
 * models are awaited. Every event is marked `importedAt`: reactors pass over imported events, so the history's
 * mails and payments are not made again.
 */
export const importMarketplace = async (target: ImportTarget, file: string, options: ImportOptions): Promise<ImportReport> => {
  const started = Date.now();
  const archive = await verifyArchive(file, options.shapeVersionOf);
  const source = archive.manifest.marketplaceId;
  const mapping = archiveMapping(source, archive.streamIds, options.as);
  const mappedArchive: VerifiedArchive = { ...archive, firstEventIds: new Map([...archive.firstEventIds].map(([s, id]) => [mapping.streamId(s), mapping.eventId(id)])) };
  const found = await checkTarget(target, mappedArchive, mapping, options.replace ?? false);
  if (found === 'replace' && !target.remove) throw new ArchiveRefusedError('This store cannot replace a marketplace: import a copy with --as <new id>.');
  // The archive is whole (checked above) before anything of the marketplace is removed.
  const replaced = found === 'replace' ? await target.remove!(mapping.marketplaceId) : null;
  const resumed = found === 'resumed';
  const importedAt = options.now.toISOString();
  let events = 0;
  let head = 0;
  let blobs = 0;
  const leftOutStreams = new Set<string>();
  const batches = new Batches(async (appends) => {
    const result = await target.events.append(appends);
    head = Math.max(head, result.position);
  });
  const blobTypes = new Map(archive.manifest.blobs.map((b) => [b.key, b.contentType]));
  await readArchive(file, async (name, size, content) => {
    if (isEventsEntry(name)) {
      for (const line of (await bufferOf(content)).toString('utf8').split('\n')) {
        if (!line) continue;
        const event = mapping.event(line);
        if (isLeftOutStream(mapping.marketplaceId, event.streamId)) {
          leftOutStreams.add(event.streamId);
          continue;
        }
        events += 1;
        await batches.add(event, { id: event.id, type: event.type, data: event.data, metadata: { ...event.metadata, importedAt } });
      }
      return;
    }
    await batches.flush();
    const key = blobKeyOfEntry(name);
    if (key === null || name === MANIFEST_ENTRY) return;
    await putBlob(target.blobs, mapping.blobKey(key), size, blobTypes.get(key), content);
    blobs += 1;
  });
  await batches.flush();
  await target.projected(head);
  const deliveryLogs = streams.webhookDeliveries(mapping.marketplaceId, '');
  const webhooks = [...leftOutStreams].filter((s) => !s.startsWith(deliveryLogs)).length;
  return {
    marketplaceId: mapping.marketplaceId,
    sourceMarketplaceId: source,
    events,
    resumed,
    replaced,
    blobs,
    clientIds: Object.fromEntries(mapping.clientIds),
    leftOut: [
      ...(webhooks > 0 ? [`${webhooks} webhook subscription(s): their cursors are positions in the source's log and their secrets derive from its TOKEN_SECRET; add them again (webhooks add).`] : []),
      ...archive.manifest.missingBlobs.map((key) => `blob ${key}: missing in the source when exported`),
    ],
    seconds: (Date.now() - started) / 1000,
  };
};

const putBlob = async (blobs: BlobStore, key: string, size: number, contentType: string | undefined, content: Readable): Promise<void> => {
  if (blobs.putStream) await blobs.putStream(key, content, { size, contentType });
  else await blobs.put(key, await bufferOf(content), { contentType });
};
