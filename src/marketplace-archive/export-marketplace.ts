import { createHash } from 'node:crypto';
import { createWriteStream, renameSync, rmSync } from 'node:fs';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { pack as tarPack, type Pack } from 'tar-stream';
import type { BlobStore } from '../blobs/blob-store.port';
import type { EventStore, RecordedEvent } from '../event-store/event-store.port';
import { encodeStored } from '../shared/stored-json';
import { ARCHIVE_FORMAT, ARCHIVE_VERSION, ArchivedBlob, ArchivedEvent, ArchiveEntry, ArchiveManifest, blobEntryName, EVENTS_PER_ENTRY, eventsEntryName, MANIFEST_ENTRY } from './archive-format';
import { blobKeysOf } from './blob-references';
import { logPages } from '../event-store/log-pages';

const PAGE = 1000;

export interface ExportSource {
  /** The log as stored (the adapter under the shaped store): the archive keeps each event's shape version. */
  events: EventStore;
  /** An event in its type's current shape (EventShapes.current): what its blob references are read from. */
  current(event: RecordedEvent): RecordedEvent;
  blobs: BlobStore;
}

export interface ExportOptions {
  marketplaceId: string;
  name: string | null;
  now: Date;
}

/** Adds one entry of known bytes to the tar and answers its manifest line. */
const addBuffer = (pack: Pack, name: string, data: Buffer): Promise<ArchiveEntry> =>
  new Promise((resolve, reject) => {
    pack.entry({ name, size: data.length, mode: 0o600 }, data, (error) => (error ? reject(error) : resolve({ name, size: data.length, sha256: createHash('sha256').update(data).digest('hex') })));
  });

/** Streams one blob into the tar (its size is known from the store), hashing it on the way. */
const addStream = async (pack: Pack, name: string, size: number, source: Readable): Promise<ArchiveEntry> => {
  const hash = createHash('sha256');
  let written = 0;
  const entry = pack.entry({ name, size, mode: 0o600 });
  await pipeline(
    source,
    async function* (chunks: AsyncIterable<Buffer>) {
      for await (const chunk of chunks) {
        hash.update(chunk);
        written += chunk.length;
        yield chunk;
      }
    },
    entry as unknown as Writable,
  );
  if (written !== size) throw new Error(`blob ${name} changed size while exported (${written} of ${size} bytes)`);
  return { name, size, sha256: hash.digest('hex') };
};

/**
 * Writes one marketplace's archive (archive-format.ts) to `file`: its events as stored (old shape versions kept:
 * the importing release upcasts them as it reads them, like any other) read page by page, in log order, EVENTS_PER_ENTRY to an entry, then every blob they refer to, then the manifest. Memory stays bounded
 * by one entry of events and the set of blob keys. The file is written beside and renamed when complete, owner-only
 * (it holds users' private data and hashed secrets): a failed export leaves no archive that looks whole.
 */
export const exportMarketplace = async (source: ExportSource, options: ExportOptions, file: string): Promise<ArchiveManifest> => {
  const partial = `${file}.partial`;
  const pack = tarPack();
  const written = pipeline(pack, createGzip(), createWriteStream(partial, { mode: 0o600 }));
  try {
    const manifest = await writeArchive(pack, source, options);
    pack.finalize();
    await written;
    renameSync(partial, file);
    return manifest;
  } catch (error) {
    pack.destroy(error as Error);
    await written.catch(() => undefined);
    rmSync(partial, { force: true });
    throw error;
  }
};

const writeArchive = async (pack: Pack, source: ExportSource, options: ExportOptions): Promise<ArchiveManifest> => {
  const entries: ArchiveEntry[] = [];
  const blobKeys = new Set<string>();
  const streams = new Set<string>();
  let events = 0;
  let lines: string[] = [];
  const flushEvents = async () => {
    if (lines.length === 0) return;
    entries.push(await addBuffer(pack, eventsEntryName(entries.length + 1), Buffer.from(`${lines.join('\n')}\n`, 'utf8')));
    lines = [];
  };
  for await (const page of logPages(source.events, { limit: PAGE, filter: { marketplaceId: options.marketplaceId } })) {
    for (const event of page) {
      const archived: ArchivedEvent = { id: event.id, streamId: event.streamId, revision: event.revision, type: event.type, data: event.data, metadata: event.metadata, sourcePosition: event.position };
      lines.push(encodeStored(archived));
      events += 1;
      streams.add(event.streamId);
      for (const key of blobKeysOf(source.current(event))) blobKeys.add(key);
      if (lines.length >= EVENTS_PER_ENTRY) await flushEvents();
    }
  }
  await flushEvents();
  const blobs: ArchivedBlob[] = [];
  const missingBlobs: string[] = [];
  let blobBytes = 0;
  for (const key of [...blobKeys].sort()) {
    const name = blobEntryName(key);
    const opened = source.blobs.getStream ? await source.blobs.getStream(key) : null;
    if (opened) {
      entries.push(await addStream(pack, name, opened.size, opened.stream));
      blobs.push({ key, contentType: opened.contentType });
      blobBytes += opened.size;
      continue;
    }
    const stored = await source.blobs.get(key);
    if (!stored) {
      missingBlobs.push(key);
      continue;
    }
    entries.push(await addBuffer(pack, name, stored.data));
    blobs.push({ key, contentType: stored.contentType });
    blobBytes += stored.data.length;
  }
  const manifest: ArchiveManifest = {
    format: ARCHIVE_FORMAT,
    version: ARCHIVE_VERSION,
    marketplaceId: options.marketplaceId,
    name: options.name,
    exportedAt: options.now.toISOString(),
    counts: { events, streams: streams.size, blobs: blobs.length, blobBytes },
    entries,
    blobs,
    missingBlobs,
    secrets: 'hashed',
  };
  await addBuffer(pack, MANIFEST_ENTRY, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`, 'utf8'));
  return manifest;
};
