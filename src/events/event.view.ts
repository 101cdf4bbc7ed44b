import type { RecordedEvent } from '../shared/log-events';
import type { Resource } from '../shared/resource';
import { Uuid, uuidOrNull } from '../shared/values';

/** What the view of an event reads: its id, type, log position and metadata (never its data). */
export type ViewedEvent = Pick<RecordedEvent, 'id' | 'type' | 'position' | 'metadata'>;

/** The Integration API `event` resource: the log entry as events/query shows it. */
export const eventView = (e: ViewedEvent): Resource => {
  const m = e.metadata;
  const audit = m.auditData;
  return {
    id: e.id,
    type: 'event',
    attributes: {
      createdAt: new Date(m.createdAt),
      sequenceId: e.position,
      marketplaceId: new Uuid(m.marketplaceId),
      eventType: e.type,
      source: m.source ?? null,
      resourceId: uuidOrNull(m.resourceId),
      resourceType: m.resourceType ?? null,
      resource: m.resource ?? null,
      previousValues: m.previousValues ?? null,
      auditData: {
        userId: uuidOrNull(audit?.userId),
        adminId: uuidOrNull(audit?.adminId),
        clientId: uuidOrNull(audit?.clientId),
        requestId: uuidOrNull(audit?.requestId),
      },
    },
  };
};
