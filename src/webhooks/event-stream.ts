import type { ServerResponse } from 'node:http';
import { encodeEventView } from '../events/event-view.encoding';
import { EventStore, LogFilter, matchesFilter, RecordedEvent } from '../event-store/event-store.port';
import type { LiveEvents, LiveListener } from './live-events';

export interface EventStreamOptions {
  /** events/query's filter: the caller's marketplace, public events, and the client's own filters. */
  filter: LogFilter;
  /** Send the events after this sequenceId (startAfterSequenceId, Last-Event-ID, or the head). */
  after: number;
  /** What the client may leave unread (WEBHOOK_STREAM_BUFFER_BYTES) before its stream ends. */
  bufferBytes: number;
  heartbeatMs: number;
}

/** Why a stream ended, in its last message (`event: end`). */
export type EndReason = 'buffer-full' | 'server-shutdown' | 'error';

const PAGE = 100;
/** How long an ended stream's last bytes may wait for the client before the connection is dropped. */
const END_GRACE_MS = 30_000;

/** One event's message, made once however many streams send it (the hub hands the same objects to every stream). */
const messages = new WeakMap<RecordedEvent, string>();
const messageOf = (event: RecordedEvent): string => {
  let message = messages.get(event);
  if (message === undefined) {
    message = `id: ${event.position}\nevent: event\ndata: ${encodeEventView(event, 'json')}\n\n`;
    messages.set(event, message);
  }
  return message;
};

/**
 * One client's Server-Sent Events stream: the events events/query would page through, from `after` on, then live.
 * It reads the log itself up to where the hub stood when it joined (pages, waiting for the client to drain each),
 * while the hub's newer events queue; then it sends the queue and every next batch as it comes. Live events are
 * never waited for: when the client has left `bufferBytes` unread (in the socket's and the response's buffers, or
 * queued during the catch-up), the stream ends with `event: end` {reason, lastSequenceId} and the client resumes
 * from lastSequenceId (Last-Event-ID) when it can keep up. The server's memory per client stays bounded.
 */
export class EventStream implements LiveListener {
  /** The sequenceId of the last event sent (the client's Last-Event-ID). */
  private lastSent: number;
  /** Live events that arrived during the catch-up; null once the stream is live. */
  private queue: RecordedEvent[] | null = [];
  private queuedBytes = 0;
  private ended = false;
  private heartbeat: NodeJS.Timeout | null = null;

  constructor(
    private readonly response: ServerResponse,
    private readonly hub: LiveEvents,
    private readonly log: EventStore,
    private readonly options: EventStreamOptions,
  ) {
    this.lastSent = options.after;
  }

  async run(): Promise<void> {
    this.response.on('close', () => this.stopListening());
    this.response.write(`retry: 1000\n: events after ${this.options.after}\n\n`);
    this.heartbeat = setInterval(() => this.sendIfRoom(': heartbeat\n\n'), this.options.heartbeatMs);
    this.heartbeat.unref();
    try {
      const until = await this.hub.join(this);
      await this.catchUp(until);
      if (this.response.writableLength >= this.options.bufferBytes) await this.drained();
      const queued = this.queue ?? [];
      this.queue = null;
      this.sendLive(queued);
    } catch {
      this.end('error');
    }
  }

  onEvents(events: RecordedEvent[]): void {
    if (this.ended) return;
    if (!this.queue) return this.sendLive(events);
    for (const event of events) {
      if (!matchesFilter(event, this.options.filter)) continue;
      this.queue.push(event);
      this.queuedBytes += Buffer.byteLength(messageOf(event));
    }
    if (this.queuedBytes > this.options.bufferBytes) this.end('buffer-full');
  }

  shutdown(): void {
    this.end('server-shutdown', 1000);
  }

  private async catchUp(until: number): Promise<void> {
    let after = this.lastSent;
    while (!this.ended && after < until) {
      const page = await this.log.readAll({ after, until, limit: PAGE, filter: this.options.filter });
      for (const event of page) this.send(event);
      if (page.length < PAGE) return;
      after = page[page.length - 1].position;
      if (this.response.writableLength >= this.options.bufferBytes) await this.drained();
    }
  }

  private sendLive(events: RecordedEvent[]): void {
    for (const event of events) {
      if (this.ended) return;
      // The hub may hand over, while the stream joins, events its catch-up read already.
      if (event.position <= this.lastSent || !matchesFilter(event, this.options.filter)) continue;
      if (this.response.writableLength + Buffer.byteLength(messageOf(event)) > this.options.bufferBytes) return this.end('buffer-full');
      this.send(event);
    }
  }

  private send(event: RecordedEvent): void {
    this.response.write(messageOf(event));
    this.lastSent = event.position;
  }

  private sendIfRoom(text: string): void {
    if (!this.ended && this.response.writableLength + Buffer.byteLength(text) <= this.options.bufferBytes) this.response.write(text);
  }

  private drained(): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        this.response.off('drain', done);
        this.response.off('close', done);
        resolve();
      };
      this.response.on('drain', done);
      this.response.on('close', done);
    });
  }

  /** The last message, past the buffer bound (it is small); a client that never reads it is dropped after a grace. */
  private end(reason: EndReason, graceMs = END_GRACE_MS): void {
    if (this.ended) return;
    this.stopListening();
    this.response.end(`event: end\ndata: ${JSON.stringify({ reason, lastSequenceId: this.lastSent })}\n\n`);
    const drop = setTimeout(() => this.response.destroy(), graceMs);
    drop.unref();
    this.response.once('close', () => clearTimeout(drop));
  }

  private stopListening(): void {
    if (this.ended) return;
    this.ended = true;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.queue = null;
    this.hub.leave(this);
  }
}
