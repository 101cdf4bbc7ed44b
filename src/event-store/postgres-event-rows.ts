import { decodeStored } from '../shared/stored-json';
import type { EventMetadata, RecordedEvent } from './event-store.port';

/** Data and metadata as their stored text (a `json` column would otherwise be parsed as plain JSON, losing types). */
export const EVENT_COLUMNS = 'position, id, stream_id, revision, type, data::text AS data, metadata::text AS metadata';

export interface EventRow {
  /** bigint: node-postgres answers it as a string. */
  position: string;
  id: string;
  stream_id: string;
  revision: number;
  type: string;
  data: string;
  metadata: string;
}

/**
 * Data and metadata (the resource view, the bulk of an event) are decoded on first access, as the embedded store
 * does: folding a stream reads only `data`, and a subscriber passing over an event reads neither.
 */
export const toRecorded = (row: EventRow): RecordedEvent => {
  let data: unknown;
  let metadata: EventMetadata | undefined;
  return {
    id: row.id,
    streamId: row.stream_id,
    revision: row.revision,
    position: Number(row.position),
    type: row.type,
    get data(): unknown {
      data ??= decodeStored(row.data);
      return data;
    },
    get metadata(): EventMetadata {
      metadata ??= decodeStored(row.metadata) as EventMetadata;
      return metadata;
    },
  };
};
