import type { Database, Statement } from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { encodeStored } from '../shared/stored-json';
import {
  AppendHooks,
  AppendResult,
  EventMetadata,
  EventStore,
  EventViewFormat,
  LogFilter,
  ReadAllOptions,
  RecordedEvent,
  StreamAppend,
  Subscription,
  WrongExpectedRevisionError,
} from './event-store.port';
import { lazyRecordedEvent } from './lazy-recorded-event';
import { RecentEvents } from './recent-events';
import { SqliteEventViews } from './sqlite-event-views';
import { eventViewTexts } from '../events/event-view.encoding';
import { EventShapes, NO_UPCASTS } from '../shared/event-shapes';
import type { WalGroupCommit } from './wal-group-commit';

/**
 * Runs inside the append transaction, after the events are inserted: embedded mode applies projections here,
 * so a read that follows a command sees it (docs/invariants.md, invariant 1).
 */
export type InlineProjector = (events: RecordedEvent[]) => void;

interface EventRow {
  position: number;
  id: string;
  stream_id: string;
  revision: number;
  type: string;
  data: string;
  metadata: string;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS events (
  position      INTEGER PRIMARY KEY AUTOINCREMENT,
  id            TEXT NOT NULL UNIQUE,
  stream_id     TEXT NOT NULL,
  revision      INTEGER NOT NULL,
  type          TEXT NOT NULL,
  marketplace_id TEXT NOT NULL,
  public        INTEGER NOT NULL,
  resource_id   TEXT,
  created_at    TEXT NOT NULL,
  data          TEXT NOT NULL,
  metadata      TEXT NOT NULL,
  UNIQUE (stream_id, revision)
);
-- A tenant's log in order with what events/query filters on and the event id its stored views are checked
-- against (sqlite-event-views.ts), so a page's events are found on the index alone. It replaces events_tenant
-- (the same without type, created_at and id) and events_tenant_log (without id).
DROP INDEX IF EXISTS events_tenant;
DROP INDEX IF EXISTS events_tenant_log;
CREATE INDEX IF NOT EXISTS events_public_log ON events (marketplace_id, public, position, type, created_at, id);
CREATE INDEX IF NOT EXISTS events_resource ON events (marketplace_id, resource_id, position);
CREATE TABLE IF NOT EXISTS event_related (
  position    INTEGER NOT NULL,
  related_id  TEXT NOT NULL,
  PRIMARY KEY (related_id, position)
) WITHOUT ROWID;
`;

/**
 * The embedded event store: one `events` table in a WAL-mode SQLite file. The global position is the row id,
 * so `sequenceId` order is insertion order. Several streams are appended in one SQLite transaction; the
 * UNIQUE (stream_id, revision) constraint is the last line of defence against a lost update even when another
 * process (the operator CLI) writes to the same file.
 */
export class SqliteEventStore implements EventStore {
  private readonly insert: Statement;
  private readonly insertRelated: Statement;
  private readonly lastRevision: Statement;
  private readonly selectStream: Statement;
  private readonly selectHead: Statement;
  private readonly selectById: Statement;
  private inlineProjector: InlineProjector | null = null;
  private readonly logQueries = new Map<string, Statement>();
  private readonly listeners = new Set<() => void>();
  private eventViews: SqliteEventViews | undefined;
  private lastSubscriberBatch: { after: number; until: number; events: RecordedEvent[] } | null = null;
  private readonly recent = new RecentEvents();
  private pending: Array<{ appends: StreamAppend[]; hooks: AppendHooks; resolve(result: AppendResult): void; reject(error: unknown): void }> = [];

  /**
   * @param groupCommit when given (SQLITE_SYNCHRONOUS=FULL: the connection itself commits with NORMAL), an append
   * resolves only once its events are flushed to disk, and subscribers read only what is.
   */
  constructor(
    private readonly db: Database,
    private readonly groupCommit: WalGroupCommit | null = null,
    /** The shapes events/query's stored views are made in (the port's, src/event-store/shaped-event-store.ts). */
    private readonly shapes: EventShapes = NO_UPCASTS,
  ) {
    db.exec(SCHEMA);
    this.insert = db.prepare(
      `INSERT INTO events (id, stream_id, revision, type, marketplace_id, public, resource_id, created_at, data, metadata)
       VALUES (@id, @streamId, @revision, @type, @marketplaceId, @public, @resourceId, @createdAt, @data, @metadata)`,
    );
    this.insertRelated = db.prepare('INSERT OR IGNORE INTO event_related (position, related_id) VALUES (?, ?)');
    this.lastRevision = db.prepare('SELECT MAX(revision) AS revision FROM events WHERE stream_id = ?');
    this.selectStream = db.prepare('SELECT * FROM events WHERE stream_id = ? AND revision >= ? ORDER BY revision');
    this.selectHead = db.prepare('SELECT MAX(position) AS position FROM events');
    this.selectById = db.prepare('SELECT * FROM events WHERE id = ?');
  }

  setInlineProjector(projector: InlineProjector | null): void {
    this.inlineProjector = projector;
  }

  /**
   * Appends that arrive in the same turn of the event loop (the commands whose requests were read together, often
   * while the previous flush ran) are committed in one SQLite transaction, each in its own savepoint: a failed
   * expectation rolls back that append alone. One transaction writes each touched page to the WAL once, instead of
   * once per command; then one flush makes them all durable.
   */
  append(appends: StreamAppend[], hooks: AppendHooks = {}): Promise<AppendResult> {
    return new Promise((resolve, reject) => {
      this.pending.push({ appends, hooks, resolve, reject });
      if (this.pending.length === 1) setImmediate(() => void this.commitPending());
    });
  }

  private async commitPending(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    const outcomes: Array<{ result: AppendResult } | { error: unknown }> = [];
    let headBefore = 0;
    try {
      this.db
        .transaction(() => {
          headBefore = this.headPositionSync();
          for (const { appends } of batch) {
            try {
              outcomes.push({ result: this.commit(appends) });
            } catch (error) {
              outcomes.push({ error });
            }
          }
        })
        .immediate();
      this.recent.committed(headBefore, outcomes.flatMap((o) => ('result' in o ? o.result.events : [])));
    } catch (error) {
      for (const { reject } of batch) reject(error);
      return;
    }
    // Committed and visible here: refusals need no flush (nothing of theirs was written), and the appenders of the
    // others may decide their next command on a contended stream while the flush runs.
    batch.forEach(({ hooks, reject }, i) => {
      const outcome = outcomes[i];
      if ('error' in outcome) reject(outcome.error);
      else hooks.committed?.(outcome.result);
    });
    try {
      await this.groupCommit?.afterCommit(Math.max(0, ...outcomes.map((o) => ('result' in o ? o.result.position : 0))));
    } catch (error) {
      batch.forEach(({ reject }, i) => 'result' in outcomes[i] && reject(error));
      return;
    }
    this.notify();
    batch.forEach(({ resolve }, i) => {
      const outcome = outcomes[i];
      if ('result' in outcome) resolve(outcome.result);
    });
  }

  /** Synchronous append (one-off writers: the CLI, seeding): durable when it returns, like `append`. */
  appendSync(appends: StreamAppend[]): AppendResult {
    const result = this.commit(appends);
    this.recent.forget(); // its own transaction, outside the batches that keep RecentEvents whole
    this.groupCommit?.afterCommitSync(result.position);
    this.notify();
    return result;
  }

  removeMarketplace(marketplaceId: string): Promise<number> {
    const remove = this.db.transaction(() => {
      this.db.prepare('DELETE FROM event_related WHERE position IN (SELECT position FROM events WHERE marketplace_id = ?)').run(marketplaceId);
      // AUTOINCREMENT: SQLite never hands out a removed position again, even the head's.
      return this.db.prepare('DELETE FROM events WHERE marketplace_id = ?').run(marketplaceId).changes;
    });
    const removed = remove.immediate();
    this.recent.forget();
    return Promise.resolve(removed);
  }

  /**
   * One SQLite transaction (BEGIN IMMEDIATE, so writers queue), or a savepoint inside the batch's transaction. An
   * append that fails because it was already stored (the same event ids: a repeat after a lost answer) answers
   * what was stored, as KurrentDB's idempotent append does.
   */
  private commit(appends: StreamAppend[]): AppendResult {
    try {
      return this.commitOnce(appends);
    } catch (error) {
      const repeat = this.storedRepeat(appends);
      if (repeat) return repeat;
      throw error;
    }
  }

  /** The stored events of an append made before with the same ids, at the same streams and revisions; else null. */
  private storedRepeat(appends: StreamAppend[]): AppendResult | null {
    const events: RecordedEvent[] = [];
    const revisions: Record<string, number> = {};
    for (const append of appends) {
      for (const [i, event] of append.events.entries()) {
        if (!event.id) return null;
        const row = this.selectById.get(event.id) as EventRow | undefined;
        if (!row) return null;
        const stored = toRecorded(row);
        const first = append.expectedRevision === 'no_stream' ? 0 : typeof append.expectedRevision === 'number' ? append.expectedRevision + 1 : null;
        const expectedRevision = first === null ? stored.revision : first + i;
        if (stored.streamId !== append.streamId || stored.revision !== expectedRevision || stored.type !== event.type) return null;
        events.push(stored);
        revisions[append.streamId] = stored.revision;
      }
    }
    if (events.length === 0) return null;
    events.sort((a, b) => a.position - b.position);
    return { position: events.at(-1)!.position, revisions, events };
  }

  private commitOnce(appends: StreamAppend[]): AppendResult {
    return this.db
      .transaction((): AppendResult => {
        const recorded: RecordedEvent[] = [];
        const revisions: Record<string, number> = {};
        for (const append of appends) {
          const current = (this.lastRevision.get(append.streamId) as { revision: number | null }).revision;
          checkExpected(append, current);
          let revision = current ?? -1;
          for (const event of append.events) {
            revision += 1;
            recorded.push(this.insertEvent(append.streamId, revision, event.type, event.data, event.metadata, event.id));
          }
          revisions[append.streamId] = revision;
        }
        this.inlineProjector?.(recorded);
        return { position: recorded.at(-1)?.position ?? 0, revisions, events: recorded };
      })
      .immediate();
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }

  private insertEvent(streamId: string, revision: number, type: string, data: unknown, metadata: EventMetadata, id: string = randomUUID()) {
    const info = this.insert.run({
      id,
      streamId,
      revision,
      type,
      marketplaceId: metadata.marketplaceId,
      public: metadata.public ? 1 : 0,
      resourceId: metadata.resourceId ?? null,
      createdAt: metadata.createdAt,
      data: encodeStored(data),
      metadata: encodeStored(metadata),
    });
    const position = Number(info.lastInsertRowid);
    this.views.appended(position, id, type, metadata); // events/query's view of it, stored once (sqlite-event-views.ts)
    for (const related of metadata.relatedIds ?? []) this.insertRelated.run(position, related);
    return { id, streamId, revision, type, data, metadata, position };
  }

  readStream(streamId: string, fromRevision = 0): Promise<RecordedEvent[]> {
    return Promise.resolve(this.readStreamSync(streamId, fromRevision));
  }

  readStreamSync(streamId: string, fromRevision = 0): RecordedEvent[] {
    return Array.from(this.selectStream.all(streamId, fromRevision) as EventRow[], toRecorded);
  }

  readAll(options: ReadAllOptions): Promise<RecordedEvent[]> {
    return Promise.resolve(this.readAllSync(options));
  }

  readAllSync({ after = 0, until, limit, filter }: ReadAllOptions): RecordedEvent[] {
    const { from, where, params } = whereClause(after, until, filter);
    const key = `${from} ${where}`;
    let statement = this.logQueries.get(key);
    if (!statement) {
      // One statement per filter shape (not per value): a handful, prepared once.
      statement = this.db.prepare(`SELECT * FROM ${from} WHERE ${where} ORDER BY position LIMIT ?`);
      this.logQueries.set(key, statement);
    }
    // The SQL filter is exact (whereClause), so no event is decoded to be checked again.
    return Array.from(statement.all(...params, limit) as EventRow[], toRecorded);
  }

  async readLast(limit: number, filter?: LogFilter): Promise<RecordedEvent[]> {
    const { from, where, params } = whereClause(0, undefined, filter);
    const rows = this.db.prepare(`SELECT * FROM ${from} WHERE ${where} ORDER BY position DESC LIMIT ?`).all(...params, limit) as EventRow[];
    return rows.reverse().map(toRecorded);
  }

  readEventViews(options: ReadAllOptions, format: EventViewFormat): Promise<Buffer> {
    return Promise.resolve(this.readEventViewsSync(options, format));
  }

  /** events/query's page: the views of exactly the events readAllSync(options) returns, in the same order. */
  readEventViewsSync({ after = 0, until, limit, filter }: ReadAllOptions, format: EventViewFormat): Buffer {
    const { from, where, params } = whereClause(after, until, filter);
    return this.views.page(from, where, params, limit, format);
  }

  /** Created on first use: its statements need the schema the constructor creates (its file opens on first use too). */
  private get views(): SqliteEventViews {
    this.eventViews ??= new SqliteEventViews(this.db, eventViewTexts(this.shapes));
    return this.eventViews;
  }

  headPosition(): Promise<number> {
    return Promise.resolve(this.headPositionSync());
  }

  headPositionSync(): number {
    return (this.selectHead.get() as { position: number | null }).position ?? 0;
  }

  /**
   * Catch-up subscription. Appends made through this instance wake it at once; appends made by another process
   * on the same file are picked up by a short poll.
   */
  subscribeToAll(after: number, onEvents: (events: RecordedEvent[]) => Promise<void>): Subscription {
    let position = after;
    let closed = false;
    let running = false;
    let again = false;
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
            const batch = this.subscriberBatch(position, await this.durableHead());
            if (closed || batch.length === 0) break;
            await onEvents(batch);
            position = batch[batch.length - 1].position;
            // A consumer that skips most events resolves on microtasks alone: without this turn, catching up on a
            // long log (reactors after a restart) would hold the event loop, and requests wait, until the head.
            await new Promise((resolve) => setImmediate(resolve));
          }
        } while (again && !closed);
      } finally {
        running = false;
      }
    };
    const wake = () => void pump().catch(() => undefined);
    this.listeners.add(wake);
    const timer = setInterval(wake, 250);
    timer.unref();
    wake();
    return {
      close: async () => {
        closed = true;
        clearInterval(timer);
        this.listeners.delete(wake);
      },
    };
  }

  /**
   * The batch after `after`, up to `until`, for a subscriber. Subscribers usually stand at the same position (every
   * reactor wakes on the same append): the last batch read is kept and handed to the next one that asks for it, so
   * one commit costs one read, not one per subscriber. Events up to `until` never change, so it is never stale.
   */
  private subscriberBatch(after: number, durable: number | undefined): RecordedEvent[] {
    const until = durable ?? this.headPositionSync();
    const recent = this.recent.batch(after, until, SUBSCRIBER_BATCH);
    if (recent) return recent;
    const last = this.lastSubscriberBatch;
    if (last && last.after === after && last.until === until) return last.events;
    const events = this.readAllSync({ after, until, limit: SUBSCRIBER_BATCH });
    this.lastSubscriberBatch = { after, until, events };
    return events;
  }

  /**
   * How far subscribers may read: with group commit, the last position known to be on disk. Events another
   * process (the CLI) appended are not known yet: they are flushed first (it flushed them itself; this is cheap).
   */
  private async durableHead(): Promise<number | undefined> {
    if (!this.groupCommit) return undefined;
    const head = this.headPositionSync();
    await this.groupCommit.afterCommit(head);
    return head;
  }

  async close(): Promise<void> {
    this.listeners.clear();
    this.groupCommit?.close();
    this.eventViews?.close();
  }
}

/** Events per read of a subscription. */
const SUBSCRIBER_BATCH = 500;

const checkExpected = (append: StreamAppend, current: number | null): void => {
  const expected = append.expectedRevision;
  const actual = current ?? 'no_stream';
  const ok =
    expected === 'any' ||
    (expected === 'no_stream' && current === null) ||
    (expected === 'stream_exists' && current !== null) ||
    (typeof expected === 'number' && current === expected);
  if (!ok) throw new WrongExpectedRevisionError(append.streamId, expected, actual);
};

const whereClause = (after: number, until: number | undefined, f: LogFilter | undefined) => {
  const clauses = ['position > ?'];
  const params: unknown[] = [after];
  if (until !== undefined) {
    clauses.push('position <= ?');
    params.push(until);
  }
  if (f?.marketplaceId) {
    clauses.push('marketplace_id = ?');
    params.push(f.marketplaceId);
  }
  if (f?.publicOnly) clauses.push('public = 1');
  if (f?.resourceId) {
    clauses.push('resource_id = ?');
    params.push(f.resourceId);
  }
  if (f?.relatedResourceId) {
    // The resource's own events and those related to it, as one list of positions from two indexes
    // (`resource_id = ? OR position IN (…)` would be checked on every event of the tenant).
    const own = f.marketplaceId ? 'SELECT position FROM events WHERE marketplace_id = ? AND resource_id = ?' : 'SELECT position FROM events WHERE resource_id = ?';
    clauses.push(`position IN (${own} UNION SELECT position FROM event_related WHERE related_id = ?)`);
    params.push(...(f.marketplaceId ? [f.marketplaceId] : []), f.relatedResourceId, f.relatedResourceId);
  }
  if (f?.createdAtStart) {
    clauses.push('created_at >= ?');
    params.push(f.createdAtStart);
  }
  if (f?.eventTypes && f.eventTypes.length > 0) {
    const exact = f.eventTypes.filter((t) => t.includes('/'));
    const bare = f.eventTypes.filter((t) => !t.includes('/'));
    // A bare resource type is a prefix: `user/` <= type < `user0` ('0' follows '/') is exactly "starts with
    // user/" in the BINARY collation, case-sensitive like matchesEventType (LIKE would not be).
    const alternatives = [
      ...(exact.length ? [`type IN (${exact.map(() => '?').join(',')})`] : []),
      ...bare.map(() => '(type >= ? AND type < ?)'),
    ];
    clauses.push(`(${alternatives.join(' OR ')})`);
    params.push(...exact, ...bare.flatMap((b) => [`${b}/`, `${b}0`]));
  }
  return { from: `events${indexFor(f)}`, where: clauses.join(' AND '), params };
};

/**
 * The index a filtered read walks, named so that the plan does not depend on the statistics of the day: a
 * resource's events by events_resource, a tenant's public log by events_public_log (in position order, the other
 * conditions checked on its entries). Other reads (subscriptions, the CLI) are left to the planner.
 */
const indexFor = (f: LogFilter | undefined): string => {
  if (!f?.marketplaceId) return '';
  if (f.resourceId) return ' INDEXED BY events_resource';
  return f.publicOnly ? ' INDEXED BY events_public_log' : '';
};

/**
 * Rows come from the native addon as arrays of Node's main realm; results are rebuilt with Array.from so they
 * belong to the caller's realm (under jest's VM context, transit-js would not recognise a foreign Array).
 * Data and metadata (the resource view, the bulk of an event) are decoded on first access: folding a stream into an
 * aggregate's state reads only `data`, and a subscriber passing over an event reads neither.
 */
const toRecorded = (row: EventRow): RecordedEvent =>
  lazyRecordedEvent({ id: row.id, streamId: row.stream_id, revision: row.revision, position: row.position, type: row.type }, row.data, row.metadata);
