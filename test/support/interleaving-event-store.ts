import { setTimeout as sleep } from 'node:timers/promises';
import type { AppendResult, EventStore, LogFilter, ReadAllOptions, RecordedEvent, StreamAppend, Subscription } from '../../src/event-store/event-store.port';

/**
 * An event store decorator for concurrency tests. A read of a stream is held until another decision reads the same
 * stream (then both go on with the same revision) or `delayMs` passes, so concurrent decisions really interleave
 * between their read and their append however the requests happen to be spread in time (with the embedded store
 * alone they never do: its reads answer at once). `checkRevisions: false` drops every expectation, which is what a
 * store without optimistic concurrency would do: tests use it to show that their invariant can fail.
 */
export class InterleavingEventStore implements EventStore {
  constructor(
    private readonly inner: EventStore,
    /** `delayMs`: how long a read waits before it answers (0: one turn of the event loop). */
    private readonly options: { checkRevisions: boolean; delayMs?: number } = { checkRevisions: true },
  ) {}

  private readonly waiting = new Map<string, () => void>();

  async readStream(streamId: string, fromRevision?: number): Promise<RecordedEvent[]> {
    const events = await this.inner.readStream(streamId, fromRevision);
    const partner = this.waiting.get(streamId);
    if (partner) {
      this.waiting.delete(streamId);
      partner();
      return events;
    }
    let release = () => {};
    const paired = new Promise<void>((resolve) => (release = resolve));
    this.waiting.set(streamId, release);
    await Promise.race([paired, sleep(this.options.delayMs ?? 0)]);
    if (this.waiting.get(streamId) === release) this.waiting.delete(streamId);
    return events;
  }

  append(appends: StreamAppend[]): Promise<AppendResult> {
    return this.inner.append(this.options.checkRevisions ? appends : appends.map((a) => ({ ...a, expectedRevision: 'any' as const })));
  }

  readAll(options: ReadAllOptions): Promise<RecordedEvent[]> {
    return this.inner.readAll(options);
  }

  readLast(limit: number, filter?: LogFilter): Promise<RecordedEvent[]> {
    return this.inner.readLast(limit, filter);
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
