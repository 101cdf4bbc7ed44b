import type { EventStore } from '../event-store/event-store.port';
import { logPages } from '../event-store/log-pages';
import type { RecordedEvent } from '../shared/log-events';
import type { Resource } from '../shared/resource';

export interface ResourceAsOf {
  /** The Integration API view after the resource's last event at or before the sequenceId; null once deleted. */
  resource: Resource | null;
  lastEvent: RecordedEvent;
  eventCount: number;
}

const PAGE = 1000;

/**
 * A user, listing or transaction as it was at a sequenceId, read from the log and never from a read model, so
 * nothing is rebuilt and nothing changes: every public event carries the resource's Integration API view after it,
 * so the view after its last event at or before the sequenceId is the resource then. Null when it had no event yet.
 * Used by x-events/resource_as_of and the CLI's `events as-of`.
 */
export const resourceAsOf = async (log: EventStore, marketplaceId: string, resourceId: string, until: number): Promise<ResourceAsOf | null> => {
  const filter = { marketplaceId, publicOnly: true, resourceId };
  let last: RecordedEvent | undefined;
  let eventCount = 0;
  for await (const page of logPages(log, { until, limit: PAGE, filter })) {
    eventCount += page.length;
    last = page.at(-1);
  }
  if (!last) return null;
  const stored = (last.metadata.resource ?? null) as (Omit<Resource, 'id'> & { id: string | { uuid: string } }) | null;
  // The stored view keeps its typed values: its id is a Uuid, where an answer's resource names it by its text.
  const resource: Resource | null = stored && { ...stored, id: typeof stored.id === 'string' ? stored.id : stored.id.uuid };
  return { resource, lastEvent: last, eventCount };
};
