import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { EVENT_STORE, EventStore, RecordedEvent, Subscription } from '../event-store/event-store.port';

/** What the hub hands each batch to (a live stream connection), synchronously: it must never wait on its client. */
export interface LiveListener {
  onEvents(events: RecordedEvent[]): void;
  /** The instance is shutting down: end the stream. */
  shutdown(): void;
}

/**
 * The log's live events for every live-stream connection of this instance: one log subscription
 * (`EventStore.subscribeToAll`, as the reactors have), opened with the first connection and closed with the last,
 * fanned out to the connections. N clients cost one read of each new batch, not N subscriptions polling the log.
 * A read: every instance serves its own clients, no lease.
 */
@Injectable()
export class LiveEvents implements OnModuleDestroy {
  private readonly listeners = new Set<LiveListener>();
  private subscription: Subscription | null = null;
  private starting: Promise<void> | null = null;
  /** Bumped by each (re)start, so a closed subscription's late batch reaches no one. */
  private generation = 0;
  /** The last position handed to the listeners: a joiner reads the log up to here, the hub brings what follows. */
  private position = 0;

  constructor(@Inject(EVENT_STORE) private readonly log: EventStore) {}

  /**
   * Adds a listener and answers the position up to which it must read the log itself: every later event reaches
   * it through onEvents (a few at or below that position may reach it too, while it joins: it skips those).
   */
  async join(listener: LiveListener): Promise<number> {
    this.listeners.add(listener);
    this.starting ??= this.start();
    await this.starting;
    return this.position;
  }

  leave(listener: LiveListener): void {
    this.listeners.delete(listener);
    if (this.listeners.size === 0) this.stop();
  }

  get connections(): number {
    return this.listeners.size;
  }

  onModuleDestroy(): void {
    for (const listener of [...this.listeners]) listener.shutdown();
    this.listeners.clear();
    this.stop();
  }

  private async start(): Promise<void> {
    const generation = ++this.generation;
    const head = await this.log.headPosition();
    if (generation !== this.generation) return;
    this.position = head;
    this.subscription = this.log.subscribeToAll(head, async (events) => {
      if (generation !== this.generation) return;
      this.position = events[events.length - 1].position;
      for (const listener of [...this.listeners]) listener.onEvents(events);
    });
    // Every listener left while the subscription was opening.
    if (this.listeners.size === 0) this.stop();
  }

  private stop(): void {
    this.generation += 1;
    void this.subscription?.close();
    this.subscription = null;
    this.starting = null;
  }
}
