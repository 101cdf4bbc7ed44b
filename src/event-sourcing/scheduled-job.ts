import type { DomainEvent } from '../shared/decider';
import { internalStream, StreamModel, StreamRef } from './stream-model';

/**
 * "Run command C at time T", recorded as events on the job's own stream, so that it survives restarts and rebuilds:
 * the scheduled-jobs read model is derived from these events, and the job's stream decides whether it still runs.
 * Job ids are the caller's: a deterministic id (a hash of a transaction id and a transition) lets a later decision
 * cancel or reschedule the job without having stored its id anywhere.
 */

/** The job's stream: internal, per marketplace. */
export const jobStreamId = (marketplaceId: string, jobId: string): string => `${marketplaceId}:job-${jobId}`;

/** What runs: a command type registered in `ScheduledCommands` and its data. */
export interface ScheduledCommand {
  type: string;
  data: unknown;
}

export type ScheduledJobEvent =
  | DomainEvent<'job/scheduled', { jobId: string; dueAt: string; command: ScheduledCommand }>
  | DomainEvent<'job/cancelled', { jobId: string }>
  | DomainEvent<'job/ran', { jobId: string; ranAt: string }>
  | DomainEvent<'job/failed', { jobId: string; code: string; message: string }>;

export const JOB_EVENT_TYPES = ['job/scheduled', 'job/cancelled', 'job/ran', 'job/failed'] as const;

export type ScheduledJobStatus = 'none' | 'pending' | 'cancelled' | 'ran' | 'failed';

export interface ScheduledJobState {
  status: ScheduledJobStatus;
  jobId: string | null;
  /** ISO 8601 (`toISOString()`, so it sorts as text). */
  dueAt: string | null;
  command: ScheduledCommand | null;
  ranAt: string | null;
  failure: { code: string; message: string } | null;
}

export const scheduledJobModel: StreamModel<ScheduledJobState, ScheduledJobEvent> = {
  name: 'scheduled-job',
  initialState: () => ({ status: 'none', jobId: null, dueAt: null, command: null, ranAt: null, failure: null }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'job/scheduled':
        return { ...state, status: 'pending', jobId: event.data.jobId, dueAt: event.data.dueAt, command: event.data.command, failure: null };
      case 'job/cancelled':
        return { ...state, status: 'cancelled' };
      case 'job/ran':
        return { ...state, status: 'ran', ranAt: event.data.ranAt };
      case 'job/failed':
        return { ...state, status: 'failed', failure: { code: event.data.code, message: event.data.message } };
      default:
        return state;
    }
  },
};

/** The job's stream, for a decision's `streams` (`{ ..., expiry: jobStream(marketplaceId, jobId) }`). */
export const jobStream = (marketplaceId: string, jobId: string): StreamRef<ScheduledJobState, ScheduledJobEvent> =>
  internalStream(scheduledJobModel, jobStreamId(marketplaceId, jobId));

export interface JobRequest {
  jobId: string;
  /** When it is due; a time in the past runs at once. */
  dueAt: Date | string;
  command: ScheduledCommand;
}

/**
 * The events that schedule a job, for a decision over its stream. Scheduling a pending job again moves it to the
 * new time and command (nothing when they are the same); a cancelled job can be scheduled again; a job that ran
 * or failed is over, and scheduling it again is a no-op (a decision repeated with the same deterministic id).
 */
export const scheduleJob = (state: ScheduledJobState, request: JobRequest): ScheduledJobEvent[] => {
  const due = new Date(request.dueAt);
  if (Number.isNaN(due.getTime())) throw new Error(`job ${request.jobId}: invalid due time ${String(request.dueAt)}`);
  const dueAt = due.toISOString();
  if (state.status === 'ran' || state.status === 'failed') return [];
  if (state.status === 'pending' && state.dueAt === dueAt && sameCommand(state.command, request.command)) return [];
  return [{ type: 'job/scheduled', data: { jobId: request.jobId, dueAt, command: request.command } }];
};

/** The events that cancel a job: none unless it is pending (cancelling a job that ran or was cancelled is a no-op). */
export const cancelJob = (state: ScheduledJobState): ScheduledJobEvent[] =>
  state.status === 'pending' && state.jobId ? [{ type: 'job/cancelled', data: { jobId: state.jobId } }] : [];

/** The scheduler's own events: the job ran (appended with its command's events), or failed for good. */
export const jobRan = (state: ScheduledJobState, ranAt: Date): ScheduledJobEvent[] =>
  state.status === 'pending' && state.jobId ? [{ type: 'job/ran', data: { jobId: state.jobId, ranAt: ranAt.toISOString() } }] : [];

export const jobFailed = (state: ScheduledJobState, code: string, message: string): ScheduledJobEvent[] =>
  state.status === 'pending' && state.jobId ? [{ type: 'job/failed', data: { jobId: state.jobId, code, message } }] : [];

const sameCommand = (a: ScheduledCommand | null, b: ScheduledCommand): boolean =>
  a !== null && a.type === b.type && JSON.stringify(a.data) === JSON.stringify(b.data);
