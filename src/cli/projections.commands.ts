import type { Command } from 'commander';
import { ALL_PROJECTIONS } from '../../projections/registry';
import { rebuildReadModels } from '../../projections/projection-engine';
import { Config, loadConfig } from '../config';
import { rebuildBesideAndSwap } from '../../projections/postgres-rebuild-beside';
import { elasticsearch } from '../infrastructure/production-adapters';
import type { PostgresEventStore } from '../event-store/postgres-event-store';
import type { ShapedEventStore } from '../event-store/shaped-event-store';
import { PostgresDatabase } from '../infrastructure/postgres-database';
import { openInfrastructure } from '../infrastructure/composition-root';
import { runningServer } from '../server-lock';
import { output, requireExistingStore } from './cli-context';
import { nonNegativeInteger } from './numeric-options';
import type { Lease, WorkerLeases } from '../event-sourcing/worker-leases.port';

export const registerProjectionCommands = (program: Command): void => {
  program
    .command('rebuild')
    .description('rebuild every read model from the event log (embedded: stop the server first; PostgreSQL, Elasticsearch: beside the live ones, swapped in while the instances serve)')
    .option('--until-seqid <n>', 'replay the log only up to this sequence id (an audit of the state at that point)', nonNegativeInteger)
    .option('--force', 'rebuild even though a server runs over this data folder (never with --until-seqid)', false)
    .option('--json', 'print the result as JSON', false)
    .action(async (opts: { untilSeqid?: number; force: boolean; json: boolean }) => {
      requireExistingStore();
      const config = loadConfig();
      // PostgreSQL and Elasticsearch: the new read models are built beside the live ones and swapped in (a table
      // swap, an alias swap); instances serve throughout.
      const besideLive = Boolean(config.databaseUrl || config.elasticsearchUrl) && opts.untilSeqid === undefined;
      const server = besideLive ? null : runningServer(config.dataDir);
      // An "as of" rebuild would leave a running server serving the past for good (its next writes move the
      // checkpoint past the gap), so it is never forced: it is for a stopped server's folder, or a copy of it.
      if (server !== null && opts.untilSeqid !== undefined)
        throw new Error(`A server (pid ${server}) runs over ${config.dataDir}: --until-seqid needs it stopped (--force does not apply). Stop it, or run the rebuild on a copy of the data folder (DATA_DIR=<copy>).`);
      if (server !== null && !opts.force)
        throw new Error(`A server (pid ${server}) runs over ${config.dataDir}: stop it first, or pass --force (its reads are wrong until the rebuild ends).`);
      // Only the stores, no Nest application. Embedded, no projection is started either: the inline engine would
      // first catch the read models up from their checkpoints, batch by batch, only for the rebuild to drop them.
      const embedded = !config.eventStoreUrl && !config.elasticsearchUrl && !config.databaseUrl;
      const infra = await openInfrastructure(config, embedded ? [] : ALL_PROJECTIONS);
      const held: Lease[] = [];
      try {
        if (besideLive) held.push(await oneRebuildAtATime(infra.leases));
        else if (config.databaseUrl || config.eventStoreUrl) held.push(...(await holdSharedStoreForRebuild(infra.leases, opts)));
        const started = Date.now();
        let last = 0;
        const onProgress = (done: number, total: number) => {
          if (Date.now() - last < 500 && done < total) return;
          last = Date.now();
          process.stderr.write(`\rreplayed ${total ? Math.round((100 * done) / total) : 100}% of the log`);
        };
        // Every event the rebuild reads is brought to its current shape: the operator sees how many were not in it.
        const upcasts = infra.events.countUpcasts();
        const result = besideLive
          ? config.databaseUrl
            ? await rebuildBesideLive(config, infra.events as ShapedEventStore<PostgresEventStore>, onProgress)
            : await elasticsearch().rebuildBesideAndSwapElasticsearch(infra.events, ALL_PROJECTIONS, { node: config.elasticsearchUrl!, indexPrefix: config.elasticsearchIndexPrefix, onProgress })
          : // The server is stopped and nothing else runs here: the replay may run in a worker thread.
            await rebuildReadModels(infra.events, infra, ALL_PROJECTIONS, { until: opts.untilSeqid, worker: true, onProgress });
        process.stderr.write('\n');
        const ms = Date.now() - started;
        const versionOf = (type: string) => infra.events.shapes.versionOf(type);
        output(opts.json, { projections: ALL_PROJECTIONS.length, events: result.events, ms, upcast: { events: upcasts.total, byType: upcasts.byType } }, () =>
          [
            `Rebuilt ${ALL_PROJECTIONS.length} projections from ${result.events} events in ${ms} ms.`,
            upcasts.total === 0 ? 'Every event was in its current shape.' : `${upcasts.total} events were upcast from older shapes:`,
            ...upcasts.lines(versionOf).map((line) => `  ${line}`),
          ].join('\n'),
        );
      } finally {
        for (const lease of held) await lease.release();
        await infra.close();
      }
    });
};

/** PostgreSQL: the new read models built beside the live ones and swapped in (projections/postgres-rebuild-beside.ts). */
const rebuildBesideLive = async (config: Config, events: ShapedEventStore<PostgresEventStore>, onProgress: (done: number, total: number) => void) => {
  // A pool of its own for the swap's schema statements (the stores' pool is the composition root's).
  const live = await PostgresDatabase.open({ url: config.databaseUrl!, schema: config.databaseSchema, statementTimeoutMs: config.databaseStatementTimeoutMs, maxConnections: 2 });
  try {
    return await rebuildBesideAndSwap(events, live, ALL_PROJECTIONS, {
      url: config.databaseUrl!,
      schema: config.databaseSchema,
      statementTimeoutMs: config.databaseStatementTimeoutMs,
      onProgress,
    });
  } finally {
    await live.close();
  }
};

const oneRebuildAtATime = async (leases: WorkerLeases): Promise<Lease> => {
  const rebuild = await leases.tryAcquire('rebuild');
  if (!rebuild) throw new Error('Another rebuild is running on this store: wait for it to end.');
  return rebuild;
};

/**
 * On a shared store the data folder's server.pid says nothing of the instances elsewhere: the store's leases do.
 * One rebuild at a time per store (the `rebuild` lease), and a server instance running on the store (one holds
 * the `scheduler` lease) is treated as the local server is. The leases are held until the rebuild ends, so no
 * instance starting meanwhile runs the scheduler over half-built read models.
 */
const holdSharedStoreForRebuild = async (leases: WorkerLeases, opts: { untilSeqid?: number; force: boolean }): Promise<Lease[]> => {
  const rebuild = await oneRebuildAtATime(leases);
  const scheduler = await leases.tryAcquire('scheduler');
  if (!scheduler && opts.untilSeqid !== undefined) {
    await rebuild.release();
    throw new Error('A server instance runs on this store: --until-seqid needs every instance stopped (--force does not apply), or a copy of the store.');
  }
  if (!scheduler && !opts.force) {
    await rebuild.release();
    throw new Error('A server instance runs on this store: stop every instance first, or pass --force (their reads are wrong until the rebuild ends).');
  }
  return scheduler ? [rebuild, scheduler] : [rebuild];
};
