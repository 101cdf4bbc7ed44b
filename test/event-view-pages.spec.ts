import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import transit from 'transit-js';
import type { EventMetadata, EventViewFormat, LogFilter, NewEvent, ReadAllOptions } from '../src/event-store/event-store.port';
import { SqliteEventStore } from '../src/event-store/sqlite-event-store';
import { SqliteEventViews } from '../src/event-store/sqlite-event-views';
import { encodeEventView, eventPage, jsonOfTransitView, readsBackIdentical, storedEventView } from '../src/events/event-view.encoding';
import { eventView } from '../src/events/event.view';
import { EventsQueryParams, eventsQueryParams } from '../src/events/http/events.dto';
import { parseCommonParams } from '../src/http/common-params';
import { validateParams } from '../src/http/validation';
import { buildEnvelope, RelationshipRegistry } from '../src/http/envelope';
import { encodeTransit } from '../src/http/transit';
import { decodeStored, encodeStored } from '../src/shared/stored-json';
import { encodeTransitUncached, keyword } from '../src/shared/transit-codec';
import { BigDecimal, LatLng, Money, Uuid } from '../src/shared/values';
import { bearer, form, http } from './support/http';
import { integrationSdk } from './support/sdks';
import { onFreshPostgres, skipWithoutPostgres } from './support/postgres';
import { onTempSqlite } from './support/temp-sqlite';
import { PostgresEventStore } from '../src/event-store/postgres-event-store';
import type { PostgresDatabase } from '../src/infrastructure/postgres-database';
import { startTestServer, TestServer } from './support/test-server';

/**
 * events/query's joined pages (src/events/event-view.encoding.ts, src/event-store/sqlite-event-views.ts) against
 * the encoder they replace: the same events through eventView, buildEnvelope and the cached Transit writer (or
 * JSON.stringify). The Transit pages differ in bytes (no cache references) and must read the same with the
 * Integration SDK's reader (a copy of sharetribe-flex-integration-sdk src/serializer.js reader: its types, keywords
 * and sets as plain values, maps as objects).
 */
const { UUID, LatLng: SdkLatLng, Money: SdkMoney, BigDecimal: SdkBigDecimal } = integrationSdk.types;
const sdkReader = transit.reader('json', {
  handlers: {
    u: (rep: string) => new UUID(rep),
    geo: ([lat, lng]: [number, number]) => new SdkLatLng(lat, lng),
    mn: ([amount, currency]: [number, string]) => new SdkMoney(amount, currency),
    f: (rep: string) => new SdkBigDecimal(rep),
    ':': (rep: string) => rep,
    set: (rep: unknown[]) => rep,
    list: (rep: unknown[]) => rep,
  },
  mapBuilder: {
    init: () => ({}),
    add: (m: Record<string, unknown>, k: string, v: unknown) => {
      m[k] = v;
      return m;
    },
    finalize: (m: Record<string, unknown>) => m,
  },
});

const params = parseCommonParams({}, {}).common;
const registry = new RelationshipRegistry();
const metaOf = (perPage: number) => ({ totalItems: null, totalPages: null, page: 1, perPage, paginationUnsupported: true });

const meta = (marketplaceId: string, extra: Partial<EventMetadata> = {}): EventMetadata => ({
  marketplaceId,
  createdAt: '2024-05-06T07:08:09.123Z',
  public: true,
  resourceType: 'user',
  resourceId: randomUUID(),
  resource: null,
  previousValues: null,
  auditData: { userId: randomUUID(), adminId: null, clientId: randomUUID(), requestId: randomUUID() },
  source: 'source/marketplace-api',
  ...extra,
});

/** Events whose views exercise every value the wire formats distinguish, and the values storage changes. */
const eventsOf = (marketplaceId: string, relatedId: string): NewEvent[] => {
  const userId = randomUUID();
  return [
    {
      type: 'user/created',
      data: {},
      metadata: meta(marketplaceId, {
        resourceId: userId,
        resource: {
          id: new Uuid(userId),
          type: 'user',
          attributes: {
            createdAt: new Date('2024-05-06T07:08:09.123Z'),
            price: new Money(1250, 'EUR'),
            location: new LatLng(60.17, 24.94),
            exact: new BigDecimal('12.3400'),
            strings: ['~tilde', '^caret', '`tick', '^ ', '~:not-a-keyword', 'ä😀', ''],
            numbers: [0, -1, 1.5, 2 ** 53 + 2, 1e-7, 1e21],
            keys: { '~key': 1, '^ ': 2, '`k': 3, '': 4, 'a.b': 5 },
            empty: { object: {}, array: [] },
            nested: [[{ deep: [null, true, false] }]],
          },
        },
        previousValues: { attributes: { price: null, profile: { publicData: { n: 1 } } } },
      }),
    },
    // Values that storage changes: a keyword comes back as a string, undefined as null, -0 as 0.
    {
      type: 'listing/updated',
      data: {},
      metadata: meta(marketplaceId, {
        resourceType: 'listing',
        relatedIds: [relatedId],
        resource: { id: new Uuid(randomUUID()), type: keyword('listing'), attributes: { state: keyword('published'), gone: undefined, zero: -0 } },
        previousValues: { attributes: { title: undefined } },
      }),
    },
    { type: 'user/deleted', data: {}, metadata: meta(marketplaceId, { resourceId: userId, resource: null, auditData: undefined, source: undefined }) },
    { type: 'session/created', data: {}, metadata: meta(marketplaceId, { public: false }) },
    { type: 'user/updated', data: {}, metadata: meta(randomUUID()) },
    // Over 1,936 distinct cacheable keys in one page: the reader's cache wraps around.
    ...Array.from({ length: 60 }, (_, i) => ({
      type: 'user/updated',
      data: {},
      metadata: meta(marketplaceId, {
        resourceId: userId,
        createdAt: `2024-05-0${1 + (i % 9)}T00:00:00.000Z`,
        resource: { id: new Uuid(userId), type: 'user', attributes: Object.fromEntries(Array.from({ length: 40 }, (_, k) => [`key-${i}-${k}`, `~value-${k}`])) },
      }),
    })),
  ];
};

describe('events/query joined pages', () => {
  let store: SqliteEventStore;
  let db: Database.Database;
  let cleanup: () => Promise<void>;
  const marketplaceId = randomUUID();
  const relatedId = randomUUID();

  beforeAll(async () => {
    const fixture = await onTempSqlite('event-view-pages', (database) => {
      db = database;
      return new SqliteEventStore(database);
    })();
    store = fixture.store;
    cleanup = fixture.cleanup;
    const events = eventsOf(marketplaceId, relatedId);
    // Several appends, so that positions have gaps for the other marketplace's and internal events.
    for (let i = 0; i < events.length; i += 7) await store.append([{ streamId: `s-${i}`, expectedRevision: 'any', events: events.slice(i, i + 7) }]);
    await turn();
    views = new Database(`${db.name.replace(/\.db$/, '')}.event-views.db`);
  });
  afterAll(async () => {
    views.close();
    await cleanup();
  });

  /** The views file: texts are written a turn of the event loop after the append (or the read that encoded them). */
  let views: Database.Database;
  const turn = () => new Promise((resolve) => setImmediate(resolve));
  const storedCount = () => (views.prepare('SELECT COUNT(*) AS n FROM event_view_texts').get() as { n: number }).n;

  /** The page as it was made before: read the events, view, envelope, encode. */
  const oldPage = async (options: ReadAllOptions, format: EventViewFormat | 'transit-verbose') => {
    const envelope = await buildEnvelope((await store.readAll(options)).map(eventView), { auth: {} as never, params }, registry, metaOf(options.limit));
    return { envelope, text: format === 'json' ? JSON.stringify(envelope) : encodeTransit(envelope, format === 'transit-verbose') };
  };
  const fastPage = async (options: ReadAllOptions, format: EventViewFormat) =>
    eventPage(await store.readEventViews(options, format), metaOf(options.limit), format).toString('utf8');

  const filters: LogFilter[] = [
    {},
    { eventTypes: ['user'] },
    { eventTypes: ['listing/updated', 'user/deleted'] },
    { eventTypes: ['USER'] },
    { relatedResourceId: relatedId },
    { createdAtStart: '2024-05-05T00:00:00.000Z' },
  ];

  const expectSamePages = async () => {
    for (const filter of filters) {
      for (const options of [{ limit: 100 }, { limit: 7 }, { after: 10, limit: 100 }]) {
        const read = { ...options, filter: { marketplaceId, publicOnly: true, ...filter } };
        const old = await oldPage(read, 'transit');
        const fast = await fastPage(read, 'transit');
        // Byte for byte what the uncached writer makes of the old envelope, and read the same by the SDK.
        expect(fast).toBe(encodeTransitUncached(old.envelope));
        expect(sdkReader.read(fast)).toStrictEqual(sdkReader.read(old.text));
        expect(await fastPage(read, 'json')).toBe((await oldPage(read, 'json')).text);
      }
    }
  };

  it('reads like the old page in Transit (SDK reader) and is the same text in JSON, for every filter', async () => {
    const all = sdkReader.read(await fastPage({ limit: 100, filter: { marketplaceId, publicOnly: true } }, 'transit')) as any;
    // Sanity: the page has every public event of the marketplace, with typed values.
    expect(all.data).toHaveLength(63);
    const created = all.data[0].attributes;
    expect(all.data[0]).toMatchObject({ type: 'event', id: expect.any(UUID) });
    expect(created.createdAt).toBeInstanceOf(Date);
    expect(created.resource.attributes).toMatchObject({
      price: new SdkMoney(1250, 'EUR'),
      location: new SdkLatLng(60.17, 24.94),
      exact: new SdkBigDecimal('12.3400'),
      strings: ['~tilde', '^caret', '`tick', '^ ', '~:not-a-keyword', 'ä😀', ''],
    });
    expect(all.data[1].attributes.resource.attributes).toStrictEqual({ state: 'published', gone: null, zero: 0 });
    expect(all.data[2].attributes.auditData).toStrictEqual({ userId: null, adminId: null, clientId: null, requestId: null });
    await expectSamePages();
  });

  it('stores the text of every public event of the log, in a file of its own', () => {
    const publicEvents = (db.prepare('SELECT COUNT(*) AS n FROM events WHERE public = 1').get() as { n: number }).n;
    expect(publicEvents).toBe(64);
    expect(storedCount()).toBe(publicEvents);
  });

  it('reads a page whose texts are all stored and current in one statement, contiguous or not', async () => {
    const oneByOne = jest.spyOn(SqliteEventViews.prototype as unknown as { storedTexts: () => unknown }, 'storedTexts');
    try {
      const contiguous = await store.readAll({ after: 7, limit: 5, filter: { marketplaceId, publicOnly: true } });
      expect(contiguous.map((e) => e.position)).toEqual([8, 9, 10, 11, 12]); // a range
      await fastPage({ after: 7, limit: 5, filter: { marketplaceId, publicOnly: true } }, 'transit');
      await fastPage({ limit: 100, filter: { marketplaceId, publicOnly: true } }, 'transit'); // with gaps: a list
      expect(oneByOne).not.toHaveBeenCalled();
      await fastPage({ limit: 100, filter: { marketplaceId, publicOnly: true } }, 'json');
      expect(oneByOne).toHaveBeenCalledTimes(1);
    } finally {
      oneByOne.mockRestore();
    }
  });

  it('uses a stored text only for its own event and version; encodes the others at read and writes them back', async () => {
    // A row another event id (an append rolled back, its position taken again) or another version wrote.
    views.exec("UPDATE event_view_texts SET event_id = 'another' WHERE position % 3 = 0");
    views.exec('UPDATE event_view_texts SET version = version + 1 WHERE position % 3 = 1');
    await expectSamePages();
    views.exec('DELETE FROM event_view_texts');
    await expectSamePages();
    await turn();
    // Every event read is written back (the other marketplace's event was not read).
    expect(storedCount()).toBe(63);
    expect((views.prepare("SELECT COUNT(*) AS n FROM event_view_texts WHERE event_id = 'another' OR version <> 1").get() as { n: number }).n).toBe(0);
    await expectSamePages();
  });

  it('stores what a read of the log would show, also for metadata that storage changes', () => {
    for (const event of eventsOf(marketplaceId, relatedId)) {
      const viewed = { id: randomUUID(), type: event.type, position: 42, metadata: event.metadata };
      const read = { ...viewed, metadata: decodeStored<EventMetadata>(encodeStored(event.metadata)) };
      expect(storedEventView(viewed)).toBe(encodeEventView(read, 'transit'));
      expect(jsonOfTransitView(storedEventView(viewed))).toBe(encodeEventView(read, 'json'));
    }
  });

  it('knows which values read back identical', () => {
    for (const value of ['s', 1.5, 0, true, null, [1, [2]], { a: { b: 'c' } }, new Uuid('x'), new Date(0), new Money(1, 'EUR'), new LatLng(1, 2), new BigDecimal('1')])
      expect(readsBackIdentical(value)).toBe(true);
    const sparse = [1, , 3]; // eslint-disable-line no-sparse-arrays
    class Other {}
    for (const value of [undefined, -0, NaN, Infinity, 1n, keyword('k'), new Date(NaN), new Date('+010000-01-01T00:00:00Z'), sparse, new Other(), { a: undefined }, new Map(), () => 1])
      expect(readsBackIdentical(value)).toBe(false);
  });
});

/** The same pages from PostgreSQL's stored views (src/event-store/postgres-event-views.ts). */
if (skipWithoutPostgres('events/query joined pages on PostgreSQL'))
  describe('events/query joined pages on PostgreSQL', () => {
    let store: PostgresEventStore;
    let db: PostgresDatabase;
    let cleanup: () => Promise<void>;
    const marketplaceId = randomUUID();
    const relatedId = randomUUID();

    beforeAll(async () => {
      const fixture = await onFreshPostgres('event_views', PostgresEventStore.open)();
      ({ store, db, cleanup } = fixture);
      const events = eventsOf(marketplaceId, relatedId);
      for (let i = 0; i < events.length; i += 7) await store.append([{ streamId: `s-${i}`, expectedRevision: 'any', events: events.slice(i, i + 7) }]);
      await written();
    });
    afterAll(() => cleanup());

    /** Texts are written after the append's commit (and after a read that encoded them). */
    const written = async () => {
      await new Promise((resolve) => setImmediate(resolve));
      await (store as unknown as { views: { flush(): Promise<void> } }).views.flush();
    };
    const count = async (where = 'true') => Number((await db.query<{ n: string }>(`SELECT count(*) AS n FROM event_views WHERE ${where}`))[0].n);

    const expectSamePages = async () => {
      for (const filter of [{}, { eventTypes: ['user'] }, { eventTypes: ['listing/updated', 'user/deleted'] }, { relatedResourceId: relatedId }, { createdAtStart: '2024-05-05T00:00:00.000Z' }]) {
        for (const options of [{ limit: 100 }, { limit: 7 }, { after: 10, limit: 100 }]) {
          const read = { ...options, filter: { marketplaceId, publicOnly: true, ...filter } };
          const envelope = await buildEnvelope((await store.readAll(read)).map(eventView), { auth: {} as never, params }, registry, metaOf(read.limit));
          const fast = (format: EventViewFormat) => store.readEventViews(read, format).then((views) => eventPage(views, metaOf(read.limit), format).toString('utf8'));
          expect(await fast('transit')).toBe(encodeTransitUncached(envelope));
          expect(await fast('json')).toBe(JSON.stringify(envelope));
        }
      }
    };

    it('stores the text of every public event at append, and pages read like the encoded ones', async () => {
      expect(await count()).toBe(64);
      await expectSamePages();
    });

    it('uses a stored text only for its own event and version; encodes the others at read and writes them back', async () => {
      await db.query(`UPDATE event_views SET event_id = 'another' WHERE position % 3 = 0`);
      await db.query('UPDATE event_views SET version = version + 1 WHERE position % 3 = 1');
      await expectSamePages();
      await db.query('DELETE FROM event_views');
      await expectSamePages();
      await written();
      expect(await count()).toBe(63); // every event read (the other marketplace's event was not)
      expect(await count(`event_id = 'another' OR version <> 1`)).toBe(0);
      await expectSamePages();
    });
  });

describe('events/query over HTTP', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    // The joined pages are the embedded store's (its event-views cache file): pinned to it whatever TEST_STORE says.
    server = await startTestServer({ databaseUrl: null });
    const { clientId, clientSecret } = server.marketplace.integrationClient;
    const answer = await http(server.baseUrl, '/v1/auth/token', form({ client_id: clientId, client_secret: clientSecret, grant_type: 'client_credentials', scope: 'integ' }));
    token = (answer.body as { access_token: string }).access_token;
    // Types no projection reads: the point is the log, not the read models.
    const events = eventsOf(server.marketplace.marketplaceId, randomUUID()).map((e) => ({ ...e, type: `gadget${e.type.slice(e.type.indexOf('/'))}` }));
    await server.infra.events.append([{ streamId: `${server.marketplace.marketplaceId}:test-${randomUUID()}`, expectedRevision: 'any', events }]);
  });
  afterAll(() => server.close());

  const get = async (query: string, headers: Record<string, string>) => {
    const res = await fetch(`${server.baseUrl}/v1/integration_api/events/query${query}`, { headers: bearer(token, headers) });
    expect(res.status).toBe(200);
    return { type: res.headers.get('content-type'), text: await res.text() };
  };

  it('answers the joined page as the encoded one reads (Transit, verbose Transit, JSON)', async () => {
    for (const query of ['', '?perPage=5', '?eventTypes=gadget', '?startAfterSequenceId=3&perPage=50']) {
      const fast = await get(query, { accept: 'application/transit+json' });
      expect(fast.type).toBe('application/transit+json;charset=UTF-8');
      // The joined page: no cache reference anywhere (a string starting with ^ is escaped as ~^).
      expect(fast.text).not.toMatch(/"\^[^ ]/);
      // Verbose Transit is encoded the old way, from the events read.
      const verbose = await get(query, { accept: 'application/transit+json', 'x-transit-verbose': 'true' });
      expect(sdkReader.read(fast.text)).toStrictEqual(sdkReader.read(verbose.text));

      const json = await get(query, { accept: 'application/json' });
      expect(json.type).toBe('application/json;charset=UTF-8');
      // `include` has nothing to include for events; it takes the old way and adds an empty `included`.
      const old = JSON.parse((await get(`${query}${query ? '&' : '?'}include=nothing`, { accept: 'application/json' })).text);
      expect(old.included).toEqual([]);
      delete old.included;
      expect(json.text).toBe(JSON.stringify(old));
    }
  });
});

describe('events/query parameters', () => {
  const outcome = (parse: () => unknown) => {
    try {
      return { ok: parse() };
    } catch (error) {
      return { error: (error as { items: unknown }).items };
    }
  };

  it('takes valid parameters as validateParams does, and leaves anything else to it', () => {
    const inputs: Array<Record<string, string>> = [
      {},
      { startAfterSequenceId: '123' },
      { startAfterSequenceId: '0', perPage: '100', eventTypes: 'user,listing/created' },
      { createdAtStart: '2024-01-02T03:04:05.678Z', resourceId: randomUUID() },
      { relatedResourceId: randomUUID(), eventTypes: 'user/updated,', perPage: '1' },
      { startAfterSequenceId: 'abc' },
      { startAfterSequenceId: '1234567890123456' },
      { perPage: '101' },
      { perPage: '0' },
      { resourceId: 'not-a-uuid' },
      { eventTypes: 'user/' },
      { eventTypes: `${'a,'.repeat(1001)}` },
      { createdAtStart: 'yesterday' },
      { unknown: 'x' },
      { startAfterSequenceId: '1', other: '2' },
    ];
    for (const input of inputs) {
      const fast = outcome(() => eventsQueryParams(input));
      expect(fast).toStrictEqual(outcome(() => validateParams(EventsQueryParams, input, 'query')));
      if ('ok' in fast) expect(fast.ok).toBeInstanceOf(EventsQueryParams);
      else expect(fast.error).toEqual([expect.objectContaining({ status: 400 })]);
    }
  });
});
