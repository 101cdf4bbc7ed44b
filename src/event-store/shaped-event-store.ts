import { EventShapes, UpcastTally } from '../shared/event-shapes';
import type { AppendHooks, AppendResult, EventStore, EventViewFormat, ReadAllOptions, RecordedEvent, StreamAppend, Subscription } from './event-store.port';

/**
 * The event store as every reader of the port sees it: the same log, each event in its type's current shape. It
 * stamps what is appended with the version its type is written in, and brings what is read up to date through the
 * contexts' upcasters (src/shared/event-shapes.ts), whatever the engine: SQLite, PostgreSQL and KurrentDB adapters
 * store and return events as they were written and know nothing of shapes.
 *
 * The command runner (folds), reactors, the scheduler, webhooks, events/query, the CLI and the catch-up projection
 * engine read through it. What reads the log beside the port (the inline engines' hooks into the append, the
 * embedded rebuild's raw scan, events/query's stored views) applies the same EventShapes: see projectBatch,
 * projections/newest-first.ts and the adapters' view caches.
 */
export class ShapedEventStore<S extends EventStore = EventStore> implements EventStore {
  readonly readEventViews?: (options: ReadAllOptions, format: EventViewFormat) => Promise<Buffer>;
  readonly removeMarketplace?: (marketplaceId: string) => Promise<number>;
  private tally = new UpcastTally();

  constructor(
    /** The adapter: the log as stored, old shapes included (the inline engines' hooks, golden-log imports). */
    readonly stored: S,
    readonly shapes: EventShapes,
  ) {
    // The views' caches are made from current shapes (the adapters are given the same EventShapes).
    if (stored.readEventViews) this.readEventViews = (options, format) => stored.readEventViews!(options, format);
    if (stored.removeMarketplace) this.removeMarketplace = (marketplaceId) => stored.removeMarketplace!(marketplaceId);
  }

  async append(appends: StreamAppend[], hooks?: AppendHooks): Promise<AppendResult> {
    return this.stored.append(
      appends.map((a) => ({ ...a, events: a.events.map((e) => this.shapes.stamp(e)) })),
      hooks,
    );
  }

  async readStream(streamId: string, fromRevision?: number): Promise<RecordedEvent[]> {
    return this.current(await this.stored.readStream(streamId, fromRevision));
  }

  async readAll(options: ReadAllOptions): Promise<RecordedEvent[]> {
    return this.current(await this.stored.readAll(options));
  }

  async readLast(limit: number, filter?: ReadAllOptions['filter']): Promise<RecordedEvent[]> {
    return this.current(await this.stored.readLast(limit, filter));
  }

  headPosition(): Promise<number> {
    return this.stored.headPosition();
  }

  subscribeToAll(after: number, onEvents: (events: RecordedEvent[]) => Promise<void>): Subscription {
    return this.stored.subscribeToAll(after, (events) => onEvents(this.current(events)));
  }

  close(): Promise<void> {
    return this.stored.close();
  }

  /** Counts the events upcast from now on (what `rebuild` reports): the tally it returns. */
  countUpcasts(): UpcastTally {
    this.tally = new UpcastTally();
    return this.tally;
  }

  /** Where the events this store upcasts are counted (a reader beside the port, such as the embedded rebuild, adds its own). */
  get upcasts(): UpcastTally {
    return this.tally;
  }

  private current(events: RecordedEvent[]): RecordedEvent[] {
    return events.map((e) => this.shapes.current(e, this.tally));
  }
}

/** The adapter under a shaped store (the rebuild picks its engine's fast path by the adapter). */
export const storedLog = (events: EventStore): EventStore => (events instanceof ShapedEventStore ? events.stored : events);
