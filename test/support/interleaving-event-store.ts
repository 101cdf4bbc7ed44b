import { setTimeout as sleep } from 'node:timers/promises';
import type { AppendResult, EventStore, ReadAllOptions, RecordedEvent, StreamAppend, Subscription } from '../../src/event-store/event-store.port';

/**
 * An event store decorator for concurrency tests. Each read of a stream yields to the event loop before it answers,
 * so concurrent decisions read the same revision and really interleave between their read and their append (with the
 * embedded store alone they never do: its reads answer at once). `checkRevisions: false` drops every expectation,
 * which is what a store without optimistic concurrency would do: tests use it to show that their invariant can fail.
 */
export class InterleavingEventStore implements EventStore {
  constructor(
    private readonly inner: EventStore,
    /** `delayMs`: how long a read waits before it answers (0: one turn of the event loop). */
    private readonly options: { checkRevisions: boolean; delayMs?: number } = { checkRevisions: true },
  ) {}

  async readStream(streamId: string, fromRevision?: number): Promise<RecordedEvent[]> {
    const events = await this.inner.readStream(streamId, fromRevision);
    await sleep(this.options.delayMs ?? 0);
    return events;
  }

  append(appends: StreamAppend[]): Promise<AppendResult> {
    return this.inner.append(this.options.checkRevisions ? appends : appends.map((a) => ({ ...a, expectedRevision: 'any' as const })));
  }

  readAll(options: ReadAllOptions): Promise<RecordedEvent[]> {
    return this.inner.readAll(options);
  }

  headPosition(): Promise<number> {
    return this.inner.headPosition();
  }

  subscribeToAll(after: number, onEvents: (events: RecordedEvent[]) => Promise<void>): Subscription {
    return this.inner.subscribeToAll(after, onEvents);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
