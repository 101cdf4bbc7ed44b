import type { RecordedEvent } from '../event-store/event-store.port';
import type { ReadModelOp } from '../read-models/document-store.port';
import type { DocumentProjection } from './projection';
import { JOB_EVENT_TYPES, ScheduledCommand, ScheduledJobEvent } from './scheduled-job';

/** The pending jobs of every marketplace, in one collection under this marketplace id, for the scheduler. */
export const SCHEDULED_JOBS_COLLECTION = 'scheduled-job';
export const ALL_MARKETPLACES = '*';

/** A pending job as the scheduler reads it. Its document id is the job's stream id. */
export interface ScheduledJobDocument {
  jobId: string;
  marketplaceId: string;
  streamId: string;
  /** ISO 8601: sorts as text; also the document's `dueAt` field. */
  dueAt: string;
  command: ScheduledCommand;
  scheduledAt: string;
}

/** Pending jobs only: a job that ran, failed or was cancelled leaves the collection. */
export const scheduledJobsProjection: DocumentProjection = {
  name: 'scheduled-jobs',
  target: 'documents',
  eventTypes: JOB_EVENT_TYPES,
  project(event: RecordedEvent): ReadModelOp[] {
    const e = event as unknown as ScheduledJobEvent & RecordedEvent;
    if (e.type === 'job/scheduled') {
      const body: ScheduledJobDocument = {
        jobId: e.data.jobId,
        marketplaceId: event.metadata.marketplaceId,
        streamId: event.streamId,
        dueAt: e.data.dueAt,
        command: e.data.command,
        scheduledAt: event.metadata.createdAt,
      };
      return [
        {
          op: 'put',
          collection: SCHEDULED_JOBS_COLLECTION,
          document: { id: event.streamId, marketplaceId: ALL_MARKETPLACES, createdAt: event.metadata.createdAt, body, fields: { dueAt: e.data.dueAt } },
        },
      ];
    }
    return [{ op: 'delete', collection: SCHEDULED_JOBS_COLLECTION, marketplaceId: ALL_MARKETPLACES, id: event.streamId }];
  },
};
