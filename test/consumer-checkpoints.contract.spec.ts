import { KurrentDbConsumerCheckpoints } from '../src/event-sourcing/kurrentdb-consumer-checkpoints';
import { PostgresConsumerCheckpoints } from '../src/event-sourcing/postgres-consumer-checkpoints';
import { SqliteConsumerCheckpoints } from '../src/event-sourcing/sqlite-consumer-checkpoints';
import { PostgresDocumentStore } from '../src/read-models/postgres-document-store';
import { SqliteDocumentStore } from '../src/read-models/sqlite-document-store';
import { onFreshPostgres, skipWithoutPostgres } from './support/postgres';
import { onTempSqlite } from './support/temp-sqlite';
import { consumerCheckpointsContract } from './consumer-checkpoints.contract';

consumerCheckpointsContract('SQLite', async () => {
  let documents: SqliteDocumentStore | undefined;
  const fixture = await onTempSqlite('consumer-checkpoints-contract', (db) => {
    // The read models of the same file: their reset() (rebuild) must leave the checkpoints alone.
    documents = new SqliteDocumentStore(db);
    return new SqliteConsumerCheckpoints(db);
  })();
  return { ...fixture, resetReadModels: () => documents!.reset() };
});

if (skipWithoutPostgres('ConsumerCheckpoints contract: PostgreSQL')) {
  consumerCheckpointsContract('PostgreSQL', async () => {
    const fixture = await onFreshPostgres('consumer-checkpoints', PostgresConsumerCheckpoints.open)();
    // The read models of the same installation: their reset() (rebuild) must leave the checkpoints alone.
    const documents = await PostgresDocumentStore.open(fixture.db);
    return { ...fixture, resetReadModels: () => documents.reset() };
  });
}

const eventStoreUrl = process.env.EVENTSTORE_URL;
if (eventStoreUrl) {
  consumerCheckpointsContract('KurrentDB', async () => {
    const store = new KurrentDbConsumerCheckpoints(eventStoreUrl);
    return { store, cleanup: () => store.close() };
  });
} else {
  describe.skip('ConsumerCheckpoints contract: KurrentDB (skipped: set EVENTSTORE_URL, e.g. kurrentdb://localhost:2113?tls=false)', () => {
    it('runs the contract against a KurrentDB server', () => undefined);
  });
}
