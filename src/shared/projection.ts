import type { RecordedEvent } from '../event-store/event-store.port';
import type { ReadModelOp } from '../read-models/document-store.port';

/**
 * A projection is a value: a name (its checkpoint key), the event types it reads, and a pure function from one
 * event to read-model operations. Being pure, the same projection runs inline in the embedded append
 * transaction and in the catch-up runner of the production engines, and rebuilds give the same answers.
 */
export interface Projection {
  name: string;
  /** Exact event types, or 'all'. */
  eventTypes: readonly string[] | 'all';
  project(event: RecordedEvent): ReadModelOp[];
}

export const handles = (projection: Projection, eventType: string): boolean =>
  projection.eventTypes === 'all' || projection.eventTypes.includes(eventType);

/** Runs every projection over a batch: the ops in log order and each projection's new checkpoint. */
export const projectBatch = (
  projections: readonly Projection[],
  events: readonly RecordedEvent[],
  checkpoints: Record<string, number> = {},
): { ops: ReadModelOp[]; checkpoints: Record<string, number> } => {
  const ops: ReadModelOp[] = [];
  const next: Record<string, number> = {};
  for (const event of events) {
    for (const projection of projections) {
      if ((checkpoints[projection.name] ?? 0) >= event.position) continue;
      if (handles(projection, event.type)) ops.push(...projection.project(event));
      next[projection.name] = event.position;
    }
  }
  return { ops, checkpoints: next };
};
