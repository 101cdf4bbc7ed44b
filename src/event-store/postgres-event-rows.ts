import type { RecordedEvent } from './event-store.port';
import { lazyRecordedEvent } from './lazy-recorded-event';

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

/** A row as a recorded event (data and metadata decoded on first access, as the embedded store does). */
export const toRecorded = (row: EventRow): RecordedEvent =>
  lazyRecordedEvent({ id: row.id, streamId: row.stream_id, revision: row.revision, position: Number(row.position), type: row.type }, row.data, row.metadata);
