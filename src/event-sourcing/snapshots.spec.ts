import Database from 'better-sqlite3';
import type { EventStore } from '../event-store/event-store.port';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import { SqliteDocumentStore } from '../read-models/sqlite-document-store';
import type { CommandContext } from '../shared/command-context';
import type { DomainEvent } from '../shared/decider';
import { decodeStored, encodeStored } from '../shared/stored-json';
import { LatLng, Money } from '../shared/values';
import { listingModel } from '../listings/listing-streams';
import { userModel } from '../users/user-streams';
import { userDecider } from '../users/domain/user.decider';
import { listingDecider } from '../listings/domain/listing.decider';
import { availabilityModel } from '../availability/availability-streams';
import { stockModel } from '../stock/stock-streams';
import type { StreamModel as Model } from './stream-model';
import { CommandRunner } from './command-runner';
import { Snapshots } from './snapshots';
import { internalStream, StreamModel } from './stream-model';

type Counter = { n: number };
type Tick = DomainEvent<'counter/ticked', Record<string, never>>;
const counter = (version: number): StreamModel<Counter, Tick> => ({
  name: 'counter',
  initialState: () => ({ n: 0 }),
  evolve: (s) => ({ n: s.n + 1 }),
  snapshotVersion: version,
});
const ctx: CommandContext = { marketplaceId: 'mp', clientId: null, userId: null, adminId: null, requestId: null, source: 'source/console', now: new Date('2026-01-01T00:00:00Z') };
const visible = { waitFor: async () => undefined };
const tick = (n: number): Tick[] => Array.from({ length: n }, () => ({ type: 'counter/ticked' as const, data: {} }));

describe('snapshots', () => {
  it('given the user and listing models, then their states survive a snapshot unchanged (types included)', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    let user = userModel.initialState();
    for (const e of userDecider.decide(
      { type: 'create', userId: 'u-1', marketplaceId: 'mp', email: 'a@example.com', passwordHash: 'h', firstName: 'A', lastName: 'B', publicData: { a: [1, { b: true }] }, protectedData: {}, privateData: {}, initialState: 'active', now },
      user,
    ))
      user = userModel.evolve(user, e);
    expect(decodeStored(encodeStored(user))).toStrictEqual(user);
    let listing = listingModel.initialState();
    const content = { title: 'Bike', price: new Money(1000, 'EUR'), geolocation: new LatLng(60.17, 24.94), publicData: { c: 'red' }, images: [] };
    for (const e of listingDecider.decide({ type: 'create', listingId: 'l-1', marketplaceId: 'mp', authorId: 'u-1', state: 'published', listing: content, now } as never, listing))
      listing = listingModel.evolve(listing, e);
    expect(listing.price).toBeInstanceOf(Money);
    expect(decodeStored(encodeStored(listing))).toStrictEqual(listing);
  });

  it('given the availability and stock models, whose reservations are a persistent map, then a snapshot keeps them through its plain form', () => {
    const through = <S>(model: Model<S>, state: S): S => (model.snapshotForm ? model.snapshotForm.read(decodeStored(encodeStored(model.snapshotForm.write(state)))) : decodeStored(encodeStored(state)));
    let seats = availabilityModel.initialState();
    for (const bookingId of ['b-1', 'b-2', 'b-3'])
      seats = availabilityModel.evolve(seats, { type: 'availability/seats-reserved', data: { bookingId, listingId: 'l-1', start: '2026-01-01T10:00:00.000Z', end: '2026-01-01T12:00:00.000Z', seats: 1 } });
    seats = availabilityModel.evolve(seats, { type: 'availability/seats-released', data: { bookingId: 'b-2', listingId: 'l-1' } });
    const seatsBack = through(availabilityModel, seats);
    expect([...seatsBack.reservations.keys()]).toEqual(['b-1', 'b-3']);
    expect(seatsBack.reservations.get('b-3')).toEqual(seats.reservations.get('b-3'));
    let stock = stockModel.initialState();
    stock = stockModel.evolve(stock, { type: 'stockReservation/created', data: { id: 'r-1', listingId: 'l-1', transactionId: 't-1', quantity: 2, state: 'pending' } });
    stock = stockModel.evolve(stock, { type: 'stockReservation/updated', data: { id: 'r-1', state: 'accepted' } });
    const stockBack = through(stockModel, stock);
    expect(stockBack.reservations.get('r-1')).toEqual({ id: 'r-1', listingId: 'l-1', transactionId: 't-1', quantity: 2, state: 'accepted' });
    expect(stockModel.evolve(stockBack, { type: 'stockReservation/updated', data: { id: 'r-1', state: 'cancelled' } }).reservations.get('r-1')!.state).toBe('cancelled');
  });

  it('given a long stream, when a new process loads it, then it folds only the events after its snapshot', async () => {
    const db = new Database(':memory:');
    const events = new SqliteEventStore(db);
    const snapshots = new Snapshots(new SqliteDocumentStore(db));
    const stream = internalStream(counter(1), 'mp:counter-1');
    await events.append([{ streamId: stream.streamId, expectedRevision: 'no_stream', events: stream.publish(ctx, { n: 0 }, tick(1200)) }]);
    // one command folds the stream (1,200 events, more than the snapshot interval) and appends one more
    await new CommandRunner(events, visible, { snapshots }).run({ ctx, streams: { c: stream }, decide: () => ({ events: { c: tick(1) } }) });
    await new Promise((resolve) => setImmediate(resolve));
    const reads: number[] = [];
    const spying: EventStore = Object.assign(Object.create(events) as EventStore, {
      readStream: (id: string, from = 0) => {
        reads.push(from);
        return events.readStream(id, from);
      },
    });
    // a new runner (an empty cache, as after a restart)
    expect((await new CommandRunner(spying, visible, { snapshots }).state(stream)).n).toBe(1201);
    expect(reads).toEqual([1200]);
    // a snapshot of another version of the fold is ignored
    reads.length = 0;
    const changed = internalStream(counter(2), 'mp:counter-1');
    expect((await new CommandRunner(spying, visible, { snapshots }).state(changed)).n).toBe(1201);
    expect(reads).toEqual([0]);
    db.close();
  });
});
