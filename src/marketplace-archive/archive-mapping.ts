import { streams } from '../event-store/stream-names';
import { decodeStored } from '../shared/stored-json';
import { derivedUuid } from '../shared/ids';
import type { ArchivedEvent } from './archive-format';

const CLIENT_STREAM = 'client:';

/**
 * How an archive's events and blob keys land in the target store. As themselves by default; with `--as <id>`, as a
 * copy: the marketplace id and its API client ids (global: a client id names one marketplace in a store) are
 * replaced wherever they occur (stream names, data, metadata, views, blob keys), and every event gets an id derived
 * from the new marketplace and its old id (event ids are unique in a log; derived, so an interrupted copy resumes).
 */
export interface ArchiveMapping {
  readonly marketplaceId: string;
  /** Old client id → new (identity without --as). */
  readonly clientIds: ReadonlyMap<string, string>;
  event(line: string): ArchivedEvent;
  eventId(id: string): string;
  streamId(streamId: string): string;
  blobKey(key: string): string;
}

export const archiveMapping = (sourceId: string, streamIds: Iterable<string>, as?: string): ArchiveMapping => {
  const clients = [...streamIds].filter((s) => s.startsWith(CLIENT_STREAM)).map((s) => s.slice(CLIENT_STREAM.length));
  if (!as || as === sourceId)
    return {
      marketplaceId: sourceId,
      clientIds: new Map(clients.map((c) => [c, c])),
      event: (line) => decodeStored<ArchivedEvent>(line),
      eventId: (id) => id,
      streamId: (s) => s,
      blobKey: (k) => k,
    };
  const replacements = new Map<string, string>([[sourceId, as], ...clients.map((c): [string, string] => [c, derivedUuid(`${as}/client/${c}`)])]);
  const pattern = new RegExp([...replacements.keys()].map((k) => k.replace(/[-]/g, '\\-')).join('|'), 'g');
  const replace = (text: string) => text.replace(pattern, (found) => replacements.get(found)!);
  const eventId = (id: string) => derivedUuid(`${as}/event/${id}`);
  return {
    marketplaceId: as,
    clientIds: new Map(clients.map((c) => [c, replacements.get(c)!])),
    event: (line) => {
      const event = decodeStored<ArchivedEvent>(replace(line));
      return { ...event, id: eventId(event.id) };
    },
    eventId,
    streamId: replace,
    blobKey: replace,
  };
};

/** Streams an import leaves out: a webhook subscription's cursor is a position in the source's log and its signing keys derive from the source's TOKEN_SECRET. */
export const isLeftOutStream = (marketplaceId: string, streamId: string): boolean => streamId.startsWith(streams.webhookSubscription(marketplaceId, ''));
