import Database from 'better-sqlite3';
import type { RecordedEvent } from '../event-store/event-store.port';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import type { ConsumerCheckpoint, ConsumerCheckpoints } from './consumer-checkpoints.port';
import type { Reactor } from './reactor';
import { ReactorEngine, ReactorEngineOptions } from './reactor-engine';
import { InProcessLeases } from './worker-leases.port';
import { SqliteConsumerCheckpoints } from './sqlite-consumer-checkpoints';
import { ReadModelsNotCurrentError } from './read-model-visibility';

/** A provider that dedupes by idempotency key, as a payment provider does: counts calls and effects apart. */
class FakeProvider {
  readonly calls: string[] = [];
  readonly effects: string[] = [];
  private readonly seen = new Set<string>();

  async charge(idempotencyKey: string): Promise<void> {
    this.calls.push(idempotencyKey);
    if (this.seen.has(idempotencyKey)) return;
    this.seen.add(idempotencyKey);
    this.effects.push(idempotencyKey);
  }
}

const silent = { warn: jest.fn(), error: jest.fn() };

const payments = (provider: FakeProvider, name = 'payments'): Reactor => ({
  name,
  eventTypes: ['payment/requested'],
  react: (event) => provider.charge(event.id),
});

const setup = () => {
  const db = new Database(':memory:');
  const store = new SqliteEventStore(db);
  const checkpoints = new SqliteConsumerCheckpoints(db);
  const engines: ReactorEngine[] = [];
  const engine = (reactors: Reactor[], options: ReactorEngineOptions = {}) => {
    const e = new ReactorEngine(store, checkpoints, reactors, { logger: silent, backoffMs: 5, startFrom: 'start', ...options });
    engines.push(e);
    return e;
  };
  const append = async (type: string, data: unknown = {}, extra: Partial<RecordedEvent['metadata']> = {}): Promise<RecordedEvent> =>
    (
      await store.append([
        {
          streamId: 'mp:stream',
          expectedRevision: 'any',
          events: [{ type, data, metadata: { marketplaceId: 'mp', createdAt: '2026-01-01T00:00:00.000Z', public: false, ...extra } }],
        },
      ])
    ).events[0];
  const close = async () => {
    for (const e of engines) await e.stop();
    db.close();
  };
  return { db, store, checkpoints, engine, append, close };
};

type Setup = ReturnType<typeof setup>;

describe('ReactorEngine', () => {
  let t: Setup;
  beforeEach(() => {
    t = setup();
  });
  afterEach(() => t.close());

  it('reacts to its event types in log order, once each, and checkpoints after them', async () => {
    // given
    const seen: string[] = [];
    const reactor: Reactor = { name: 'r', eventTypes: ['a/one', 'a/two'], react: async (e) => void seen.push(e.type) };
    const engine = t.engine([reactor]);
    await t.append('a/one');
    await t.append('b/other');
    // when
    await engine.start();
    await t.append('a/two');
    const last = await t.append('b/other');
    await engine.idle();
    // then
    expect(seen).toEqual(['a/one', 'a/two']);
    expect(await engine.status()).toEqual([
      expect.objectContaining({ name: 'r', position: last.position, lag: 0, attempts: 0, lastError: null, stopped: false }),
    ]);
    // the checkpoint past the last (passed-over) event is saved at the latest when the engine stops
    await engine.stop();
    expect((await t.checkpoints.load('r'))?.position).toBe(last.position);
  });

  it('waits until the read models show the event before reacting, and never counts "behind" as a failed attempt', async () => {
    // given: read models that are behind the event for three looks (a catch-up engine lagging), then catch up
    let behindFor = 3;
    const saw: Array<{ type: string; readModelsCaughtUp: boolean }> = [];
    const visibility = {
      waitFor: async (position: number) => {
        if (behindFor > 0) {
          behindFor -= 1;
          throw new ReadModelsNotCurrentError('projection behind', position, null, position - 1);
        }
      },
    };
    const reactor: Reactor = { name: 'mails', eventTypes: ['user/created'], react: async (e) => void saw.push({ type: e.type, readModelsCaughtUp: behindFor === 0 }) };
    const engine = t.engine([reactor], { visibility, maxAttempts: 1 });
    await engine.start();
    // when
    await t.append('user/created');
    await waitUntil(async () => saw.length > 0);
    // then: it reacted once the read models showed the event, and is not stopped although one attempt is its limit
    expect(saw).toEqual([{ type: 'user/created', readModelsCaughtUp: true }]);
    await engine.idle();
    expect(await engine.status()).toEqual([expect.objectContaining({ name: 'mails', attempts: 0, stopped: false })]);
  });

  it('saves the checkpoint past events it only passed over a moment later, in one write for many batches', async () => {
    // given: a reactor of a/one and a log that appends other events, one batch each
    const reactor: Reactor = { name: 'r', eventTypes: ['a/one'], react: async () => undefined };
    const engine = new ReactorEngine(t.store, t.checkpoints, [reactor], { logger: silent, startFrom: 'start', passedOverSaveMs: 50 });
    await engine.start();
    // when
    for (let i = 0; i < 5; i++) await t.append('b/other');
    const last = await t.append('b/other');
    await engine.idle();
    // then: passed in memory at once, saved once the moment is over
    expect((await engine.status())[0].position).toBe(last.position);
    expect((await t.checkpoints.load('r'))?.position).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect((await t.checkpoints.load('r'))?.position).toBe(last.position);
    await engine.stop();
  });

  it('passes over imported events (marketplace import): the history of another store is not acted on again', async () => {
    // given: a payment requested in the source store, imported; then a new one here
    const provider = new FakeProvider();
    const engine = t.engine([payments(provider)]);
    await engine.start();
    // when
    await t.append('payment/requested', {}, { importedAt: '2026-01-02T00:00:00.000Z' });
    const fresh = await t.append('payment/requested');
    await engine.idle();
    // then
    expect(provider.calls).toEqual([fresh.id]);
  });

  it('passes over the events of its types it does not accept, saving no checkpoint for each of them', async () => {
    // given: a reactor of user/updated that acts only on bans
    const seen: unknown[] = [];
    const reactor: Reactor = {
      name: 'bans',
      eventTypes: ['user/updated'],
      accepts: (e) => (e.data as { state?: string }).state === 'banned',
      react: async (e) => void seen.push(e.data),
    };
    const saves: number[] = [];
    const counting: ConsumerCheckpoints = Object.assign(Object.create(t.checkpoints) as ConsumerCheckpoints, {
      save: (name: string, record: ConsumerCheckpoint) => {
        saves.push(record.position);
        return t.checkpoints.save(name, record);
      },
    });
    const engine = new ReactorEngine(t.store, counting, [reactor], { logger: silent, startFrom: 'start' });
    // when
    await t.append('user/updated', { profile: { bio: 'a' } });
    await t.append('user/updated', { profile: { bio: 'b' } });
    const ban = await t.append('user/updated', { state: 'banned' });
    await engine.start();
    await engine.idle();
    await engine.stop();
    // then: one reaction, one checkpoint for it (plus the first start's), none for the two passed over
    expect(seen).toEqual([{ state: 'banned' }]);
    expect(saves).toEqual([0, ban.position]);
  });

  it('performs the side effect of an event delivered again only once (idempotent by event id)', async () => {
    // given: the event was handled and checkpointed
    const provider = new FakeProvider();
    const event = await t.append('payment/requested');
    const first = t.engine([payments(provider)]);
    await first.start();
    await first.idle();
    await first.stop();
    // when: it is delivered again (the checkpoint is back at 0, as after a crash before it was saved; `save` itself
    // never moves a checkpoint back)
    t.db.prepare('UPDATE consumer_checkpoints SET position = 0 WHERE name = ?').run('payments');
    const second = t.engine([payments(provider)]);
    await second.start();
    await second.idle();
    // then
    expect(provider.calls).toEqual([event.id, event.id]);
    expect(provider.effects).toEqual([event.id]);
  });

  it('does not repeat a side effect when killed between the effect and its checkpoint', async () => {
    // given: a checkpoint store that dies when the reactor records the event it just handled
    const provider = new FakeProvider();
    let killed = false;
    const dying: ConsumerCheckpoints = {
      load: (name) => t.checkpoints.load(name),
      list: () => t.checkpoints.list(),
      close: async () => undefined,
      save: async (name: string, record: ConsumerCheckpoint) => {
        if (killed || (record.position > 0 && record.attempts === 0)) {
          killed = true;
          throw new Error('killed');
        }
        return t.checkpoints.save(name, record);
      },
    };
    const event = await t.append('payment/requested');
    const doomed = new ReactorEngine(t.store, dying, [payments(provider)], { logger: silent, startFrom: 'start', maxAttempts: 1, resumePollMs: 0 });
    await doomed.start();
    await doomed.idle();
    await doomed.stop();
    expect(provider.effects).toEqual([event.id]);
    expect((await t.checkpoints.load('payments'))?.position).toBe(0);
    // when: the server starts again
    const restarted = t.engine([payments(provider)]);
    await restarted.start();
    await restarted.idle();
    // then: the event came again, with the same key, and the provider did nothing the second time
    expect(provider.calls).toEqual([event.id, event.id]);
    expect(provider.effects).toEqual([event.id]);
    expect((await t.checkpoints.load('payments'))?.position).toBe(event.position);
  });

  it('retries a failing event with exponential backoff until it succeeds', async () => {
    // given: a reactor that fails twice
    const attemptsAt: number[] = [];
    const reactor: Reactor = {
      name: 'flaky',
      eventTypes: ['a/one'],
      react: async () => {
        attemptsAt.push(Date.now());
        if (attemptsAt.length <= 2) throw new Error(`down ${attemptsAt.length}`);
      },
    };
    const engine = t.engine([reactor], { backoffMs: 20 });
    const event = await t.append('a/one');
    // when
    await engine.start();
    await engine.idle();
    // then
    expect(attemptsAt).toHaveLength(3);
    expect(attemptsAt[1] - attemptsAt[0]).toBeGreaterThanOrEqual(18);
    expect(attemptsAt[2] - attemptsAt[1]).toBeGreaterThanOrEqual(38);
    expect(await t.checkpoints.load('flaky')).toEqual(expect.objectContaining({ position: event.position, attempts: 0, lastError: null, stoppedAt: null }));
    expect(silent.warn).toHaveBeenCalled();
  });

  it('stops a reactor after maxAttempts, keeps its error, lets the others run, and resumes it', async () => {
    // given: one reactor that always fails while the provider is down, one healthy
    let down = true;
    let failures = 0;
    const fragile: Reactor = {
      name: 'fragile',
      eventTypes: ['a/one'],
      react: async () => {
        if (down) {
          failures += 1;
          throw new Error('provider unavailable');
        }
      },
    };
    const healthySeen: number[] = [];
    const healthy: Reactor = { name: 'healthy', eventTypes: ['a/one'], react: async (e) => void healthySeen.push(e.position) };
    const engine = t.engine([fragile, healthy], { maxAttempts: 3 });
    const failing = await t.append('a/one');
    // when
    await engine.start();
    const later = await t.append('a/one');
    await engine.idle();
    // then: stopped at the failing event, with the error kept; the other one went on
    expect(failures).toBe(3);
    const status = await engine.status();
    expect(status.find((s) => s.name === 'fragile')).toEqual(
      expect.objectContaining({ position: 0, lag: later.position, attempts: 3, stopped: true, lastError: expect.stringContaining('provider unavailable') }),
    );
    expect(status.find((s) => s.name === 'healthy')).toEqual(expect.objectContaining({ position: later.position, stopped: false }));
    expect(healthySeen).toEqual([failing.position, later.position]);
    const record = await t.checkpoints.load('fragile');
    expect(record).toEqual(expect.objectContaining({ attempts: 3, stoppedAt: expect.any(String), lastError: expect.stringContaining(failing.id) }));
    // when: the provider is back and the operator resumes it
    down = false;
    await engine.resume('fragile');
    await engine.idle();
    // then
    expect(await t.checkpoints.load('fragile')).toEqual(expect.objectContaining({ position: later.position, attempts: 0, lastError: null, stoppedAt: null }));
    expect((await engine.status()).every((s) => !s.stopped && s.lag === 0)).toBe(true);
  });

  it('resumes a stopped reactor when an operator clears its stop in the store (CLI `reactors resume`)', async () => {
    let down = true;
    const reactor: Reactor = {
      name: 'fragile',
      eventTypes: ['a/one'],
      react: async () => {
        if (down) throw new Error('down');
      },
    };
    const engine = t.engine([reactor], { maxAttempts: 1, resumePollMs: 10 });
    const event = await t.append('a/one');
    await engine.start();
    await engine.idle();
    expect((await engine.status())[0].stopped).toBe(true);
    // when: another process clears the stop
    down = false;
    const record = (await t.checkpoints.load('fragile'))!;
    await t.checkpoints.save('fragile', { ...record, attempts: 0, stoppedAt: null });
    await waitUntil(async () => (await t.checkpoints.load('fragile'))?.position === event.position);
    // then
    expect((await engine.status())[0]).toEqual(expect.objectContaining({ stopped: false, lag: 0, lastError: null }));
  });

  it('keeps a stopped reactor stopped across a restart, until it is resumed', async () => {
    // given: a reactor that stopped after its attempts
    let down = true;
    const reactor: Reactor = { name: 'r', eventTypes: ['a/one'], react: async () => { if (down) throw new Error('down'); } };
    const event = await t.append('a/one');
    const first = t.engine([reactor], { maxAttempts: 2 });
    await first.start();
    await first.idle();
    await first.stop();
    expect(await t.checkpoints.load('r')).toEqual(expect.objectContaining({ position: 0, stoppedAt: expect.any(String) }));
    down = false;
    // when: an instance starts (another instance's start, or this one's restart)
    const second = t.engine([reactor]);
    await second.start();
    await second.idle();
    // then: the stopped state is the shared record's; only a resume clears it
    expect(await t.checkpoints.load('r')).toEqual(expect.objectContaining({ position: 0, stoppedAt: expect.any(String), attempts: 2 }));
    expect((await second.status())[0]).toEqual(expect.objectContaining({ stopped: true, lastError: expect.stringContaining('down') }));
    await second.resume('r');
    await second.idle();
    expect(await t.checkpoints.load('r')).toEqual(expect.objectContaining({ position: event.position, stoppedAt: null, attempts: 0 }));
  });

  it("starts a new reactor at the log's head: past events are never reacted to", async () => {
    // given: a log with old events
    const provider = new FakeProvider();
    await t.append('payment/requested');
    await t.append('payment/requested');
    const engine = t.engine([payments(provider)], { startFrom: 'head' });
    // when: the reactor is added
    await engine.start();
    await engine.idle();
    const fresh = await t.append('payment/requested');
    await engine.idle();
    // then
    expect(provider.effects).toEqual([fresh.id]);
  });

  it('runs a reactor on the one instance holding its lease; another takes over from the checkpoint when it goes', async () => {
    // given: two instances over one store and one lease table
    const provider = new FakeProvider();
    const leases = new InProcessLeases();
    const a = t.engine([payments(provider)], { leases, leaseRetryMs: 20 });
    const b = t.engine([payments(provider)], { leases, leaseRetryMs: 20 });
    await a.start();
    await b.start();
    const first = await t.append('payment/requested');
    await a.idle();
    expect((await a.status())[0].heldHere).toBe(true);
    expect((await b.status())[0]).toEqual(expect.objectContaining({ heldHere: false, position: first.position }));
    // when: the holder goes, and more events come
    await a.stop();
    const second = await t.append('payment/requested');
    await new Promise((resolve) => setTimeout(resolve, 100));
    await b.idle();
    // then: each event was reacted to once, by one instance or the other
    expect(provider.calls).toEqual([first.id, second.id]);
    expect((await b.status())[0]).toEqual(expect.objectContaining({ heldHere: true, position: second.position }));
  });

  it('continues from its checkpoint after a restart', async () => {
    const provider = new FakeProvider();
    const first = t.engine([payments(provider)]);
    const a = await t.append('payment/requested');
    await first.start();
    await first.idle();
    await first.stop();
    const b = await t.append('payment/requested');
    const second = t.engine([payments(provider)], { startFrom: 'head' });
    await second.start();
    await second.idle();
    expect(provider.calls).toEqual([a.id, b.id]);
  });

  it('waits for the side effect in flight when stopping', async () => {
    let release!: () => void;
    const done: string[] = [];
    const reactor: Reactor = {
      name: 'slow',
      eventTypes: ['a/one'],
      react: (e) =>
        new Promise<void>((resolve) => {
          release = () => {
            done.push(e.id);
            resolve();
          };
        }),
    };
    const engine = t.engine([reactor]);
    const event = await t.append('a/one');
    await engine.start();
    await waitUntil(async () => release !== undefined);
    let stopped = false;
    const stopping = engine.stop().then(() => {
      stopped = true;
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(done).toEqual([event.id]);
    expect((await t.checkpoints.load('slow'))?.position).toBe(event.position);
  });

  it('waitForIdle resolves once every running reactor has passed a position', async () => {
    const seen: number[] = [];
    const engine = t.engine([{ name: 'r', eventTypes: ['a/one'], react: async (e) => void seen.push(e.position) }]);
    await engine.start();
    const events = [await t.append('a/one'), await t.append('a/one'), await t.append('a/one')];
    await engine.waitForIdle(events[2].position);
    expect(seen).toEqual(events.map((e) => e.position));
  });
});

const waitUntil = async (condition: () => Promise<boolean>, timeoutMs = 5000): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 5));
  }
};
