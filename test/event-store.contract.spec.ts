import { KurrentDbEventStore } from '../src/event-store/kurrentdb-event-store';
import { PostgresEventStore } from '../src/event-store/postgres-event-store';
import { PostgresDatabase } from '../src/infrastructure/postgres-database';
import { SqliteEventStore } from '../src/event-store/sqlite-event-store';
import { ShapedEventStore } from '../src/event-store/shaped-event-store';
import { ALL_EVENT_SHAPES } from '../src/infrastructure/event-shapes.registry';
import { onTempSqlite } from './support/temp-sqlite';
import { onFreshPostgres, skipWithoutPostgres } from './support/postgres';
import { eventStoreContract } from './event-store.contract';

eventStoreContract('SQLite', onTempSqlite('event-store-contract', (db) => new SqliteEventStore(db)));

// The port every reader gets: the shaped decorator keeps the contract whatever the adapter under it.
eventStoreContract('SQLite, shaped', async () => ({
  ...(await onTempSqlite('event-store-contract', (db) => new ShapedEventStore(new SqliteEventStore(db, null, ALL_EVENT_SHAPES), ALL_EVENT_SHAPES))()),
  stampsShapeVersions: true,
}));

if (skipWithoutPostgres('EventStore contract: PostgreSQL')) {
  eventStoreContract('PostgreSQL', async () => {
    const fixture = await onFreshPostgres('event-store', PostgresEventStore.open)();
    // Another instance: a pool and a store of its own over the same database.
    const otherDb = await PostgresDatabase.open({ url: fixture.url });
    const otherWriter = await PostgresEventStore.open(otherDb);
    return {
      ...fixture,
      otherWriter,
      cleanup: async () => {
        await otherWriter.close();
        await otherDb.close();
        await fixture.cleanup();
      },
    };
  }, { chains: true });
}

const eventStoreUrl = process.env.EVENTSTORE_URL;
if (eventStoreUrl) {
  eventStoreContract('KurrentDB', async () => {
    const store = await KurrentDbEventStore.connect(eventStoreUrl);
    return { store, cleanup: () => store.close() };
  });
} else {
  describe.skip('EventStore contract: KurrentDB (skipped: set EVENTSTORE_URL, e.g. kurrentdb://localhost:2113?tls=false)', () => {
    it('runs the contract against a KurrentDB server', () => undefined);
  });
}
