import type { PostgresDatabase } from '../infrastructure/postgres-database';
import type { ReadAllOptions, RecordedEvent, Subscription } from './event-store.port';
import type { RecentEvents } from './recent-events';

/** Events per read of a subscription. */
const BATCH = 500;
/** The fallback when a NOTIFY is lost (the listening connection dropped and is being opened again). */
const POLL_MS = 1000;

/**
 * Catch-up subscriptions to the PostgreSQL log. Appends through this instance wake them at once; appends of other
 * instances (and the CLI) wake them through LISTEN/NOTIFY (the append notifies in its transaction, so the
 * notification arrives after the commit); a poll every second covers a lost connection. Reading `position > after`
 * in position order is exact because appends commit in position order (the append lock of PostgresEventStore).
 *
 * Every subscription (a dozen reactors and engines) reads the same new events after each append: a batch of paid
 * bookings made ~13 reads of the log, each returning the same rows with their resources, the largest share of the
 * statements. What this instance appended is answered from memory (`RecentEvents`) up to the highest head a wake
 * has announced, when memory holds every event up to it; a wake without a head (the poll, the first read) and
 * whatever another instance appended are read from the log.
 */
export class PostgresLogSubscriptions {
  private readonly wakers = new Set<(head?: number) => void>();
  private listener: Promise<{ close(): Promise<void> } | null> | null = null;
  private closed = false;
  /** The highest head announced by a wake: the events up to it are committed. */
  private knownHead = 0;

  constructor(
    private readonly db: PostgresDatabase,
    private readonly channel: string,
    private readonly readAll: (options: ReadAllOptions) => Promise<RecordedEvent[]>,
    private readonly own: { recent: RecentEvents; instance: string } | null = null,
  ) {}

  /** `head`: the log's head after the append that wakes them (a subscription already there reads nothing). */
  wake(head?: number): void {
    if (head !== undefined && head > this.knownHead) this.knownHead = head;
    for (const wake of this.wakers) wake(head);
  }

  /**
   * The events after `after` up to the known head, from memory; null (read the log) when memory does not hold all
   * of them, or when no wake announced a head past `after`: a subscription catching up reads past every head
   * announced since it started.
   */
  private fromMemory(after: number): RecordedEvent[] | null {
    return this.own && this.knownHead > after ? this.own.recent.batch(after, this.knownHead, BATCH) : null;
  }

  subscribe(after: number, onEvents: (events: RecordedEvent[]) => Promise<void>): Subscription {
    this.ensureListening();
    let position = after;
    let closed = false;
    let running = false;
    let again = false;
    /** Set by a wake that announced no head (the poll, the first read): the next read goes to the log. */
    let readLog = true;
    const pump = async (): Promise<void> => {
      if (running) {
        again = true;
        return;
      }
      running = true;
      try {
        do {
          again = false;
          for (;;) {
            const remembered = readLog ? null : this.fromMemory(position);
            readLog = false;
            const batch = remembered ?? (await this.readAll({ after: position, limit: BATCH }));
            if (closed || batch.length === 0) break;
            await onEvents(batch);
            position = batch[batch.length - 1].position;
            // The head as of that read: what commits later wakes this pump again (`again`).
            if (batch.length < BATCH) break;
          }
        } while (again && !closed);
      } finally {
        running = false;
      }
    };
    // A failed read (the server restarting) is tried again at the next wake or poll.
    // A wake names the head it announces: a subscription already there does not read again. Reads are what a
    // command's batch competes with for pooled connections.
    const wake = (head?: number) => {
      if (head !== undefined && head <= position) return;
      if (head === undefined) readLog = true;
      void pump().catch(() => undefined);
    };
    this.wakers.add(wake);
    const timer = setInterval(() => wake(), POLL_MS);
    timer.unref();
    wake();
    return {
      close: async () => {
        closed = true;
        clearInterval(timer);
        this.wakers.delete(wake);
      },
    };
  }

  /** One LISTEN connection per store, opened with the first subscription and again after it drops. */
  private ensureListening(): void {
    if (this.listener || this.closed) return;
    const reopen = () => {
      const current = this.listener;
      this.listener = null;
      void current?.then((l) => l?.close());
      if (!this.closed && this.wakers.size > 0) setTimeout(() => this.ensureListening(), POLL_MS).unref();
    };
    this.listener = this.db.listen(this.channel, (payload) => this.notified(payload), reopen).catch(() => {
      reopen();
      return null;
    });
  }

  /**
   * A NOTIFY: `<head>:<instance>` (or `<head>` from an older release). This instance's own is passed over: its commit
   * wakes the subscriptions itself once the events are in memory, and the NOTIFY often arrives before that, when
   * memory cannot answer yet (every subscription read the log instead). If that commit's answer was lost, the poll reads.
   */
  private notified(payload: string | undefined): void {
    const match = payload ? /^(\d+)(?::(.+))?$/.exec(payload) : null;
    if (match && this.own && match[2] === this.own.instance) return;
    this.wake(match ? Number(match[1]) : undefined);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.wakers.clear();
    const listener = await this.listener;
    this.listener = null;
    await listener?.close();
  }
}
