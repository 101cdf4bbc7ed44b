import Database from 'better-sqlite3';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import type { EventStore } from '../event-store/event-store.port';
import { ApiError, conflict } from '../shared/api-error';
import type { CommandContext } from '../shared/command-context';
import type { DomainEvent } from '../shared/decider';
import { InterleavingEventStore } from '../../test/support/interleaving-event-store';
import { Ledger, ledgerModel } from '../../test/support/ledger-model';
import { AppendUnansweredError } from '../event-store/event-store.port';
import { CommandRunner } from './command-runner';
import { listenForReadModelsBehind, ReadModelsNotCurrentError } from './read-model-visibility';
import { StateCache } from './state-cache';
import { internalStream, StreamModel } from './stream-model';

type Booking = { exists: boolean };
type BookingEvent = DomainEvent<'booking/made', { seats: number }>;
const bookingModel: StreamModel<Booking, BookingEvent> = { name: 'booking', initialState: () => ({ exists: false }), evolve: () => ({ exists: true }) };

const ctx: CommandContext = { marketplaceId: 'mp', clientId: null, userId: null, adminId: null, requestId: null, source: 'source/console', now: new Date('2026-01-01T00:00:00Z') };
const ledger = (id: string) => internalStream(ledgerModel, `mp:ledger-${id}`);
const booking = (id: string) => internalStream(bookingModel, `mp:booking-${id}`);
const visible = { waitFor: async () => undefined };

const open = (runner: CommandRunner, id: string, capacity: number) =>
  runner.run({ ctx, streams: { ledger: ledger(id) }, decide: () => ({ events: { ledger: [{ type: 'ledger/opened' as const, data: { capacity } }] } }) });

/** A booking takes a seat from each of two ledgers (a listing's seats and its stock, say), all or nothing. */
const book = (runner: CommandRunner, bookingId: string) =>
  runner.run({
    ctx,
    streams: { booking: booking(bookingId), seats: ledger('seats'), stock: ledger('stock') },
    decide: (s) => {
      if (s.booking.exists) throw conflict('booking-exists', 'exists');
      for (const l of [s.seats, s.stock]) if (l.held + 1 > l.capacity) throw conflict('no-seat', 'No seat left.');
      const reserve = [{ type: 'ledger/reserved' as const, data: { seats: 1 } }];
      return { events: { booking: [{ type: 'booking/made' as const, data: { seats: 1 } }], seats: reserve, stock: reserve }, result: bookingId };
    },
  });

const stores = () => {
  const db = new Database(':memory:');
  return { sqlite: new SqliteEventStore(db), close: () => db.close() };
};

describe('CommandRunner', () => {
  it('given an append the store wrote but whose answer was lost, when run, then it is repeated with the same ids and stored once', async () => {
    const { sqlite, close } = stores();
    let calls = 0;
    const losesFirstAnswer: EventStore = Object.assign(Object.create(sqlite) as EventStore, {
      append: async (appends: Parameters<EventStore['append']>[0]) => {
        calls += 1;
        const result = await sqlite.append(appends);
        if (calls === 1) throw new AppendUnansweredError('deadline exceeded');
        return result;
      },
    });
    const runner = new CommandRunner(losesFirstAnswer, visible);
    const outcome = await open(runner, 'seats', 2);
    expect(calls).toBe(2);
    const stored = await sqlite.readStream('mp:ledger-seats');
    expect(stored.map((e) => e.id)).toEqual(outcome.events.map((e) => e.id));
    expect(stored).toHaveLength(1);
    close();
  });

  it('given read models that stay behind, when a command is stored, then it answers and says how far behind they are', async () => {
    const { sqlite, close } = stores();
    const behind = { waitFor: async (position: number) => Promise.reject(new ReadModelsNotCurrentError('projection failing', position, { message: 'boom' }, 0)) };
    const warnings: string[] = [];
    const heard: unknown[] = [];
    const runner = new CommandRunner(sqlite, behind, { warn: (m) => warnings.push(m) });
    // The listener of the request the command runs for (the HTTP layer's), not of another request.
    const stop = listenForReadModelsBehind('request-1', (b) => heard.push(b));
    const other = listenForReadModelsBehind('request-2', () => heard.push('the wrong request'));
    const outcome = await runner.run({ ctx: { ...ctx, requestId: 'request-1' }, streams: { ledger: ledger('seats') }, decide: () => ({ events: { ledger: [{ type: 'ledger/opened' as const, data: { capacity: 2 } }] } }) });
    stop();
    other();
    expect(outcome.readModelsBehind).toEqual({ position: outcome.position, applied: 0, reason: 'projection failing' });
    expect(heard).toEqual([outcome.readModelsBehind]);
    expect(warnings).toHaveLength(1);
    expect(await sqlite.readStream('mp:ledger-seats')).toHaveLength(1);
    close();
  });

  it('given a slow flush, when two commands race on one stream, then the loser decides again once the winner is committed, before it is durable', async () => {
    const db = new Database(':memory:');
    // The embedded store's group commit, with a flush that takes 50 ms (a slow disk).
    const slowFlush = { afterCommit: () => new Promise<void>((resolve) => setTimeout(resolve, 50)), afterCommitSync: () => undefined, close: () => undefined };
    const runner = new CommandRunner(new SqliteEventStore(db, slowFlush as never), visible);
    await open(runner, 'seats', 2);
    const log: string[] = [];
    const take = (name: string) =>
      runner
        .run({
          ctx,
          streams: { seats: ledger('seats') },
          decide: (s) => {
            log.push(`${name} decides at ${s.seats.held}`);
            return { events: { seats: [{ type: 'ledger/reserved' as const, data: { seats: 1 } }] } };
          },
        })
        .then(() => log.push(`${name} answered`));
    await Promise.all([take('a'), take('b')]);
    // b lost the race at 0 and decided again at 1 while a's flush ran; then both answered (durable).
    expect(log).toEqual(['a decides at 0', 'b decides at 0', 'b decides at 1', 'a answered', 'b answered']);
    db.close();
  });

  it('given three streams, when a decision changes them, then all are appended in one atomic append at their revisions', async () => {
    const { sqlite, close } = stores();
    const runner = new CommandRunner(sqlite, visible);
    await open(runner, 'seats', 2);
    await open(runner, 'stock', 5);
    const outcome = await book(runner, 'b1');
    expect(outcome.result).toBe('b1');
    expect(outcome.events.map((e) => [e.streamId, e.revision])).toEqual([
      ['mp:booking-b1', 0],
      ['mp:ledger-seats', 1],
      ['mp:ledger-stock', 1],
    ]);
    expect(outcome.after.seats.held).toBe(1);
    expect((await sqlite.readStream('mp:ledger-stock')).map((e) => e.type)).toEqual(['ledger/opened', 'ledger/reserved']);
    close();
  });

  it('given a decision that throws, when run, then nothing of it is appended', async () => {
    const { sqlite, close } = stores();
    const runner = new CommandRunner(sqlite, visible);
    await open(runner, 'seats', 1);
    await open(runner, 'stock', 0);
    await expect(book(runner, 'b1')).rejects.toMatchObject({ code: 'no-seat' });
    expect(await sqlite.readStream('mp:booking-b1')).toEqual([]);
    expect(await sqlite.readStream('mp:ledger-seats')).toHaveLength(1);
    close();
  });

  it('given a concurrent append between its read and its append, when run, then it decides again on the new state and wins', async () => {
    const { sqlite, close } = stores();
    let appends = 0;
    // The first append of the decision loses a race: another command takes a seat just before it.
    const racing: EventStore = Object.assign(Object.create(sqlite) as EventStore, {
      append: async (a: Parameters<EventStore['append']>[0]) => {
        appends += 1;
        if (appends === 3) await sqlite.append([{ streamId: 'mp:ledger-seats', expectedRevision: 'any', events: ledgerEvent() }]);
        return sqlite.append(a);
      },
    });
    const runner = new CommandRunner(racing, visible);
    await open(runner, 'seats', 3);
    await open(runner, 'stock', 3);
    const outcome = await book(runner, 'b1');
    expect(outcome.before.seats.held).toBe(1);
    expect(outcome.after.seats.held).toBe(2);
    expect(appends).toBe(4);
    close();
  });

  it('given conflicts on every attempt, when the retries run out, then 409 conflict and nothing appended', async () => {
    const { sqlite, close } = stores();
    const runner = new CommandRunner(sqlite, visible, { attempts: 3 });
    await open(runner, 'seats', 9);
    await open(runner, 'stock', 9);
    const alwaysRacing: EventStore = Object.assign(Object.create(sqlite) as EventStore, {
      append: async (a: Parameters<EventStore['append']>[0]) => {
        await sqlite.append([{ streamId: 'mp:ledger-seats', expectedRevision: 'any', events: ledgerEvent() }]);
        return sqlite.append(a);
      },
    });
    const error = await new CommandRunner(alwaysRacing, visible, { attempts: 3 }).run(bookingCommand('b1')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'conflict' });
    expect(await sqlite.readStream('mp:booking-b1')).toEqual([]);
    close();
  });

  describe('contended streams (commands committed together by group commit all decide on one revision)', () => {
    const contend = async (lanes: boolean) => {
      const { sqlite, close } = stores();
      const runner = new CommandRunner(sqlite, visible, { attempts: 2, ...(lanes ? {} : { lanes: null }) });
      await open(runner, 'seats', 100);
      await open(runner, 'stock', 100);
      const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => book(runner, `b${i}`)));
      const held = (await sqlite.readStream('mp:ledger-seats')).length - 1;
      close();
      return { won: results.filter((r) => r.status === 'fulfilled').length, held };
    };

    it('given 20 concurrent bookings on two ledgers and 2 attempts each, when the losers decide again in turn, then all succeed', async () => {
      expect(await contend(true)).toEqual({ won: 20, held: 20 });
    });

    it('given the same without turns, then most of them run out of attempts (the test above can fail)', async () => {
      const { won, held } = await contend(false);
      expect(won).toBeLessThan(20);
      expect(held).toBe(won);
    });
  });

  describe('no overbooking under interleaving decisions (docs/invariants.md, invariant 3)', () => {
    const race = async (checkRevisions: boolean) => {
      const { sqlite, close } = stores();
      const runner = new CommandRunner(new InterleavingEventStore(sqlite, { checkRevisions }), visible, { attempts: 50 });
      await open(runner, 'seats', 1);
      await open(runner, 'stock', 100);
      const results = await Promise.allSettled(Array.from({ length: 100 }, (_, i) => book(runner, `b${i}`)));
      const held = (await sqlite.readStream('mp:ledger-seats')).length - 1;
      close();
      return { won: results.filter((r) => r.status === 'fulfilled').length, held, codes: new Set(results.flatMap((r) => (r.status === 'rejected' ? [(r.reason as ApiError).code] : []))) };
    };

    it('given 100 concurrent bookings for the last seat, when decided, then exactly one wins and the others find no seat', async () => {
      const { won, held, codes } = await race(true);
      expect(won).toBe(1);
      expect(held).toBe(1);
      expect(codes).toEqual(new Set(['no-seat']));
    });

    it('given the same race on a store without expected revisions, then the seat is oversold (the test above can fail)', async () => {
      const { won, held } = await race(false);
      expect(won).toBeGreaterThan(1);
      expect(held).toBeGreaterThan(1);
    });
  });

  it('given a cached state, when another writer appends, then the next decision folds only the new events and sees them', async () => {
    const { sqlite, close } = stores();
    const runner = new CommandRunner(sqlite, visible);
    await open(runner, 'seats', 5);
    expect((await runner.state(ledger('seats'))).held).toBe(0);
    await sqlite.append([{ streamId: 'mp:ledger-seats', expectedRevision: 0, events: ledgerEvent() }]);
    const reads: Array<number | undefined> = [];
    const spying: EventStore = Object.assign(Object.create(sqlite) as EventStore, {
      readStream: (id: string, from?: number) => {
        reads.push(from);
        return sqlite.readStream(id, from);
      },
    });
    expect((await new CommandRunner(spying, visible, { cache: (runner as unknown as { cache: StateCache }).cache }).state(ledger('seats'))).held).toBe(1);
    expect(reads).toEqual([1]);
    close();
  });
});

const ledgerEvent = () => [
  { type: 'ledger/reserved', data: { seats: 1 }, metadata: { marketplaceId: 'mp', createdAt: ctx.now.toISOString(), public: false } },
];

const bookingCommand = (bookingId: string) => ({
  ctx,
  streams: { booking: booking(bookingId), seats: ledger('seats') },
  decide: (s: { booking: Booking; seats: Ledger }) => ({
    events: { booking: [{ type: 'booking/made' as const, data: { seats: 1 } }], seats: [{ type: 'ledger/reserved' as const, data: { seats: 1 } }] },
  }),
});
