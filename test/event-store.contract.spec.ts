import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KurrentDbEventStore } from '../src/event-store/kurrentdb-event-store';
import { SqliteEventStore } from '../src/event-store/sqlite-event-store';
import { eventStoreContract } from './event-store.contract';

eventStoreContract('SQLite', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'event-store-contract-'));
  const db = new Database(join(dir, 'events.db'));
  db.pragma('journal_mode = WAL');
  const store = new SqliteEventStore(db);
  return {
    store,
    cleanup: async () => {
      await store.close();
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

const eventStoreUrl = process.env.EVENTSTORE_URL;
if (eventStoreUrl) {
  eventStoreContract('KurrentDB', async () => {
    const store = new KurrentDbEventStore(eventStoreUrl);
    return { store, cleanup: () => store.close() };
  });
} else {
  describe.skip('EventStore contract: KurrentDB (skipped: set EVENTSTORE_URL, e.g. kurrentdb://localhost:2113?tls=false)', () => {
    it('runs the contract against a KurrentDB server', () => undefined);
  });
}
