import Database from 'better-sqlite3';
import { NO_UPCASTS } from '../src/shared/event-shapes';
import type { Config } from '../src/config';
import type { NewEvent, RecordedEvent } from '../src/event-store/event-store.port';
import { SqliteEventStore } from '../src/event-store/sqlite-event-store';
import type { DocumentStore, ReadModelOp } from '../src/read-models/document-store.port';
import { SqliteDocumentStore } from '../src/read-models/sqlite-document-store';
import type { ListingSearch, SearchDocument, SearchOp } from '../src/search/listing-search.port';
import { SqliteListingSearch } from '../src/search/sqlite-listing-search';
import { InProcessLeases } from '../src/event-sourcing/worker-leases.port';
import type { DocumentProjection, ListingSearchProjection, Projection } from '../src/event-sourcing/projection';
import {
  CatchUpProjectionEngine,
  EngineLogger,
  InlineProjectionEngine,
  ProjectionEngine,
  ProjectionEngineStatus,
  ReadModelsNotCurrentError,
  rebuildReadModels,
} from './projection-engine';

const MP = 'mp-1';
const THINGS = 'things';

/** `thing/set` {id, value} puts a document; `thing/deleted` {id} deletes it; `thing/poison` cannot be projected. */
const thingsProjection: DocumentProjection = {
  name: 'things',
  eventTypes: ['thing/set', 'thing/deleted', 'thing/poison'],
  project: (event: RecordedEvent): ReadModelOp[] => {
    const data = event.data as { id: string; value?: number };
    if (event.type === 'thing/poison') throw new Error(`cannot project ${data.id}`);
    if (event.type === 'thing/deleted') return [{ op: 'delete', collection: THINGS, marketplaceId: MP, id: data.id }];
    return [{ op: 'put', collection: THINGS, document: { id: data.id, marketplaceId: MP, createdAt: '2026-01-01T00:00:00.000Z', body: { value: data.value } } }];
  },
};

const searchDocument = (id: string, value: number): SearchDocument => ({
  id,
  marketplaceId: MP,
  authorId: 'author',
  state: 'published',
  createdAt: value,
  price: value,
  geolocation: null,
  titleWords: [`v${value}`],
  descriptionWords: [],
  values: {},
  stock: null,
});

/** The same events into the listing search store. */
const thingSearchProjection: ListingSearchProjection = {
  name: 'thing-search',
  target: 'listing-search',
  eventTypes: ['thing/set', 'thing/deleted'],
  project: (event: RecordedEvent): SearchOp[] => {
    const data = event.data as { id: string; value?: number };
    if (event.type === 'thing/deleted') return [{ op: 'delete', marketplaceId: MP, id: data.id }];
    return [{ op: 'put', document: searchDocument(data.id, data.value!) }];
  },
};

const set = (id: string, value: number): NewEvent => ({ type: 'thing/set', data: { id, value }, metadata: { marketplaceId: MP, createdAt: '2026-01-01T00:00:00.000Z', public: false } });
const deleted = (id: string): NewEvent => ({ type: 'thing/deleted', data: { id }, metadata: { marketplaceId: MP, createdAt: '2026-01-01T00:00:00.000Z', public: false } });
const poison = (id: string): NewEvent => ({ type: 'thing/poison', data: { id }, metadata: { marketplaceId: MP, createdAt: '2026-01-01T00:00:00.000Z', public: false } });

const openStores = () => {
  const db = new Database(':memory:');
  const events = new SqliteEventStore(db);
  const documents = new SqliteDocumentStore(db);
  const search = new SqliteListingSearch(db);
  let n = 0;
  /** Each event on a stream of its own. */
  const append = async (...news: NewEvent[]) => (await events.append(news.map((e) => ({ streamId: `s-${(n += 1)}`, expectedRevision: 'any' as const, events: [e] })))).position;
  const value = async (id: string) => ((await documents.get<{ value: number }>(THINGS, MP, id)) ?? null)?.value ?? null;
  const searchIds = async () => (await search.query({ marketplaceId: MP, offset: 0, limit: 100, sort: [{ field: 'createdAt', direction: 'asc' }] })).ids;
  return { db, events, documents, search, append, value, searchIds };
};

const capture = (): EngineLogger & { lines: string[] } => {
  const lines: string[] = [];
  return { lines, log: (m) => lines.push(`log ${m}`), warn: (m) => lines.push(`warn ${m}`), error: (m) => lines.push(`error ${m}`) };
};

const until = async (condition: () => Promise<boolean> | boolean, ms = 5000): Promise<void> => {
  const end = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 5));
  }
};
const stateOf = async (engine: ProjectionEngine): Promise<ProjectionEngineStatus['state']> => (await engine.status()).state;

/** A document store whose apply fails while `failing()` says so, and can be held until released. */
const wrap = (inner: DocumentStore, failing: () => boolean = () => false) => {
  const gates: Array<() => void> = [];
  let held = false;
  let calls = 0;
  const store: DocumentStore = {
    apply: async (ops, checkpoints) => {
      calls += 1;
      if (held) await new Promise<void>((resolve) => gates.push(resolve));
      if (failing()) throw new Error('read model store unavailable');
      return inner.apply(ops, checkpoints);
    },
    checkpoint: (p) => inner.checkpoint(p),
    get: (c, m, id) => inner.get(c, m, id),
    getByKey: (c, m, k) => inner.getByKey(c, m, k),
    query: (c, q) => inner.query(c, q),
    reset: () => inner.reset(),
    close: () => inner.close(),
  };
  return {
    store,
    calls: () => calls,
    hold: () => (held = true),
    /** Lets the oldest held apply go on. */
    releaseOne: () => gates.shift()?.(),
    releaseAll: () => {
      held = false;
      gates.splice(0).forEach((g) => g());
    },
    waiting: () => gates.length,
  };
};

const fast = { backoff: { initialMs: 2, maxMs: 10 } };

describe('CatchUpProjectionEngine', () => {
  const engines: ProjectionEngine[] = [];
  const engine = (...args: ConstructorParameters<typeof CatchUpProjectionEngine>) => {
    const e = new CatchUpProjectionEngine(...args);
    engines.push(e);
    return e;
  };
  afterEach(async () => {
    await Promise.all(engines.splice(0).map((e) => e.stop()));
  });

  it('applies the log to each projection store and records checkpoints after the writes', async () => {
    const s = openStores();
    const head = await s.append(set('a', 1), set('b', 2), deleted('b'));
    const e = engine(s.events, { documents: s.documents, search: s.search }, [thingsProjection, thingSearchProjection], { logger: capture() });
    await e.start();
    await e.waitFor(head);
    expect([await s.value('a'), await s.value('b')]).toEqual([1, null]);
    expect(await s.searchIds()).toEqual(['a']);
    expect([await s.documents.checkpoint('things'), await s.documents.checkpoint('thing-search')]).toEqual([head, head]);
    expect(await e.status()).toEqual({ engine: 'catch-up', state: 'running', position: head, head, lag: 0, lastError: null, failingSince: null, caughtUp: true });

    const next = await s.append(set('c', 3));
    await e.waitFor(next);
    expect(await s.value('c')).toBe(3);
    expect(await s.searchIds()).toEqual(['a', 'c']);
  });

  it('projects on the one instance holding the lease; the other follows the stored checkpoints and takes over when it goes', async () => {
    // given: two instances over one store and one lease table, the second counting its writes
    const s = openStores();
    const leases = new InProcessLeases();
    const followerStore = wrap(s.documents);
    const leader = engine(s.events, { documents: s.documents }, [thingsProjection], { logger: capture(), leases });
    const follower = engine(s.events, { documents: followerStore.store }, [thingsProjection], { logger: capture(), leases, followPollMs: 5 });
    await leader.start();
    await follower.start();
    // when: a command on the follower's instance waits for its event
    const first = await s.append(set('a', 1));
    await follower.waitFor(first);
    // then: the leader wrote it; the follower only read the checkpoints, and its read sees it
    expect(await s.value('a')).toBe(1);
    expect(followerStore.calls()).toBe(0);
    expect(await follower.status()).toEqual(expect.objectContaining({ position: first, caughtUp: true }));
    // and when the leader goes, the follower projects what comes next
    await leader.stop();
    const second = await s.append(set('b', 2));
    await follower.waitFor(second);
    expect(await s.value('b')).toBe(2);
    expect(followerStore.calls()).toBeGreaterThan(0);
  });

  it('is not caught up (not ready) until it has applied the log up to its head at start', async () => {
    const s = openStores();
    const head = await s.append(set('a', 1), set('b', 2));
    const w = wrap(s.documents);
    w.hold();
    const e = engine(s.events, { documents: w.store }, [thingsProjection], { logger: capture() });
    await e.start();
    expect(await e.status()).toEqual(expect.objectContaining({ caughtUp: false, position: 0, head }));
    let caughtUp = false;
    void e.caughtUp().then(() => (caughtUp = true));
    await until(() => w.waiting() > 0);
    expect(caughtUp).toBe(false);
    w.releaseAll();
    await e.caughtUp();
    expect(await e.status()).toEqual(expect.objectContaining({ caughtUp: true, position: head }));
  });

  it('records no checkpoint when an apply fails, and a restart applies the batch again', async () => {
    const s = openStores();
    const head = await s.append(set('a', 1), set('b', 2));
    let failing = true;
    const docs = wrap(s.documents, () => failing);
    const logger = capture();
    const first = engine(s.events, { documents: docs.store }, [thingsProjection], { ...fast, maxAttempts: 1000, logger });
    await first.start();
    await until(async () => (await first.status()).lastError !== null);

    expect(await s.documents.checkpoint('things')).toBe(0);
    expect(await s.value('a')).toBeNull();
    const status = await first.status();
    expect(status).toEqual(
      expect.objectContaining({ state: 'retrying', position: 0, head, lag: head, failingSince: expect.any(String), lastError: expect.objectContaining({ message: 'read model store unavailable' }) }),
    );
    expect(logger.lines.find((l) => l.startsWith('error'))).toMatch(/^error projections failed to apply events 1\.\.2, attempt 1\/1000: read model store unavailable/);
    await first.stop();

    failing = false;
    const second = engine(s.events, { documents: s.documents }, [thingsProjection], { logger: capture() });
    await second.start();
    await second.waitFor(head);
    expect([await s.value('a'), await s.value('b')]).toEqual([1, 2]);
    expect(await s.documents.checkpoint('things')).toBe(head);
  });

  it('retries a failed apply with backoff and recovers by itself', async () => {
    const s = openStores();
    let failures = 3;
    const docs = wrap(s.documents, () => failures-- > 0);
    const logger = capture();
    const e = engine(s.events, { documents: docs.store }, [thingsProjection], { ...fast, logger });
    await e.start();
    const head = await s.append(set('a', 1));
    // A command waiting while the engine fails gets a clear error at once, or sees its write once it recovered.
    await e.waitFor(head).catch((error) => expect(error).toBeInstanceOf(ReadModelsNotCurrentError));
    await until(async () => (await s.value('a')) === 1);
    await e.waitFor(head);
    const status = await e.status();
    expect(status).toEqual(expect.objectContaining({ state: 'running', position: head, failingSince: null }));
    expect(status.lastError).toEqual(expect.objectContaining({ fromPosition: head, eventType: 'thing/set', attempts: 3 }));
    expect(logger.lines.filter((l) => l.startsWith('error'))).toHaveLength(3);
    expect(logger.lines.at(-1)).toMatch(/^log projections recovered: applied up to position 1/);
  });

  it('never lets a lagging engine write an older version over a newer one or bring back a deleted document', async () => {
    const s = openStores();
    await s.append(set('a', 1), set('b', 1));
    // The lagging engine reads the first two events and is held before writing them.
    const lagging = wrap(s.documents);
    lagging.hold();
    const laggingSearch = new SqliteListingSearch(s.db);
    const slow = engine(s.events, { documents: lagging.store, search: laggingSearch }, [thingsProjection, thingSearchProjection], { logger: capture() });
    await slow.start();
    await until(() => lagging.waiting() === 1);

    // Meanwhile the log moves on and another engine applies all of it.
    const head = await s.append(set('a', 2), deleted('b'));
    const ahead = engine(s.events, { documents: s.documents, search: s.search }, [thingsProjection, thingSearchProjection], { logger: capture() });
    await ahead.start();
    await ahead.waitFor(head);
    expect([await s.value('a'), await s.value('b')]).toEqual([2, null]);
    expect(await s.searchIds()).toEqual(['a']);

    // The lagging engine now writes the old events: a keeps version 2, b stays deleted, checkpoints stay.
    lagging.hold();
    lagging.releaseOne();
    await until(() => lagging.waiting() === 1);
    expect([await s.value('a'), await s.value('b')]).toEqual([2, null]);
    expect(await s.searchIds()).toEqual(['a']);
    expect((await s.search.query({ marketplaceId: MP, keywords: { tokens: ['v2'], textKeys: [] }, offset: 0, limit: 10 })).ids).toEqual(['a']);
    expect(await s.documents.checkpoint('things')).toBe(head);

    lagging.releaseAll();
    await slow.waitFor(head);
    expect([await s.value('a'), await s.value('b')]).toEqual([2, null]);
    expect(await s.searchIds()).toEqual(['a']);
    expect(await s.documents.checkpoint('things')).toBe(head);
  });

  it('fails a waiting command with a clear error at once, and stops visibly on a poison event after N attempts', async () => {
    const s = openStores();
    const logger = capture();
    const e = engine(s.events, { documents: s.documents }, [thingsProjection], { ...fast, maxAttempts: 3, logger });
    await e.start();
    const started = Date.now();
    const head = await s.append(set('a', 1), poison('p'), set('c', 3));

    await expect(e.waitFor(head)).rejects.toThrow(ReadModelsNotCurrentError);
    await expect(e.waitFor(head)).rejects.toThrow(/cannot project p/);
    expect(Date.now() - started).toBeLessThan(2000);
    await until(async () => (await stateOf(e)) === 'failed');

    // The events before the poison one are applied; the engine names the poison event and stops there.
    expect(await e.status()).toEqual({
      caughtUp: true,
      engine: 'catch-up',
      state: 'failed',
      position: 1,
      head,
      lag: 2,
      failingSince: expect.any(String),
      lastError: { message: 'cannot project p', fromPosition: 2, toPosition: 2, eventType: 'thing/poison', attempts: 3, at: expect.any(String) },
    });
    expect([await s.value('a'), await s.value('c')]).toEqual([1, null]);
    expect(await s.documents.checkpoint('things')).toBe(1);
    expect(logger.lines.at(-1)).toBe('error projection engine stopped at position 1: event 2 (thing/poison) failed 3 times: cannot project p');
    expect(logger.lines.filter((l) => l.includes('event 2 (thing/poison), attempt'))).toHaveLength(3);

    await e.waitFor(1);
    await expect(e.waitFor(head)).rejects.toThrow('read models are stopped at position 1: event 2 (thing/poison) failed 3 times: cannot project p');
    // It stays stopped: later events are not applied either.
    await s.append(set('d', 4));
    await new Promise((r) => setTimeout(r, 300));
    expect(await s.value('d')).toBeNull();
    expect((await e.status()).position).toBe(1);
  });

  it('rejects waiting commands when stopped', async () => {
    const s = openStores();
    const docs = wrap(s.documents);
    docs.hold();
    const e = engine(s.events, { documents: docs.store }, [thingsProjection], { logger: capture() });
    await e.start();
    const head = await s.append(set('a', 1));
    const waiting = e.waitFor(head);
    await e.stop();
    await expect(waiting).rejects.toThrow('projection engine stopped');
    docs.releaseAll();
  });

  it('refuses a projection whose store it was not given', () => {
    const s = openStores();
    expect(() => new CatchUpProjectionEngine(s.events, { documents: s.documents }, [thingSearchProjection])).toThrow('No listing-search store for projection(s) thing-search');
  });
});

describe('InlineProjectionEngine', () => {
  it('applies documents, search and checkpoints inside the append transaction, or nothing', async () => {
    const s = openStores();
    const failingSearch: ListingSearchProjection = {
      ...thingSearchProjection,
      project: (event) => {
        if ((event.data as { value?: number }).value === 13) throw new Error('unlucky');
        return thingSearchProjection.project(event);
      },
    };
    const e = new InlineProjectionEngine(s.events, { documents: s.documents, search: s.search }, [thingsProjection, failingSearch], NO_UPCASTS);
    await e.start();
    const head = await s.append(set('a', 1));
    expect(await s.value('a')).toBe(1);
    expect(await s.searchIds()).toEqual(['a']);
    expect([await s.documents.checkpoint('things'), await s.documents.checkpoint('thing-search')]).toEqual([head, head]);

    await expect(s.append(set('b', 13))).rejects.toThrow('unlucky');
    expect(await s.events.headPosition()).toBe(head);
    expect(await s.value('b')).toBeNull();
    expect(await s.documents.checkpoint('things')).toBe(head);
    expect(await e.status()).toEqual({ engine: 'inline', state: 'running', position: head, head, lag: 0, lastError: null, failingSince: null, caughtUp: true });
    await e.stop();
  });

  it('catches up a projection added later (checkpoint 0) at start, without re-applying the others', async () => {
    const s = openStores();
    const first = new InlineProjectionEngine(s.events, { documents: s.documents }, [thingsProjection], NO_UPCASTS);
    await first.start();
    await s.append(set('a', 1), set('b', 2), deleted('a'));
    await first.stop();

    const seen: number[] = [];
    const counting: DocumentProjection = { ...thingsProjection, project: (event) => (seen.push(event.position), thingsProjection.project(event)) };
    const second = new InlineProjectionEngine(s.events, { documents: s.documents, search: s.search }, [counting, thingSearchProjection], NO_UPCASTS);
    await second.start();
    expect(seen).toEqual([]);
    expect(await s.searchIds()).toEqual(['b']);
    expect(await s.documents.checkpoint('thing-search')).toBe(3);

    const head = await s.append(set('c', 3));
    expect(seen).toEqual([head]);
    expect(await s.searchIds()).toEqual(['b', 'c']);
    await second.stop();
  });
});

describe('rebuildReadModels', () => {
  const projections: Projection[] = [thingsProjection, thingSearchProjection];

  it('drops and replays both targets, optionally up to a position', async () => {
    const s = openStores();
    const e = new InlineProjectionEngine(s.events, { documents: s.documents, search: s.search }, projections, NO_UPCASTS);
    await e.start();
    await s.append(set('a', 1), set('b', 2));
    const middle = await s.events.headPosition();
    await s.append(deleted('a'), set('b', 5));
    await e.stop();
    await s.documents.apply([{ op: 'put', collection: THINGS, document: { id: 'stray', marketplaceId: MP, createdAt: '2026-01-01T00:00:00.000Z', body: {} } }], {});

    expect(await rebuildReadModels(s.events, { documents: s.documents, search: s.search }, projections, { until: middle })).toEqual({ events: 2, position: middle });
    expect([await s.value('a'), await s.value('b'), await s.value('stray')]).toEqual([1, 2, null]);
    expect(await s.searchIds()).toEqual(['a', 'b']);
    expect(await s.documents.checkpoint('thing-search')).toBe(middle);

    await rebuildReadModels(s.events, { documents: s.documents, search: s.search }, projections);
    expect([await s.value('a'), await s.value('b')]).toEqual([null, 5]);
    expect(await s.searchIds()).toEqual(['b']);
  });
});
