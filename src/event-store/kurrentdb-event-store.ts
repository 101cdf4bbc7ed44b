import {
  ANY,
  AllStreamResolvedEvent,
  AllStreamSubscription,
  AppendRecordSizeExceededError,
  AppendStreamState,
  CancelledError,
  DeadlineExceededError,
  BACKWARDS,
  END,
  EventData,
  excludeSystemEvents,
  eventTypeFilter,
  InvalidArgumentError,
  UnknownError,
  Filter,
  jsonEvent,
  KurrentDBClient,
  MaxAppendSizeExceededError,
  NO_STREAM,
  NotLeaderError,
  Position,
  ReadPosition,
  RecordedEvent as KurrentRecordedEvent,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  streamNameFilter,
  TimeoutError,
  TransactionMaxSizeExceededError,
  UnavailableError,
  WrongExpectedVersionError,
} from '@kurrent/kurrentdb-client';
import { randomUUID } from 'node:crypto';
import { decodeStored, encodeStored } from '../shared/stored-json';
import {
  AppendResult,
  AppendTooLargeError,
  AppendUnansweredError,
  EventMetadata,
  EventStore,
  ExpectedRevision,
  LogFilter,
  matchesFilter,
  NewEvent,
  ReadAllOptions,
  RecordedEvent,
  StreamAppend,
  Subscription,
  WrongExpectedRevisionError,
} from './event-store.port';
import { checkKurrentDbVersion } from './kurrentdb-server-version';
import { MARKETPLACES_STREAM, streams, tenantPrefix } from './stream-names';

/** Event data as stored: the Transit text, so Uuid, Money, Date... come back as the same types. */
type StoredData = { transit: string };

/**
 * Custom metadata as stored. String values only: multiStreamAppend rejects anything else. `marketplaceId` is
 * duplicated in clear so an operator can see the tenant of an event in the KurrentDB UI. (Type aliases, not
 * interfaces, so they are assignable to the client's JSON record types.)
 */
type StoredMetadata = { marketplaceId: string; metadata: string };

/** Streams whose names do not start with a marketplace id but whose events carry one (global directories). */
const GLOBAL_STREAM_PREFIXES = [streams.apiClient(''), MARKETPLACES_STREAM];

/** Upper bound of one $all read request; readAll pages until `limit` events matched. */
const MAX_PAGE = 1000;
/** How far headPosition looks back for an event written by this adapter. */
const HEAD_SCAN = 100;
const SUBSCRIPTION_BATCH = 500;
/** Live events buffered while the previous batch is being handled before the subscription is paused. */
const SUBSCRIPTION_HIGH_WATER = 2000;
const SUBSCRIPTION_RETRY_MS = 1000;

/**
 * The production event store: KurrentDB (EventStoreDB) over gRPC. The public `position` (`sequenceId`) is the
 * commit position in the transaction log, which is unique per event for implicit (non-TCP) transactions and
 * strictly increasing in $all order. Several streams are appended atomically with multiStreamAppend (25.1+).
 */
export class KurrentDbEventStore implements EventStore {
  private readonly client: KurrentDBClient;
  private readonly subscriptions = new Set<Subscription>();

  constructor(connectionString: string) {
    this.client = KurrentDBClient.connectionString(connectionString);
  }

  /** Connects and checks the server's version: older than KurrentDB 25.1 is refused at start-up with a clear message. */
  static async connect(connectionString: string): Promise<KurrentDbEventStore> {
    const store = new KurrentDbEventStore(connectionString);
    try {
      checkKurrentDbVersion(await store.serverVersion());
    } catch (error) {
      await store.close();
      throw error;
    }
    return store;
  }

  /** The version the server reports (the client asks it once per connection; "unknown" before 21.10). */
  async serverVersion(): Promise<string> {
    // The client keeps the server's features behind a protected getter; its own multiStreamAppend checks them too.
    const features = await (this.client as unknown as { capabilities: Promise<{ serverVersion: string }> }).capabilities;
    return features.serverVersion;
  }

  async append(appends: StreamAppend[]): Promise<AppendResult> {
    if (appends.length === 0) return { position: 0, revisions: {}, events: [] };
    const written = appends.map((a) => ({ append: a, data: a.events.map(toEventData) }));
    let revisions: Record<string, number>;
    try {
      revisions = appends.length === 1 ? await this.appendOne(written[0].append, written[0].data) : await this.appendMany(written);
    } catch (error) {
      // The same events (ids) stored before: a repeat after a lost answer, which KurrentDB's idempotence check does
      // not catch once the stream moved on or for multi-stream appends.
      const repeat = error instanceof WrongExpectedVersionError ? await this.storedRepeat(written) : null;
      if (repeat) revisions = repeat;
      else throw toPortError(error, appends);
    }
    const perStream = await Promise.all(
      written.map(({ append, data }) => this.recordedAfterAppend(append, data, revisions[append.streamId])),
    );
    const events = perStream.flat().sort((a, b) => a.position - b.position);
    return { position: events.at(-1)?.position ?? 0, revisions, events };
  }

  private async appendOne(append: StreamAppend, data: EventData[]): Promise<Record<string, number>> {
    const result = await this.client.appendToStream(append.streamId, data, {
      streamState: toStreamState(append.expectedRevision),
    });
    return { [append.streamId]: Number(result.nextExpectedRevision) };
  }

  private async appendMany(written: Array<{ append: StreamAppend; data: EventData[] }>): Promise<Record<string, number>> {
    const result = await this.client.multiStreamAppend(
      written.map(({ append, data }) => ({
        streamName: append.streamId,
        events: data,
        expectedState: toStreamState(append.expectedRevision),
      })),
    );
    return Object.fromEntries(result.responses.map((r) => [r.streamName, Number(r.revision)]));
  }

  /** The revisions of an append whose events (by id) are already in its streams at the expected revisions; else null. */
  private async storedRepeat(written: Array<{ append: StreamAppend; data: EventData[] }>): Promise<Record<string, number> | null> {
    const revisions: Record<string, number> = {};
    for (const { append, data } of written) {
      const first = append.expectedRevision === 'no_stream' ? 0 : typeof append.expectedRevision === 'number' ? append.expectedRevision + 1 : null;
      if (first === null || !append.events.every((e) => e.id)) return null;
      const stored: string[] = [];
      try {
        for await (const { event } of this.client.readStream(append.streamId, { fromRevision: BigInt(first), maxCount: data.length, requiresLeader: true })) {
          if (event) stored.push(event.id);
        }
      } catch (error) {
        if (error instanceof StreamNotFoundError) return null;
        throw error;
      }
      if (stored.length !== data.length || stored.some((id, i) => id !== data[i].id)) return null;
      revisions[append.streamId] = first + data.length - 1;
    }
    return revisions;
  }

  /**
   * The events just written, with their log positions. The append responses carry one position for the whole
   * call, not one per event, so the new revisions are read back from the leader (a follower may lag).
   */
  private async recordedAfterAppend(append: StreamAppend, data: EventData[], lastRevision: number): Promise<RecordedEvent[]> {
    if (data.length === 0) return [];
    const firstRevision = lastRevision - data.length + 1;
    const stored: KurrentRecordedEvent[] = [];
    for await (const resolved of this.client.readStream(append.streamId, {
      fromRevision: BigInt(firstRevision),
      maxCount: data.length,
      requiresLeader: true,
    })) {
      if (resolved.event) stored.push(resolved.event);
    }
    return append.events.map((event, i) => {
      const match = stored[i];
      if (!match || match.id !== data[i].id) {
        throw new Error(`KurrentDB: event ${data[i].id} not found at ${append.streamId}@${firstRevision + i} after append`);
      }
      return { ...event, id: match.id, streamId: append.streamId, revision: firstRevision + i, position: positionOf(match) };
    });
  }

  async readStream(streamId: string, fromRevision = 0): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(streamId, { fromRevision: fromRevision > 0 ? BigInt(fromRevision) : START })) {
        const recorded = resolved.event && toRecorded(resolved.event);
        if (recorded) events.push(recorded);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  /**
   * Pages through $all from `after`. KurrentDB's fromPosition is inclusive, so the event at `after` itself is
   * skipped. The coarse filter runs on the server (the tenant's stream prefix, or event-type prefixes); the exact
   * one here, in pages of up to 1,000 events when it narrows further.
   *
   * KurrentDB refuses positions that do not point at a record, and clients of events/query may send any number:
   * on that refusal alone (not on an outage) the read starts at the newest record at or before `after`, found by
   * reading backwards from the end. `createdAtStart` without `after` is found the same way (backwards from the
   * end until an older event), so the usual poll of recent events never reads the tenant's whole history.
   */
  async readAll({ after = 0, until, limit, filter }: ReadAllOptions): Promise<RecordedEvent[]> {
    const matched: RecordedEvent[] = [];
    const coarse = serverSideFilter(filter);
    const narrower = filter !== undefined && Boolean(filter.publicOnly || filter.resourceId || filter.relatedResourceId || filter.createdAtStart || (filter.marketplaceId && filter.eventTypes?.length));
    let from: ReadPosition = after > 0 ? toReadPosition(after) : START;
    if (after === 0 && filter?.createdAtStart) from = await this.recordBefore(coarse, (e) => e.metadata.createdAt < filter.createdAtStart!);
    let seen = after;
    while (matched.length < limit) {
      // +1: the first event of a page may be the (already seen) event at `from`.
      const pageSize = narrower ? MAX_PAGE : Math.min(MAX_PAGE, limit - matched.length + 1);
      const page: AllStreamResolvedEvent[] = [];
      try {
        for await (const resolved of this.client.readAll({ fromPosition: from, maxCount: pageSize, filter: coarse })) {
          page.push(resolved);
        }
      } catch (error) {
        if (from === START || seen !== after || !isInvalidPosition(error)) throw error;
        from = await this.recordBefore(coarse, (e) => e.position <= after);
        continue;
      }
      for (const { event } of page) {
        if (!event) continue;
        const position = Number(event.position.commit);
        if (position <= seen) continue;
        if (until !== undefined && position > until) return matched;
        seen = position;
        from = event.position;
        const recorded = toRecorded(event);
        if (recorded && matchesFilter(recorded, filter)) {
          matched.push(recorded);
          if (matched.length >= limit) return matched;
        }
      }
      if (page.length < pageSize) break;
    }
    return matched;
  }

  /** The newest record (of the coarse filter) for which `older` holds, reading backwards from the end; START if none. */
  private async recordBefore(coarse: Filter, older: (event: RecordedEvent) => boolean): Promise<ReadPosition> {
    for await (const { event } of this.client.readAll({ direction: BACKWARDS, fromPosition: END, filter: coarse, maxCount: Number.MAX_SAFE_INTEGER })) {
      const recorded = event && toRecorded(event);
      if (recorded && older(recorded)) return event.position!;
    }
    return START;
  }

  async readLast(limit: number, filter?: LogFilter): Promise<RecordedEvent[]> {
    const found: RecordedEvent[] = [];
    if (limit <= 0) return found;
    for await (const { event } of this.client.readAll({ direction: BACKWARDS, fromPosition: END, filter: serverSideFilter(filter), maxCount: Number.MAX_SAFE_INTEGER })) {
      const recorded = event && toRecorded(event);
      if (recorded && matchesFilter(recorded, filter)) found.push(recorded);
      if (found.length >= limit) break;
    }
    return found.reverse();
  }

  async headPosition(): Promise<number> {
    for await (const { event } of this.client.readAll({
      direction: BACKWARDS,
      fromPosition: END,
      maxCount: HEAD_SCAN,
      filter: excludeSystemEvents(),
    })) {
      if (event && toRecorded(event)) return Number(event.position.commit);
    }
    return 0;
  }

  /**
   * Catch-up subscription to $all. Events are queued as they arrive and handed over in batches, one batch at a
   * time; the gRPC stream is paused while the queue is full. If the stream fails or ends, or a handler fails, the
   * subscription restarts after a pause from the last position handled successfully, so no event is skipped.
   */
  subscribeToAll(after: number, onEvents: (events: RecordedEvent[]) => Promise<void>): Subscription {
    let handled = after;
    let closed = false;
    let current: AllStreamSubscription | null = null;
    let retry: NodeJS.Timeout | undefined;

    const start = (): void => {
      const sub = this.client.subscribeToAll({ fromPosition: toReadPosition(handled), filter: excludeSystemEvents() });
      current = sub;
      const queue: RecordedEvent[] = [];
      let queued = handled;
      let draining = false;

      const restart = (): void => {
        if (current !== sub) return;
        current = null;
        void sub.unsubscribe().catch(() => undefined);
        if (!closed) retry = setTimeout(start, SUBSCRIPTION_RETRY_MS);
      };
      const drain = async (): Promise<void> => {
        if (draining) return;
        draining = true;
        try {
          while (queue.length > 0 && current === sub) {
            const batch = queue.splice(0, SUBSCRIPTION_BATCH);
            await onEvents(batch);
            handled = batch[batch.length - 1].position;
            if (queue.length < SUBSCRIPTION_HIGH_WATER) sub.resume();
          }
        } catch {
          // The port has no error channel: like the SQLite adapter, retry the batch later rather than skip it.
          restart();
        } finally {
          draining = false;
        }
      };

      sub.on('data', ({ event }: AllStreamResolvedEvent) => {
        if (!event || current !== sub) return;
        const recorded = toRecorded(event);
        // A subscription from a position may repeat the event at that position.
        if (!recorded || recorded.position <= queued) return;
        queued = recorded.position;
        queue.push(recorded);
        if (queue.length >= SUBSCRIPTION_HIGH_WATER) sub.pause();
        void drain();
      });
      sub.on('error', restart);
      // The server may also end the stream without an error (shutdown, leader change).
      sub.on('close', restart);
    };

    start();
    const subscription: Subscription = {
      close: async () => {
        closed = true;
        clearTimeout(retry);
        this.subscriptions.delete(subscription);
        const sub = current;
        current = null;
        await sub?.unsubscribe();
      },
    };
    this.subscriptions.add(subscription);
    return subscription;
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((s) => s.close()));
    await this.client.dispose();
  }
}

const toEventData = (event: NewEvent): EventData => {
  const data: StoredData = { transit: encodeStored(event.data) };
  const metadata: StoredMetadata = { marketplaceId: event.metadata.marketplaceId, metadata: encodeStored(event.metadata) };
  return jsonEvent({ id: event.id ?? randomUUID(), type: event.type, data, metadata });
};

const isStoredData = (value: unknown): value is StoredData =>
  typeof value === 'object' && value !== null && typeof (value as StoredData).transit === 'string';

const isStoredMetadata = (value: unknown): value is StoredMetadata =>
  typeof value === 'object' && value !== null && typeof (value as StoredMetadata).metadata === 'string';

const positionOf = (event: KurrentRecordedEvent): number => {
  if (!event.position) throw new Error(`KurrentDB returned event ${event.id} without a log position (server 22.6+ required)`);
  return Number(event.position.commit);
};

/** Null for system events and for events this adapter did not write (a shared server may hold others). */
const toRecorded = (event: KurrentRecordedEvent): RecordedEvent | null => {
  if (event.type.startsWith('$') || !isStoredData(event.data) || !isStoredMetadata(event.metadata)) return null;
  return {
    id: event.id,
    streamId: event.streamId,
    revision: Number(event.revision),
    position: positionOf(event),
    type: event.type,
    data: decodeStored(event.data.transit),
    metadata: decodeStored<EventMetadata>(event.metadata.metadata),
  };
};

/**
 * KurrentDB's answer to a read from a position that is not a record's: gRPC INVALID_ARGUMENT through the gRPC
 * client, or (client 1.3+, reads through its native bridge) an `UnknownError` without a code whose raw error names
 * the invalid argument or position.
 */
export const isInvalidPosition = (error: unknown): boolean => {
  if (error instanceof InvalidArgumentError) return true;
  if (typeof error !== 'object' || error === null) return false;
  if ((error as { code?: unknown }).code === 3) return true;
  const raw = (error as { _raw?: { name?: unknown; message?: unknown } })._raw;
  const text = `${String(raw?.name ?? '')} ${String(raw?.message ?? (error as Error).message ?? '')}`;
  return error instanceof UnknownError && /invalid.?(argument|position)/i.test(text);
};

const toReadPosition = (position: number): ReadPosition =>
  position > 0 ? { commit: BigInt(position), prepare: BigInt(position) } : START;

const toStreamState = (expected: ExpectedRevision): AppendStreamState => {
  switch (expected) {
    case 'any':
      return ANY;
    case 'no_stream':
      return NO_STREAM;
    case 'stream_exists':
      return STREAM_EXISTS;
    default:
      return BigInt(expected);
  }
};

const fromStreamState = (state: AppendStreamState): ExpectedRevision =>
  typeof state === 'bigint' ? Number(state) : state;

/**
 * The client's errors as the port's: wrong expected versions (single and multi-stream appends) are conflicts; an
 * append that got no answer may have been written (the runner repeats it with the same ids); a size limit is the
 * client's error, not the server's.
 */
const toPortError = (error: unknown, appends: StreamAppend[]): unknown => {
  if (error instanceof MaxAppendSizeExceededError) return new AppendTooLargeError(null, error.maxAppendSize);
  if (error instanceof AppendRecordSizeExceededError || error instanceof TransactionMaxSizeExceededError) return new AppendTooLargeError(error.size, error.maxSize);
  if ([UnavailableError, DeadlineExceededError, TimeoutError, CancelledError, NotLeaderError].some((type) => error instanceof type)) {
    return new AppendUnansweredError(`KurrentDB did not answer the append: ${(error as Error).message}`, error);
  }
  if (!(error instanceof WrongExpectedVersionError)) return error;
  const append = appends.find((a) => a.streamId === error.streamName) ?? (appends.length === 1 ? appends[0] : undefined);
  const streamId = append?.streamId ?? error.streamName;
  const expected = append?.expectedRevision ?? fromStreamState(error.expectedState);
  const actual = error.actualState === NO_STREAM ? 'no_stream' : Number(error.actualState);
  return new WrongExpectedRevisionError(streamId, expected, actual);
};

/**
 * A coarse server-side filter that never drops an event `matchesFilter` would keep; the exact filter runs
 * client-side. The tenant filter relies on the stream naming rule (stream-names.ts): a tenant's events live in
 * streams prefixed with its id, or in the global directory streams.
 */
const serverSideFilter = (filter: LogFilter | undefined): Filter => {
  if (filter?.marketplaceId) {
    return streamNameFilter({ prefixes: [tenantPrefix(filter.marketplaceId), ...GLOBAL_STREAM_PREFIXES] });
  }
  if (filter?.eventTypes && filter.eventTypes.length > 0) {
    return eventTypeFilter({ prefixes: filter.eventTypes.map((t) => (t.includes('/') ? t : `${t}/`)) });
  }
  return excludeSystemEvents();
};
