import { createHash } from 'node:crypto';
import { decodeStored } from '../shared/stored-json';
import { ARCHIVE_FORMAT, ARCHIVE_VERSION, ArchivedEvent, ArchiveEntry, ArchiveManifest, isEventsEntry, MANIFEST_ENTRY } from './archive-format';
import { ArchiveRefusedError, bufferOf, readArchive } from './read-archive';

export interface VerifiedArchive {
  manifest: ArchiveManifest;
  /** The stream ids of the archive's events (the import's checks and id mapping need them before applying). */
  streamIds: Set<string>;
  /** The first event's id of the marketplace's stream and of its API clients' (recognises a resumed import of this archive). */
  firstEventIds: Map<string, string>;
}

const isArchivedEvent = (value: unknown): value is ArchivedEvent => {
  const e = value as ArchivedEvent;
  return (
    typeof e === 'object' && e !== null && typeof e.id === 'string' && typeof e.streamId === 'string' && Number.isInteger(e.revision) &&
    typeof e.type === 'string' && typeof e.metadata === 'object' && e.metadata !== null && typeof e.metadata.marketplaceId === 'string'
  );
};

/** Parses an events entry's lines, refusing the archive at the first line that is not an archived event. */
export const archivedEventsOf = (name: string, text: string): ArchivedEvent[] =>
  text
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line, index) => {
      let event: unknown;
      try {
        event = decodeStored(line);
      } catch {
        throw new ArchiveRefusedError(`The archive is corrupt: ${name}, line ${index + 1} is not an event (unreadable JSON).`);
      }
      if (!isArchivedEvent(event)) throw new ArchiveRefusedError(`The archive is corrupt: ${name}, line ${index + 1} is not an event (id, streamId, revision, type or metadata missing).`);
      return event;
    });

/**
 * The first of an import's two reads: every entry hashed and compared with the manifest (which comes last), every
 * event line parsed, counts checked, each event's shape version one this release reads (`shapeVersionOf`: the
 * version it writes of a type). A corrupt, truncated, foreign or too new file is refused here, before anything is
 * written.
 */
export const verifyArchive = async (file: string, shapeVersionOf: (type: string) => number = () => Infinity): Promise<VerifiedArchive> => {
  const seen: ArchiveEntry[] = [];
  const streamIds = new Set<string>();
  const marketplaceIds = new Set<string>();
  let events = 0;
  const firstEventIds = new Map<string, string>();
  let manifestText: string | null = null;
  await readArchive(file, async (name, _size, content) => {
    if (manifestText !== null) throw new ArchiveRefusedError(`${file}: an entry (${name}) after the manifest.`);
    if (name === MANIFEST_ENTRY) {
      manifestText = (await bufferOf(content)).toString('utf8');
      return;
    }
    const hash = createHash('sha256');
    let size = 0;
    if (isEventsEntry(name)) {
      const data = await bufferOf(content);
      hash.update(data);
      size = data.length;
      for (const event of archivedEventsOf(name, data.toString('utf8'))) {
        events += 1;
        // Stored as written, each event is upcast when read: a shape newer than this release's would be misread.
        const stored = event.metadata.shapeVersion ?? 1;
        if (stored > shapeVersionOf(event.type))
          throw new ArchiveRefusedError(`${event.type} events in shape version ${stored}; this release reads up to version ${shapeVersionOf(event.type)}: import it with the release that exported it, or a later one.`);
        streamIds.add(event.streamId);
        marketplaceIds.add(event.metadata.marketplaceId);
        if (event.revision === 0 && (event.streamId.endsWith(':marketplace') || event.streamId.startsWith('client:'))) firstEventIds.set(event.streamId, event.id);
      }
    } else {
      for await (const chunk of content) {
        hash.update(chunk as Buffer);
        size += (chunk as Buffer).length;
      }
    }
    seen.push({ name, size, sha256: hash.digest('hex') });
  });
  if (manifestText === null) throw new ArchiveRefusedError(`${file} has no manifest: it is truncated or not a marketplace archive.`);
  let manifest: ArchiveManifest;
  try {
    manifest = JSON.parse(manifestText) as ArchiveManifest;
  } catch {
    throw new ArchiveRefusedError(`${file}: the manifest is not JSON.`);
  }
  if (manifest.format !== ARCHIVE_FORMAT) throw new ArchiveRefusedError(`${file} is not a marketplace archive (format ${String(manifest.format)}).`);
  if (manifest.version > ARCHIVE_VERSION) throw new ArchiveRefusedError(`${file} is format version ${manifest.version}; this server reads up to ${ARCHIVE_VERSION}: upgrade it first.`);
  const listed = manifest.entries ?? [];
  if (listed.length !== seen.length) throw new ArchiveRefusedError(`${file}: the manifest lists ${listed.length} entries, the archive holds ${seen.length}.`);
  listed.forEach((entry, i) => {
    const found = seen[i];
    if (found.name !== entry.name) throw new ArchiveRefusedError(`${file}: entry ${i + 1} is ${found.name}, the manifest says ${entry.name}.`);
    if (found.size !== entry.size || found.sha256 !== entry.sha256) throw new ArchiveRefusedError(`${file}: ${entry.name} does not match its checksum (corrupt).`);
  });
  if (events !== manifest.counts.events) throw new ArchiveRefusedError(`${file}: ${events} events, the manifest says ${manifest.counts.events}.`);
  if (marketplaceIds.size > 1 || (marketplaceIds.size === 1 && !marketplaceIds.has(manifest.marketplaceId)))
    throw new ArchiveRefusedError(`${file}: events of another marketplace than ${manifest.marketplaceId}.`);
  return { manifest, streamIds, firstEventIds };
};
