import type { LogFilter } from '../event-store/event-store.port';
import { splitList } from './common-params';
import { invalidValue } from '../shared/api-error';

/** The resource filters a client gives events/query or the live stream (validated strings of the query). */
export interface ResourceFilters {
  eventTypes?: string;
  resourceId?: string;
  relatedResourceId?: string;
}

/**
 * What events/query and the live stream (two contexts, one set of query parameters) read of the log: the caller's marketplace, its public events only, and the
 * client's filters. Refuses resourceId with relatedResourceId (400, source.path relatedResourceId).
 */
export const publicLogFilter = (marketplaceId: string, q: ResourceFilters, createdAtStart?: string): LogFilter => {
  if (q.resourceId !== undefined && q.relatedResourceId !== undefined)
    throw invalidValue(['relatedResourceId'], 'query', 'Give resourceId or relatedResourceId, not both.');
  return {
    marketplaceId,
    publicOnly: true,
    eventTypes: q.eventTypes ? splitList(q.eventTypes) : undefined,
    resourceId: q.resourceId,
    relatedResourceId: q.relatedResourceId,
    ...(createdAtStart !== undefined ? { createdAtStart } : {}),
  };
};
