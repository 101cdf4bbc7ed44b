import type { RecordedEvent } from '../shared/log-events';

/**
 * The newest events this process committed, kept in memory for the log's subscribers (reactors, catch-up
 * projections). After each commit every subscriber wakes and asks for the events it has not seen: without this,
 * each one read (and allocated) the same new rows again, which was the largest cost of a command after the commit
 * itself in the profile of `listings/create` (docs/performance.md).
 *
 * It holds every committed event with a position in (from, to], or says it cannot answer. A commit extends it
 * only when it began at `to` (the transaction holds the write lock, so nothing else was written in between);
 * otherwise another process (the CLI) wrote meanwhile and it starts over from there. Events of appends rolled back
 * (a failed expectation's savepoint) are never passed in, and a repeated append's events are old ones, filtered
 * out by position.
 */
export class RecentEvents {
  private events: RecordedEvent[] = [];
  private from = 0;
  private to = -1;

  constructor(private readonly capacity = 2048) {}

  /** A transaction that began with the log's head at `headBefore` committed `stored` (ascending positions). */
  committed(headBefore: number, stored: readonly RecordedEvent[]): void {
    if (headBefore !== this.to) {
      this.events = [];
      this.from = headBefore;
    }
    for (const event of stored) if (event.position > headBefore) this.events.push(event);
    this.to = this.events.length > 0 ? this.events[this.events.length - 1].position : headBefore;
    if (this.events.length > this.capacity) {
      const dropped = this.events.length - this.capacity;
      this.from = this.events[dropped - 1].position;
      this.events = this.events.slice(dropped);
    }
  }

  /** Something was written that this instance may not hold (a synchronous append): answer nothing until rebuilt. */
  forget(): void {
    this.events = [];
    this.to = -1;
  }

  /** Up to `limit` events with positions in (after, until], or null when not all of them are held here. */
  batch(after: number, until: number, limit: number): RecordedEvent[] | null {
    if (after < this.from || until > this.to) return null;
    let low = 0;
    let high = this.events.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (this.events[mid].position > after) high = mid;
      else low = mid + 1;
    }
    const out: RecordedEvent[] = [];
    for (let i = low; i < this.events.length && out.length < limit && this.events[i].position <= until; i++) out.push(this.events[i]);
    return out;
  }
}
