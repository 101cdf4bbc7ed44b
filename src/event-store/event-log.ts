import { conflict } from '../shared/api-error';
import type { ProjectionEngine } from '../../projections/projection-engine';
import {
  AppendResult,
  EventStore,
  ExpectedRevision,
  RecordedEvent,
  StreamAppend,
  WrongExpectedRevisionError,
} from './event-store.port';

export interface LoadedStream {
  events: RecordedEvent[];
  /** What to pass as expectedRevision when appending after these events. */
  expectedRevision: ExpectedRevision;
}

/**
 * What command handlers talk to: the event store plus the projection engine. A command's append returns only
 * after its events are durable *and* visible to reads (design invariant 1).
 */
export class EventLog {
  constructor(
    readonly store: EventStore,
    private readonly projections: ProjectionEngine,
  ) {}

  async load(streamId: string): Promise<LoadedStream> {
    const events = await this.store.readStream(streamId);
    return { events, expectedRevision: events.length === 0 ? 'no_stream' : events[events.length - 1].revision };
  }

  async append(appends: StreamAppend[]): Promise<AppendResult> {
    const result = await this.store.append(appends.filter((a) => a.events.length > 0));
    await this.projections.waitFor(result.position);
    return result;
  }

  /**
   * Runs load → decide → append again when another command appended to one of the streams in between
   * (design invariant 2). `onConflict` may turn a conflict into a domain error (an email guard into email-taken);
   * otherwise, after the attempts, the client gets 409.
   */
  async retrying<T>(
    attempt: () => Promise<T>,
    onConflict?: (error: WrongExpectedRevisionError) => Error | undefined | Promise<Error | undefined>,
    attempts = 5,
  ): Promise<T> {
    for (let i = 1; ; i += 1) {
      try {
        return await attempt();
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
        const mapped = await onConflict?.(error);
        if (mapped) throw mapped;
        if (i >= attempts) throw conflict('conflict', 'The resource was changed concurrently; try again.');
      }
    }
  }
}
