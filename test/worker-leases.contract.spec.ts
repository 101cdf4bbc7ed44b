import { Client } from 'pg';
import { KurrentDbWorkerLeases } from '../src/event-sourcing/kurrentdb-worker-leases';
import { PostgresWorkerLeases } from '../src/event-sourcing/postgres-worker-leases';
import { InProcessLeases, WorkerLeases } from '../src/event-sourcing/worker-leases.port';
import { PostgresDatabase } from '../src/infrastructure/postgres-database';
import { freshPostgresDatabase, skipWithoutPostgres } from './support/postgres';
import { workerLeasesContract } from './worker-leases.contract';

workerLeasesContract('in-process (embedded)', async () => ({
  holder: async () => new InProcessLeases(),
  takeoverMs: 0,
  shared: false,
  cleanup: async () => undefined,
}));

if (skipWithoutPostgres('WorkerLeases contract: PostgreSQL')) {
  workerLeasesContract('PostgreSQL', async () => {
    const database = await freshPostgresDatabase('worker-leases');
    const pools = new Map<WorkerLeases, { db: PostgresDatabase; application: string }>();
    let holders = 0;
    return {
      // Each holder is an instance of its own: its own pool and lock connection, told apart by application_name.
      holder: async () => {
        holders += 1;
        const application = `lease-holder-${holders}`;
        const url = new URL(database.url);
        url.searchParams.set('application_name', application);
        const db = await PostgresDatabase.open({ url: url.toString() });
        const leases = new PostgresWorkerLeases(db, { heartbeatMs: 200 });
        pools.set(leases, { db, application });
        return leases;
      },
      // As the server sees a holder killed with kill -9: its sessions end without a word.
      kill: async (leases) => {
        const admin = new Client({ connectionString: database.url });
        await admin.connect();
        try {
          await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1', [pools.get(leases)!.application]);
        } finally {
          await admin.end();
        }
      },
      takeoverMs: 2000,
      shared: true,
      cleanup: async () => {
        for (const [leases, { db }] of pools) {
          await leases.close();
          await db.close().catch(() => undefined);
        }
        await database.drop();
      },
    };
  });
}

const eventStoreUrl = process.env.EVENTSTORE_URL;
if (eventStoreUrl) {
  workerLeasesContract('KurrentDB', async () => ({
    holder: async () => new KurrentDbWorkerLeases(eventStoreUrl, { termMs: 1500 }),
    takeoverMs: 3000,
    shared: true,
    cleanup: async () => undefined,
  }));
} else {
  describe.skip('WorkerLeases contract: KurrentDB (skipped: set EVENTSTORE_URL, e.g. kurrentdb://localhost:2113?tls=false)', () => {
    it('runs the contract against a KurrentDB server', () => undefined);
  });
}
