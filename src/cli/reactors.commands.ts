import type { Command } from 'commander';
import { loadConfig } from '../config';
import type { ConsumerCheckpoints } from '../event-sourcing/consumer-checkpoints.port';
import { reactorStatusOf, ReactorStatus } from '../event-sourcing/reactor-engine';
import { resumeReactor } from '../event-sourcing/reactor-controls';
import { SqliteConsumerCheckpoints } from '../event-sourcing/sqlite-consumer-checkpoints';
import type { EventStore } from '../event-store/event-store.port';
import { kurrentDb } from '../infrastructure/production-adapters';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import { openSqlite } from '../infrastructure/composition-root';
import { PostgresDatabase } from '../infrastructure/postgres-database';
import { PostgresConsumerCheckpoints } from '../event-sourcing/postgres-consumer-checkpoints';
import { PostgresEventStore } from '../event-store/postgres-event-store';
import { output, requireExistingStore } from './cli-context';
import { CURSOR_PREFIX } from '../webhooks/domain/webhook-subscription';

/** Every reactor's progress as its record says, against the log's head. */
export const reactorsReport = async (checkpoints: ConsumerCheckpoints, events: Pick<EventStore, 'headPosition'>): Promise<ReactorStatus[]> => {
  const [records, head] = await Promise.all([checkpoints.list(), events.headPosition()]);
  // Webhook cursors share the checkpoint table; `webhooks list` and `webhooks deliveries` show them.
  return records.filter(({ name }) => !name.startsWith(CURSOR_PREFIX)).map(({ name, ...record }) => reactorStatusOf(name, record, head));
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
    const { KurrentDbEventStore, KurrentDbConsumerCheckpoints } = kurrentDb();
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
    // With the program's positional options: `reactors resume x --json` is resume's --json, not this command's.
    .enablePositionalOptions()
    .action(async (opts: { json: boolean }) =>
      withReactorStores(async (checkpoints, events) => {
        const statuses = await reactorsReport(checkpoints, events);
        output(opts.json, statuses, () => formatReactors(statuses));
      }),
    );
  reactors
    .command('resume <name>')
    .description('retry a stopped reactor from the event it stopped at (a running server picks it up within seconds)')
    .option('--json', 'machine-readable output: {"name", "resumed", "wasStopped"}', false)
    .action(async (name: string, opts: { json: boolean }) =>
      withReactorStores(async (checkpoints) => {
        const outcome = await resumeReactor(checkpoints, name, new Date());
        if (outcome === 'unknown') throw new Error(`No reactor named "${name}" has a checkpoint.`);
        output(opts.json, { name, resumed: outcome === 'resumed', wasStopped: outcome === 'resumed' }, () =>
          outcome === 'resumed' ? `Reactor ${name} resumed.` : `Reactor ${name} was not stopped: nothing to resume.`,
        );
      }),
    );
};
