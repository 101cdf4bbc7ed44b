import type { Command } from 'commander';
import { loadConfig } from '../config';
import type { ConsumerCheckpoints } from '../event-sourcing/consumer-checkpoints.port';
import { KurrentDbConsumerCheckpoints } from '../event-sourcing/kurrentdb-consumer-checkpoints';
import { reactorStatusOf, ReactorStatus } from '../event-sourcing/reactor-engine';
import { SqliteConsumerCheckpoints } from '../event-sourcing/sqlite-consumer-checkpoints';
import type { EventStore } from '../event-store/event-store.port';
import { KurrentDbEventStore } from '../event-store/kurrentdb-event-store';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import { openSqlite } from '../infrastructure/composition-root';
import { PostgresDatabase } from '../infrastructure/postgres-database';
import { PostgresConsumerCheckpoints } from '../event-sourcing/postgres-consumer-checkpoints';
import { PostgresEventStore } from '../event-store/postgres-event-store';
import { output, requireExistingStore } from './cli-context';

/** Every reactor's progress as its record says, against the log's head. */
export const reactorsReport = async (checkpoints: ConsumerCheckpoints, events: Pick<EventStore, 'headPosition'>): Promise<ReactorStatus[]> => {
  const [records, head] = await Promise.all([checkpoints.list(), events.headPosition()]);
  return records.map(({ name, ...record }) => reactorStatusOf(name, record, head));
};

/**
 * Clears a stopped reactor's stop: a running server retries it within its resume poll (5 s by default), a stopped
 * one at its next start. False when no reactor of that name has a record.
 */
export const resumeReactor = async (checkpoints: ConsumerCheckpoints, name: string, now: Date): Promise<boolean> => {
  const record = await checkpoints.load(name);
  if (!record) return false;
  await checkpoints.save(name, { ...record, attempts: 0, stoppedAt: null, updatedAt: now.toISOString() });
  return true;
};

export const formatReactors = (statuses: ReactorStatus[]): string =>
  statuses.length === 0
    ? 'No reactor has a checkpoint yet.'
    : statuses
        .map((s) =>
          [
            `${s.name}  ${s.stopped ? `STOPPED at ${s.stoppedAt}` : 'running'}  position ${s.position}  lag ${s.lag}  attempts ${s.attempts}`,
            ...(s.lastError ? [`    last error: ${s.lastError}`] : []),
          ].join('\n'),
        )
        .join('\n');

/** The stores the reactors use: the consumer checkpoints live with the log (PostgreSQL, KurrentDB, or the SQLite file). */
const withReactorStores = async <T>(work: (checkpoints: ConsumerCheckpoints, events: EventStore) => Promise<T>): Promise<T> => {
  requireExistingStore();
  const config = loadConfig();
  if (config.databaseUrl) {
    const db = await PostgresDatabase.open({ url: config.databaseUrl, schema: config.databaseSchema, maxConnections: 2 });
    try {
      return await work(await PostgresConsumerCheckpoints.open(db), await PostgresEventStore.open(db));
    } finally {
      await db.close();
    }
  }
  if (config.eventStoreUrl) {
    const events = new KurrentDbEventStore(config.eventStoreUrl);
    const checkpoints = new KurrentDbConsumerCheckpoints(config.eventStoreUrl);
    try {
      return await work(checkpoints, events);
    } finally {
      await checkpoints.close();
      await events.close();
    }
  }
  const db = openSqlite(config);
  try {
    return await work(new SqliteConsumerCheckpoints(db), new SqliteEventStore(db));
  } finally {
    db.close();
  }
};

export const registerReactorCommands = (program: Command): void => {
  const reactors = program
    .command('reactors')
    .description("the reactors (side effects of the log): each one's position, lag, attempts, last error, whether it stopped")
    .option('--json', 'machine-readable output', false)
    .action(async (opts: { json: boolean }) =>
      withReactorStores(async (checkpoints, events) => {
        const statuses = await reactorsReport(checkpoints, events);
        output(opts.json, statuses, () => formatReactors(statuses));
      }),
    );
  reactors
    .command('resume <name>')
    .description('retry a stopped reactor from the event it stopped at (a running server picks it up within seconds)')
    .action(async (name: string) =>
      withReactorStores(async (checkpoints) => {
        if (!(await resumeReactor(checkpoints, name, new Date()))) throw new Error(`No reactor named "${name}" has a checkpoint.`);
        console.log(`Reactor ${name} resumed.`);
      }),
    );
};
