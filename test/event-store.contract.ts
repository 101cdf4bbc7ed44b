import { randomUUID } from 'node:crypto';
import {
  EventMetadata,
  EventStore,
  NewEvent,
  QueuedAppend,
  RecordedEvent,
  StreamAppend,
  WrongExpectedRevisionError,
} from '../src/event-store/event-store.port';
import { Money, Uuid } from '../src/shared/values';

export interface EventStoreFixture {
  store: EventStore;
  /**
   * A second writer of the same log, as another server instance (or the CLI) is: its own connection and state.
   * Where an adapter has one, the global-order case appends through both.
   */
  otherWriter?: EventStore;
  /** The shaped port (src/event-store/shaped-event-store.ts) stamps each event's shape version into its metadata. */
  stampsShapeVersions?: boolean;
  cleanup: () => Promise<void>;
}

/**
 * Behaviour every EventStore adapter must have. Each test works in its own streams and marketplace (random
 * ids), so the suite also runs against a shared server that already holds events: assertions on the global log
 * always filter by marketplace or by the ids the test wrote.
 */
export const eventStoreContract = (
  name: string,
  makeStore: () => Promise<EventStoreFixture>,
  /** `chains`: the adapter chains appends (AppendHooks.queued / after); those cases need `otherWriter` too. */
  options: { chains?: boolean } = {},
): void => {
  describe(`EventStore contract: ${name}`, () => {
    let fixture: EventStoreFixture;
    let store: EventStore;

    beforeAll(async () => {
      fixture = await makeStore();
      store = fixture.store;
    });
    afterAll(async () => {
      await fixture?.cleanup();
    });

    const appendOne = (streamId: string, expectedRevision: StreamAppend['expectedRevision'], ...events: NewEvent[]) =>
      store.append([{ streamId, expectedRevision, events }]);

    /** Appends each event on its own, in order, to one stream of the marketplace; returns what was recorded. */
    const appendInOrder = async (marketplaceId: string, events: NewEvent[]): Promise<RecordedEvent[]> => {
      const streamId = stream(marketplaceId);
      const recorded: RecordedEvent[] = [];
      for (const e of events) recorded.push(...(await appendOne(streamId, 'any', e)).events);
      return recorded;
    };

    const readTenant = (marketplaceId: string, options: { after?: number; until?: number; limit?: number } = {}) =>
      store.readAll({ limit: 1000, ...options, filter: { marketplaceId } });

    describe('append and readStream', () => {
      it('reads back data and metadata with their types', async () => {
        const marketplaceId = randomUUID();
        const streamId = stream(marketplaceId);
        const userId = new Uuid(randomUUID());
        const data = {
          id: userId,
          at: new Date('2024-05-06T07:08:09.123Z'),
          price: new Money(1250, 'EUR'),
          nested: { list: [1, 'two', true, null], text: '~not-a-tag' },
        };
        const metadata = meta(marketplaceId, {
          resourceType: 'user',
          resourceId: userId.uuid,
          relatedIds: [randomUUID()],
          resource: { id: userId, attributes: { createdAt: new Date('2024-05-06T07:08:09.123Z') } },
          previousValues: { attributes: { email: 'old@example.com' } },
          auditData: { userId: userId.uuid, adminId: null, clientId: randomUUID(), requestId: null },
          source: 'source/marketplace-api',
        });

        const result = await appendOne(streamId, 'no_stream', { type: 'user/created', data, metadata });
        const [read] = await store.readStream(streamId);

        expect(read).toEqual({
          id: expect.any(String),
          streamId,
          revision: 0,
          position: result.position,
          type: 'user/created',
          data,
          metadata: fixture.stampsShapeVersions ? { ...metadata, shapeVersion: 1 } : metadata,
        });
        const readData = read.data as typeof data;
        expect(readData.id).toBeInstanceOf(Uuid);
        expect(readData.at).toBeInstanceOf(Date);
        expect(readData.price).toBeInstanceOf(Money);
        expect((read.metadata.resource as { id: unknown }).id).toBeInstanceOf(Uuid);
        expect(result.events).toEqual([read]);
      });

      it('numbers revisions from 0 and reports the last revision and position', async () => {
        const marketplaceId = randomUUID();
        const streamId = stream(marketplaceId);
        const first = await appendOne(streamId, 'no_stream', ...range(3).map((i) => ev(marketplaceId, 'thing/created', { i })));

        expect(first.events.map((e) => e.revision)).toEqual([0, 1, 2]);
        expect(first.revisions).toEqual({ [streamId]: 2 });
        expectIncreasing(first.events.map((e) => e.position));
        expect(first.position).toBe(first.events[2].position);

        const second = await appendOne(streamId, 2, ev(marketplaceId, 'thing/updated', { i: 3 }), ev(marketplaceId, 'thing/updated', { i: 4 }));
        expect(second.events.map((e) => e.revision)).toEqual([3, 4]);
        expect(second.revisions).toEqual({ [streamId]: 4 });
        expect(second.position).toBe(second.events[1].position);
        expect(second.events[0].position).toBeGreaterThan(first.position);

        const all = await store.readStream(streamId);
        expect(all.map((e) => (e.data as { i: number }).i)).toEqual([0, 1, 2, 3, 4]);
        expect(all).toEqual([...first.events, ...second.events]);
        expect(new Set(all.map((e) => e.id)).size).toBe(5);
      });

      it("keeps the revisions of streams whose names hold quotes and backslashes (O'Brien\\'s)", async () => {
        const marketplaceId = randomUUID();
        const streamId = `${stream(marketplaceId)}-O'Brien\\'s \\x27`;
        await appendOne(streamId, 'no_stream', ev(marketplaceId));
        expect((await appendOne(streamId, 0, ev(marketplaceId))).revisions).toEqual({ [streamId]: 1 });
        await expect(appendOne(streamId, 0, ev(marketplaceId))).rejects.toBeInstanceOf(WrongExpectedRevisionError);
        expect(await store.readStream(streamId)).toHaveLength(2);
      });

      it('returns [] for a stream that does not exist', async () => {
        expect(await store.readStream(stream(randomUUID()))).toEqual([]);
      });

      it('answers reads of several streams asked at once (a command loading its streams) each with its own events, from its own revision', async () => {
        const marketplaceId = randomUUID();
        const [a, b, c] = [stream(marketplaceId), stream(marketplaceId), stream(marketplaceId)];
        await appendOne(a, 'no_stream', ...range(3).map((i) => ev(marketplaceId, 'thing/created', { i })));
        await appendOne(b, 'no_stream', ...range(2).map((i) => ev(marketplaceId, 'thing/created', { i: 10 + i })));
        const values = (events: RecordedEvent[]) => events.map((e) => [e.streamId, e.revision, (e.data as { i: number }).i]);
        const [fromA1, allB, none, fromA0, pastB] = await Promise.all([store.readStream(a, 1), store.readStream(b), store.readStream(c), store.readStream(a), store.readStream(b, 5)]);
        expect(values(fromA1)).toEqual([
          [a, 1, 1],
          [a, 2, 2],
        ]);
        expect(values(allB)).toEqual([
          [b, 0, 10],
          [b, 1, 11],
        ]);
        expect(none).toEqual([]);
        expect(values(fromA0).map(([, revision]) => revision)).toEqual([0, 1, 2]);
        expect(pastB).toEqual([]);
      });
    });

    describe('expected revision', () => {
      const conflict = (streamId: string, expected: unknown, actual: unknown) =>
        expect.objectContaining({ name: 'WrongExpectedRevisionError', streamId, expected, actual });

      it("'no_stream' creates a stream and fails once it exists", async () => {
        const marketplaceId = randomUUID();
        const streamId = stream(marketplaceId);
        await appendOne(streamId, 'no_stream', ev(marketplaceId));

        const failure = appendOne(streamId, 'no_stream', ev(marketplaceId));
        await expect(failure).rejects.toBeInstanceOf(WrongExpectedRevisionError);
        await expect(failure).rejects.toEqual(conflict(streamId, 'no_stream', 0));
        expect(await store.readStream(streamId)).toHaveLength(1);
      });

      it('an exact revision must be the last one', async () => {
        const marketplaceId = randomUUID();
        const streamId = stream(marketplaceId);
        await appendOne(streamId, 'no_stream', ev(marketplaceId), ev(marketplaceId));

        await expect(appendOne(streamId, 0, ev(marketplaceId))).rejects.toEqual(conflict(streamId, 0, 1));
        await expect(appendOne(streamId, 2, ev(marketplaceId))).rejects.toEqual(conflict(streamId, 2, 1));
        await expect(appendOne(stream(marketplaceId), 0, ev(marketplaceId))).rejects.toBeInstanceOf(
          WrongExpectedRevisionError,
        );
        const ok = await appendOne(streamId, 1, ev(marketplaceId));
        expect(ok.revisions[streamId]).toBe(2);
      });

      it("'stream_exists' fails on a missing stream and passes on an existing one", async () => {
        const marketplaceId = randomUUID();
        const streamId = stream(marketplaceId);

        await expect(appendOne(streamId, 'stream_exists', ev(marketplaceId))).rejects.toEqual(
          conflict(streamId, 'stream_exists', 'no_stream'),
        );
        expect(await store.readStream(streamId)).toEqual([]);

        await appendOne(streamId, 'no_stream', ev(marketplaceId));
        const ok = await appendOne(streamId, 'stream_exists', ev(marketplaceId));
        expect(ok.revisions[streamId]).toBe(1);
      });

      it("'any' appends to missing and existing streams", async () => {
        const marketplaceId = randomUUID();
        const streamId = stream(marketplaceId);
        expect((await appendOne(streamId, 'any', ev(marketplaceId))).revisions[streamId]).toBe(0);
        expect((await appendOne(streamId, 'any', ev(marketplaceId))).revisions[streamId]).toBe(1);
      });

      it('of concurrent appends with the same expectation exactly one succeeds', async () => {
        const marketplaceId = randomUUID();
        const streamId = stream(marketplaceId);
        await appendOne(streamId, 'no_stream', ev(marketplaceId));

        const outcomes = await Promise.allSettled(range(5).map((i) => appendOne(streamId, 0, ev(marketplaceId, 'thing/updated', { i }))));

        expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
        for (const o of outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected')) {
          expect(o.reason).toBeInstanceOf(WrongExpectedRevisionError);
        }
        expect(await store.readStream(streamId)).toHaveLength(2);
      });

      it("of concurrent creations with 'no_stream' exactly one succeeds", async () => {
        const marketplaceId = randomUUID();
        const streamId = stream(marketplaceId);

        const outcomes = await Promise.allSettled(range(5).map(() => appendOne(streamId, 'no_stream', ev(marketplaceId))));

        expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
        expect(await store.readStream(streamId)).toHaveLength(1);
      });
    });

    describe('multi-stream append', () => {
      it('writes every stream in one call, in order', async () => {
        const marketplaceId = randomUUID();
        const [a, b] = [stream(marketplaceId), stream(marketplaceId)];

        const result = await store.append([
          { streamId: a, expectedRevision: 'no_stream', events: [ev(marketplaceId, 'a/one'), ev(marketplaceId, 'a/two')] },
          { streamId: b, expectedRevision: 'no_stream', events: [ev(marketplaceId, 'b/one')] },
        ]);

        expect(result.revisions).toEqual({ [a]: 1, [b]: 0 });
        expect(result.events.map((e) => [e.streamId, e.revision, e.type])).toEqual([
          [a, 0, 'a/one'],
          [a, 1, 'a/two'],
          [b, 0, 'b/one'],
        ]);
        expectIncreasing(result.events.map((e) => e.position));
        expect(result.position).toBe(result.events[2].position);
        expect(await store.readStream(a)).toEqual(result.events.slice(0, 2));
        expect(await store.readStream(b)).toEqual(result.events.slice(2));
        expect(await readTenant(marketplaceId)).toEqual(result.events);
      });

      it('writes nothing when the expectation on a later stream fails', async () => {
        const marketplaceId = randomUUID();
        const [a, b] = [stream(marketplaceId), stream(marketplaceId)];
        await appendOne(b, 'no_stream', ev(marketplaceId));

        const failure = store.append([
          { streamId: a, expectedRevision: 'no_stream', events: [ev(marketplaceId)] },
          { streamId: b, expectedRevision: 'no_stream', events: [ev(marketplaceId)] },
        ]);

        await expect(failure).rejects.toBeInstanceOf(WrongExpectedRevisionError);
        await expect(failure).rejects.toEqual(expect.objectContaining({ streamId: b, expected: 'no_stream', actual: 0 }));
        expect(await store.readStream(a)).toEqual([]);
        expect(await store.readStream(b)).toHaveLength(1);
        expect(await readTenant(marketplaceId)).toHaveLength(1);
      });

      it('checks exact revisions on every stream', async () => {
        const marketplaceId = randomUUID();
        const [a, b] = [stream(marketplaceId), stream(marketplaceId)];
        await appendOne(a, 'no_stream', ev(marketplaceId));
        await appendOne(b, 'no_stream', ev(marketplaceId), ev(marketplaceId));

        await expect(
          store.append([
            { streamId: a, expectedRevision: 0, events: [ev(marketplaceId)] },
            { streamId: b, expectedRevision: 0, events: [ev(marketplaceId)] },
          ]),
        ).rejects.toEqual(expect.objectContaining({ streamId: b, expected: 0, actual: 1 }));

        const ok = await store.append([
          { streamId: a, expectedRevision: 0, events: [ev(marketplaceId)] },
          { streamId: b, expectedRevision: 1, events: [ev(marketplaceId)] },
        ]);
        expect(ok.revisions).toEqual({ [a]: 1, [b]: 2 });
      });
    });

    (options.chains ? describe : describe.skip)('chained appends (adapters that queue them: AppendHooks)', () => {
      /** Appends with the hooks, answering the queued append's ticket and the outcome (never a rejection). */
      const queue = (append: StreamAppend, after: QueuedAppend[] = []) => {
        let ticket: QueuedAppend | null = null;
        const outcome = store.append([append], { queued: (t) => (ticket = t), after }).then(
          (result) => result,
          (error: unknown) => error,
        );
        return { ticket: () => ticket!, outcome };
      };

      it('stores appends chained after queued ones with them, in order', async () => {
        const marketplaceId = randomUUID();
        const streamId = stream(marketplaceId);
        const a = queue({ streamId, expectedRevision: 'no_stream', events: [ev(marketplaceId, 'thing/created')] });
        const b = queue({ streamId, expectedRevision: 0, events: [ev(marketplaceId, 'thing/updated')] }, [a.ticket()]);
        const c = queue({ streamId, expectedRevision: 1, events: [ev(marketplaceId, 'thing/closed')] }, [b.ticket()]);
        const outcomes = await Promise.all([a.outcome, b.outcome, c.outcome]);
        expect(outcomes.map((o) => (o instanceof Error ? o.name : 'stored'))).toEqual(['stored', 'stored', 'stored']);
        expect((await store.readStream(streamId)).map((e) => e.type)).toEqual(['thing/created', 'thing/updated', 'thing/closed']);
        expect([a, b, c].map((q) => q.ticket().stored)).toEqual([true, true, true]);
      });

      it("refuses an append chained after a refused one, though another writer's event stands at the revision it expects", async () => {
        const other = fixture.otherWriter!;
        for (const sameTransaction of [false, true]) {
          const marketplaceId = randomUUID();
          const streamId = stream(marketplaceId);
          await store.append([{ streamId, expectedRevision: 'no_stream', events: [ev(marketplaceId, 'thing/created')] }]);
          // Another instance moves the stream on: revision 1 is its event.
          await other.append([{ streamId, expectedRevision: 0, events: [ev(marketplaceId, 'thing/elsewhere')] }]);
          // An append already committing makes the next two wait, and go in one transaction.
          const busy = sameTransaction ? store.append([{ streamId: stream(marketplaceId), expectedRevision: 'no_stream', events: [ev(marketplaceId)] }]) : null;
          const stale = queue({ streamId, expectedRevision: 0, events: [ev(marketplaceId, 'thing/updated')] });
          const chained = queue({ streamId, expectedRevision: 1, events: [ev(marketplaceId, 'thing/closed')] }, [stale.ticket()]);
          await busy;
          expect(await stale.outcome).toBeInstanceOf(WrongExpectedRevisionError);
          expect(await chained.outcome).toBeInstanceOf(WrongExpectedRevisionError);
          expect([stale.ticket().stored, chained.ticket().stored]).toEqual([false, false]);
          expect((await store.readStream(streamId)).map((e) => e.type)).toEqual(['thing/created', 'thing/elsewhere']);
        }
      });
    });

    describe('repeated appends (the same event ids)', () => {
      // What the runner does after an append that got no answer: the same events, ids and expected revisions.
      const withIds = (events: NewEvent[]): NewEvent[] => events.map((e) => ({ ...e, id: randomUUID() }));

      it('stores a repeated single-stream append once and answers what was stored', async () => {
        const marketplaceId = randomUUID();
        const streamId = stream(marketplaceId);
        const append: StreamAppend = { streamId, expectedRevision: 'no_stream', events: withIds([ev(marketplaceId, 'thing/created'), ev(marketplaceId, 'thing/updated')]) };
        const first = await store.append([append]);
        const repeat = await store.append([append]);
        expect(repeat.revisions).toEqual(first.revisions);
        expect(repeat.events.map((e) => [e.id, e.position])).toEqual(first.events.map((e) => [e.id, e.position]));
        expect((await store.readStream(streamId)).map((e) => e.id)).toEqual(append.events.map((e) => e.id));
      });

      it('stores a repeated multi-stream append once', async () => {
        const marketplaceId = randomUUID();
        const [a, b] = [stream(marketplaceId), stream(marketplaceId)];
        await appendOne(b, 'no_stream', ev(marketplaceId));
        const appends: StreamAppend[] = [
          { streamId: a, expectedRevision: 'no_stream', events: withIds([ev(marketplaceId, 'thing/created')]) },
          { streamId: b, expectedRevision: 0, events: withIds([ev(marketplaceId, 'thing/updated')]) },
        ];
        const first = await store.append(appends);
        const repeat = await store.append(appends);
        expect(repeat.position).toBe(first.position);
        expect(repeat.revisions).toEqual({ [a]: 0, [b]: 1 });
        expect(await store.readStream(a)).toHaveLength(1);
        expect(await store.readStream(b)).toHaveLength(2);
        expect(await readTenant(marketplaceId)).toHaveLength(3);
      });

      it('answers each of concurrent appends on its own: repeats (any expectation), conflicts and fresh appends', async () => {
        // Appends that arrive together may be committed together (PostgreSQL: one INSERT for the batch); a repeated
        // id must not cost the others their append, nor a conflict theirs.
        const marketplaceId = randomUUID();
        const [a, b, c, d] = [stream(marketplaceId), stream(marketplaceId), stream(marketplaceId), stream(marketplaceId)];
        const stored: StreamAppend = { streamId: a, expectedRevision: 'any', events: withIds([ev(marketplaceId, 'thing/created')]) };
        const first = await store.append([stored]);
        await appendOne(b, 'no_stream', ev(marketplaceId));
        const outcomes = await Promise.allSettled([
          // The first may commit alone while the others wait and go together.
          appendOne(d, 'no_stream', ev(marketplaceId)),
          store.append([stored]),
          store.append([{ streamId: b, expectedRevision: 0, events: withIds([ev(marketplaceId, 'thing/updated')]) }]),
          store.append([{ streamId: b, expectedRevision: 0, events: withIds([ev(marketplaceId, 'thing/updated')]) }]),
          store.append([{ streamId: c, expectedRevision: 'no_stream', events: withIds([ev(marketplaceId, 'thing/created')]) }]),
          store.append([{ streamId: c, expectedRevision: 'no_stream', events: withIds([ev(marketplaceId, 'thing/created')]) }]),
        ]);
        const [, repeat, ...rest] = outcomes;
        expect(repeat.status === 'fulfilled' && repeat.value.events.map((e) => [e.id, e.position])).toEqual(first.events.map((e) => [e.id, e.position]));
        expect(rest.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'rejected']);
        for (const o of rest.filter((o): o is PromiseRejectedResult => o.status === 'rejected')) expect(o.reason).toBeInstanceOf(WrongExpectedRevisionError);
        expect(await store.readStream(a)).toHaveLength(1);
        expect(await store.readStream(b)).toHaveLength(2);
        expect(await store.readStream(c)).toHaveLength(1);
      });

      it('still refuses other events at a taken revision', async () => {
        const marketplaceId = randomUUID();
        const streamId = stream(marketplaceId);
        await store.append([{ streamId, expectedRevision: 'no_stream', events: withIds([ev(marketplaceId)]) }]);
        await expect(store.append([{ streamId, expectedRevision: 'no_stream', events: withIds([ev(marketplaceId)]) }])).rejects.toBeInstanceOf(WrongExpectedRevisionError);
        expect(await store.readStream(streamId)).toHaveLength(1);
      });
    });

    describe('removing a marketplace (marketplace import --replace)', () => {
      it('removes every event of that marketplace and only those; later appends get later positions and the streams start again', async () => {
        if (!store.removeMarketplace) return; // an engine without it: the CLI refuses --replace there
        const [gone, kept] = [randomUUID(), randomUUID()];
        const [goneStream, keptStream, shared] = [stream(gone), stream(kept), `shared-${randomUUID()}`];
        await appendOne(goneStream, 'no_stream', ev(gone), ev(gone));
        const keptEvents = (await appendOne(keptStream, 'no_stream', ev(kept))).events;
        // A stream shared by marketplaces (the list of marketplaces) loses only the removed one's events.
        await appendOne(shared, 'any', ev(gone, 'marketplace/created'));
        const sharedKept = (await appendOne(shared, 'any', ev(kept, 'marketplace/created'))).events;
        const head = await store.headPosition();

        expect(await store.removeMarketplace(gone)).toBe(3);
        expect(await readTenant(gone)).toEqual([]);
        expect(await store.readStream(goneStream)).toEqual([]);
        expect(await store.readStream(keptStream)).toEqual(keptEvents);
        expect(await readTenant(kept)).toEqual([...keptEvents, ...sharedKept]);
        expect(await store.readStream(shared)).toEqual(sharedKept);
        expect(await store.removeMarketplace(gone)).toBe(0);

        const again = (await appendOne(goneStream, 'no_stream', ev(gone))).events[0];
        expect(again.revision).toBe(0);
        expect(again.position).toBeGreaterThan(head);
        expect((await appendOne(shared, 'any', ev(gone, 'marketplace/created'))).events[0].position).toBeGreaterThan(again.position);
      });
    });

    describe('readAll', () => {
      it('returns the log in position order', async () => {
        const marketplaceId = randomUUID();
        const before = await store.headPosition();
        const [s1, s2] = [stream(marketplaceId), stream(marketplaceId)];
        const written: RecordedEvent[] = [];
        for (const [i, s] of [s1, s2, s1, s2, s2].entries()) {
          written.push(...(await appendOne(s, 'any', ev(marketplaceId, 'thing/created', { i }))).events);
        }

        const tenant = await readTenant(marketplaceId);
        expect(tenant).toEqual(written);
        expectIncreasing(tenant.map((e) => e.position));

        // Unfiltered: every event after `before`, ours among them in the same order.
        const unfiltered = await store.readAll({ after: before, limit: 100_000 });
        expectIncreasing(unfiltered.map((e) => e.position));
        expect(unfiltered.every((e) => e.position > before)).toBe(true);
        const ids = new Set(written.map((e) => e.id));
        expect(unfiltered.filter((e) => ids.has(e.id))).toEqual(written);
      });

      it('reads strictly after `after`, up to and including `until`, at most `limit` events', async () => {
        const marketplaceId = randomUUID();
        const events = await appendInOrder(marketplaceId, range(6).map((i) => ev(marketplaceId, 'thing/created', { i })));
        const positions = events.map((e) => e.position);

        expect(await readTenant(marketplaceId, { after: positions[1] })).toEqual(events.slice(2));
        expect(await readTenant(marketplaceId, { after: positions[5] })).toEqual([]);
        expect(await readTenant(marketplaceId, { until: positions[2] })).toEqual(events.slice(0, 3));
        expect(await readTenant(marketplaceId, { after: positions[0], until: positions[3] })).toEqual(events.slice(1, 4));
        expect(await readTenant(marketplaceId, { limit: 2 })).toEqual(events.slice(0, 2));
        expect(await readTenant(marketplaceId, { after: positions[2], limit: 2 })).toEqual(events.slice(3, 5));
        expect(await readTenant(marketplaceId, { after: positions[3], until: positions[4], limit: 10 })).toEqual([events[4]]);
      });

      it('pages through a tenant with `after` and `limit` without gaps or repeats', async () => {
        const marketplaceId = randomUUID();
        const events = await appendInOrder(marketplaceId, range(7).map((i) => ev(marketplaceId, 'thing/created', { i })));

        const seen: RecordedEvent[] = [];
        let after = 0;
        for (;;) {
          const page = await readTenant(marketplaceId, { after, limit: 3 });
          if (page.length === 0) break;
          seen.push(...page);
          after = page[page.length - 1].position;
        }
        expect(seen).toEqual(events);
      });

      it('filters by marketplace', async () => {
        const [m1, m2] = [randomUUID(), randomUUID()];
        const mine = await appendInOrder(m1, [ev(m1), ev(m1)]);
        await appendInOrder(m2, [ev(m2)]);
        await appendOne(stream(m1), 'any', ev(m1, 'thing/created'));

        const read = await readTenant(m1);
        expect(read).toHaveLength(3);
        expect(read.slice(0, 2)).toEqual(mine);
        expect(read.every((e) => e.metadata.marketplaceId === m1)).toBe(true);
      });

      it('filters public events only', async () => {
        const marketplaceId = randomUUID();
        const events = await appendInOrder(marketplaceId, [
          ev(marketplaceId, 'user/created', {}, { public: true }),
          ev(marketplaceId, 'session/created', {}, { public: false }),
          ev(marketplaceId, 'user/updated', {}, { public: true }),
          ev(marketplaceId, 'session/deleted', {}, { public: false }),
          ev(marketplaceId, 'user/deleted', {}, { public: true }),
        ]);

        const read = await store.readAll({ limit: 100, filter: { marketplaceId, publicOnly: true } });
        expect(read).toEqual([events[0], events[2], events[4]]);
        // The limit counts matching events, not the events looked at.
        expect(await store.readAll({ limit: 2, filter: { marketplaceId, publicOnly: true } })).toEqual([events[0], events[2]]);
      });

      it('filters by exact event types and by bare resource types', async () => {
        const marketplaceId = randomUUID();
        const types = ['user/created', 'user/updated', 'listing/created', 'user/created-draft', 'users/created', 'userx/updated'];
        const events = await appendInOrder(marketplaceId, types.map((t) => ev(marketplaceId, t)));
        const read = (eventTypes: string[]) =>
          store.readAll({ limit: 100, filter: { marketplaceId, eventTypes } }).then((es) => es.map((e) => e.type));

        expect(await read(['user/created'])).toEqual(['user/created']);
        expect(await read(['user'])).toEqual(['user/created', 'user/updated', 'user/created-draft']);
        expect(await read(['listing', 'user/updated'])).toEqual(['user/updated', 'listing/created']);
        expect(await read(['transaction'])).toEqual([]);
        expect(await read([])).toEqual(types);
        expect(await store.readAll({ limit: 1, filter: { marketplaceId, eventTypes: ['user'] } })).toEqual([events[0]]);
      });

      it('filters by event type across marketplaces', async () => {
        const [m1, m2] = [randomUUID(), randomUUID()];
        // A resource type of this test only, so other events in the log cannot match.
        const resource = `contract${randomUUID().replace(/-/g, '')}`;
        const before = await store.headPosition();
        const events = [
          ...(await appendInOrder(m1, [ev(m1, `${resource}/created`), ev(m1, 'thing/created')])),
          ...(await appendInOrder(m2, [ev(m2, `${resource}/updated`)])),
        ];

        expect(await store.readAll({ after: before, limit: 100, filter: { eventTypes: [resource] } })).toEqual([events[0], events[2]]);
        expect(await store.readAll({ after: before, limit: 100, filter: { eventTypes: [`${resource}/updated`] } })).toEqual([
          events[2],
        ]);
      });

      it('filters by resource id and by related resource id', async () => {
        const marketplaceId = randomUUID();
        const [userId, listingId, otherId] = [randomUUID(), randomUUID(), randomUUID()];
        const events = await appendInOrder(marketplaceId, [
          ev(marketplaceId, 'user/created', {}, { resourceType: 'user', resourceId: userId }),
          ev(marketplaceId, 'listing/created', {}, { resourceType: 'listing', resourceId: listingId, relatedIds: [userId] }),
          ev(marketplaceId, 'listing/created', {}, { resourceType: 'listing', resourceId: otherId, relatedIds: [randomUUID()] }),
          ev(marketplaceId, 'user/updated', {}, { resourceType: 'user', resourceId: userId }),
        ]);

        expect(await store.readAll({ limit: 100, filter: { marketplaceId, resourceId: userId } })).toEqual([events[0], events[3]]);
        expect(await store.readAll({ limit: 100, filter: { marketplaceId, resourceId: listingId } })).toEqual([events[1]]);
        expect(await store.readAll({ limit: 100, filter: { marketplaceId, relatedResourceId: userId } })).toEqual([
          events[0],
          events[1],
          events[3],
        ]);
        expect(await store.readAll({ limit: 100, filter: { marketplaceId, relatedResourceId: otherId } })).toEqual([events[2]]);
      });

      it('filters by creation time (inclusive) and combines filters', async () => {
        const marketplaceId = randomUUID();
        const events = await appendInOrder(marketplaceId, [
          ev(marketplaceId, 'user/created', {}, { createdAt: '2024-01-01T00:00:00.000Z' }),
          ev(marketplaceId, 'user/updated', {}, { createdAt: '2024-02-01T00:00:00.000Z', public: false }),
          ev(marketplaceId, 'listing/created', {}, { createdAt: '2024-02-01T00:00:00.000Z' }),
          ev(marketplaceId, 'user/updated', {}, { createdAt: '2024-03-01T00:00:00.000Z' }),
        ]);

        expect(await store.readAll({ limit: 100, filter: { marketplaceId, createdAtStart: '2024-02-01T00:00:00.000Z' } })).toEqual(
          events.slice(1),
        );
        expect(
          await store.readAll({
            limit: 100,
            filter: { marketplaceId, createdAtStart: '2024-01-15T00:00:00.000Z', publicOnly: true, eventTypes: ['user'] },
          }),
        ).toEqual([events[3]]);
      });
    });

    describe('global order under concurrent appends', () => {
      // A position is taken when an event is inserted; if appends could commit in another order than their
      // positions, a reader that moved its cursor past a later position would never see an earlier one that
      // commits after it. Large appends (slow to insert) race many small ones, through two writers (instances)
      // where the adapter has a second one, while a reader follows the log.
      it('a reader following the log by position sees every event, in order, even while appends race', async () => {
        // Rounds, so that a store without the guarantee fails every run rather than some.
        for (const _round of range(4)) {
          const marketplaceId = randomUUID();
          let cursor = await store.headPosition();
          const seen: RecordedEvent[] = [];
          let writing = true;
          const readOnce = async () => {
            const page = await store.readAll({ after: cursor, limit: 10_000, filter: { marketplaceId } });
            seen.push(...page);
            if (page.length > 0) cursor = page[page.length - 1].position;
          };
          const reader = (async () => {
            // A macrotask turn between reads, so an adapter that commits on a later turn (SQLite's batches) can.
            while (writing) await readOnce().then(() => new Promise(setImmediate));
          })();
          const big = { text: 'x'.repeat(2000) };
          const writers = [store, fixture.otherWriter ?? store];
          const results = await Promise.all(
            range(24).map((i) =>
              writers[i % 2].append([
                {
                  streamId: stream(marketplaceId),
                  expectedRevision: 'no_stream',
                  events: i % 8 === 0 ? range(300).map(() => ev(marketplaceId, 'thing/created', big)) : [ev(marketplaceId, 'thing/created', { i })],
                },
              ]),
            ),
          );
          writing = false;
          await reader;
          await readOnce();

          const written = results.flatMap((r) => r.events).sort((a, b) => a.position - b.position);
          expectIncreasing(seen.map((e) => e.position));
          expect(seen.length).toBe(written.length);
          expect(seen.map((e) => e.id)).toEqual(written.map((e) => e.id));
        }
      });
    });

    describe('readLast', () => {
      it('answers the last N matching events in log order, whatever the positions step by', async () => {
        const marketplaceId = randomUUID();
        const recorded = await appendInOrder(marketplaceId, [ev(marketplaceId, 'thing/created'), ev(marketplaceId, 'thing/updated', {}, { public: false }), ev(marketplaceId, 'thing/updated'), ev(marketplaceId, 'thing/deleted')]);
        await appendInOrder(randomUUID(), [ev(randomUUID())]);
        const last = await store.readLast(2, { marketplaceId, publicOnly: true });
        expect(last.map((e) => e.id)).toEqual([recorded[2].id, recorded[3].id]);
        expect((await store.readLast(10, { marketplaceId })).map((e) => e.id)).toEqual(recorded.map((e) => e.id));
      });
    });

    describe('headPosition', () => {
      it('is the position of the newest event', async () => {
        const marketplaceId = randomUUID();
        const before = await store.headPosition();
        expect(before).toBeGreaterThanOrEqual(0);

        const result = await appendOne(stream(marketplaceId), 'no_stream', ev(marketplaceId), ev(marketplaceId));
        const head = await store.headPosition();

        expect(head).toBeGreaterThan(before);
        // Another writer may have appended since (shared server), never less.
        expect(head).toBeGreaterThanOrEqual(result.position);
      });
    });

    describe('subscribeToAll', () => {
      it('catches up, then delivers live appends in order, one batch at a time', async () => {
        const marketplaceId = randomUUID();
        const after = await store.headPosition();
        const early = await appendInOrder(marketplaceId, range(3).map((i) => ev(marketplaceId, 'thing/created', { i })));

        const received: RecordedEvent[] = [];
        const allPositions: number[] = [];
        let inFlight = 0;
        let overlapped = false;
        const subscription = store.subscribeToAll(after, async (batch) => {
          inFlight += 1;
          if (inFlight > 1) overlapped = true;
          allPositions.push(...batch.map((e) => e.position));
          received.push(...batch.filter((e) => e.metadata.marketplaceId === marketplaceId));
          await sleep(5);
          inFlight -= 1;
        });
        try {
          await waitUntil(() => received.length >= 3);
          const live: RecordedEvent[] = [];
          for (const i of range(4)) {
            live.push(...(await appendOne(stream(marketplaceId), 'any', ev(marketplaceId, 'thing/updated', { i }))).events);
          }
          await waitUntil(() => received.length >= 7);

          expect(received).toEqual([...early, ...live]);
          expect(allPositions.every((p) => p > after)).toBe(true);
          expectIncreasing(allPositions);
          expect(overlapped).toBe(false);
        } finally {
          await subscription.close();
        }
      });

      it('delivers every event once and in order to each of several subscriptions, while this writer and another one append in turns', async () => {
        const marketplaceId = randomUUID();
        const after = await store.headPosition();
        const writers = [store, fixture.otherWriter ?? store];
        const appendBy = async (writer: EventStore, i: number) =>
          (await writer.append([{ streamId: stream(marketplaceId), expectedRevision: 'no_stream', events: [ev(marketplaceId, 'thing/created', { i })] }])).events;
        const received = range(4).map(() => [] as RecordedEvent[]);
        let slow = true;
        const subscriptions = received.map((into) =>
          store.subscribeToAll(after, async (batch) => {
            const ours = batch.filter((e) => e.metadata.marketplaceId === marketplaceId);
            into.push(...ours);
            // The first batch is slow: the other writer's append and this writer's next one both land meanwhile, so
            // the next read has to find the other writer's event between two of this writer's.
            if (ours.length > 0 && slow) await sleep(300);
          }),
        );
        try {
          const appended: RecordedEvent[] = [...(await appendBy(store, 0))];
          await sleep(50);
          appended.push(...(await appendBy(writers[1], 1)), ...(await appendBy(store, 2)));
          slow = false;
          for (const i of range(9)) appended.push(...(await appendBy(writers[Math.floor(i / 3) % 2], 3 + i)));
          await waitUntil(() => received.every((r) => r.length >= appended.length));
          await sleep(100);
          for (const r of received) expect(r.map((e) => [e.position, (e.data as { i: number }).i])).toEqual(appended.map((e) => [e.position, (e.data as { i: number }).i]));
        } finally {
          await Promise.all(subscriptions.map((s) => s.close()));
        }
      });

      it('catches up a backlog of many reads at once, without waiting for a poll between them', async () => {
        const marketplaceId = randomUUID();
        const after = await store.headPosition();
        const backlog = range(2600).map((i) => ev(marketplaceId, 'thing/created', { i }));
        for (let i = 0; i < backlog.length; i += 650) await store.append([{ streamId: stream(marketplaceId), expectedRevision: 'no_stream', events: backlog.slice(i, i + 650) }]);
        let received = 0;
        const started = Date.now();
        // Read by another instance where there is one: like a restarted server, it has heard of no append yet.
        const reader = fixture.otherWriter ?? store;
        const subscription = reader.subscribeToAll(after, async (batch) => {
          received += batch.filter((e) => e.metadata.marketplaceId === marketplaceId).length;
        });
        try {
          // Reads of a few hundred events each, one after the other: a second or two even on a loaded machine; a
          // subscription that stopped after each read and went on at the next one-second poll takes four or more.
          await waitUntil(() => received >= backlog.length, 20_000);
          expect(Date.now() - started).toBeLessThan(3500);
        } finally {
          await subscription.close();
        }
      });

      it('starts strictly after the given position and stops delivering once closed', async () => {
        const marketplaceId = randomUUID();
        const events = await appendInOrder(marketplaceId, range(3).map(() => ev(marketplaceId)));

        const received: RecordedEvent[] = [];
        const subscription = store.subscribeToAll(events[0].position, async (batch) => {
          received.push(...batch.filter((e) => e.metadata.marketplaceId === marketplaceId));
        });
        await waitUntil(() => received.length >= 2);
        await subscription.close();
        expect(received).toEqual(events.slice(1));

        await appendOne(stream(marketplaceId), 'any', ev(marketplaceId));
        await sleep(500);
        expect(received).toHaveLength(2);
      });
    });
  });
};

/** A tenant stream, named the way stream-names.ts names them (`<marketplaceId>:...`). */
const stream = (marketplaceId: string): string => `${marketplaceId}:contract-${randomUUID()}`;

const meta = (marketplaceId: string, overrides: Partial<EventMetadata> = {}): EventMetadata => ({
  marketplaceId,
  createdAt: '2024-01-01T00:00:00.000Z',
  public: true,
  ...overrides,
});

const ev = (marketplaceId: string, type = 'thing/created', data: unknown = {}, metadata: Partial<EventMetadata> = {}): NewEvent => ({
  type,
  data,
  metadata: meta(marketplaceId, metadata),
});

const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i);

const expectIncreasing = (positions: number[]): void => {
  for (let i = 1; i < positions.length; i += 1) expect(positions[i]).toBeGreaterThan(positions[i - 1]);
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const waitUntil = async (condition: () => boolean, timeoutMs = 10_000): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('Timed out waiting for the subscription');
    await sleep(20);
  }
};
