import type { Command } from 'commander';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { RecordedEvent } from '../event-store/event-store.port';
import { storedLog } from '../event-store/shaped-event-store';
import { Infrastructure, openInfrastructure } from '../infrastructure/composition-root';
import { ALL_PROJECTIONS } from '../../projections/registry';
import { rebuildReadModels } from '../../projections/projection-engine';
import { Config, loadConfig } from '../config';
import { emulatorClockOf } from '../payments/emulator/emulator-clock';
import { systemClock } from '../shared/clock';
import { ALL_EVENT_SHAPES } from '../infrastructure/event-shapes.registry';
import type { Lease } from '../event-sourcing/worker-leases.port';
import { runningServer } from '../server-lock';
import { MarketplaceDirectory } from '../marketplaces/marketplace-directory';
import { exportMarketplace } from '../marketplace-archive/export-marketplace';
import { importMarketplace } from '../marketplace-archive/import-marketplace';
import { removeMarketplace } from '../marketplace-archive/remove-marketplace';
import { isUuid } from '../shared/values';
import { output, withCli } from './cli-context';

/**
 * An import needs the store to itself: a running server's scheduler would run the jobs of a half-imported
 * marketplace (and its clients could act on it), and the import's next append to that stream would then conflict.
 * Embedded, a server holds the data folder's server.pid; on a shared store, a running instance holds the
 * `scheduler` lease, which the import takes and keeps until it ends (an instance starting meanwhile waits for it).
 */
export const holdStoreForImport = async (infra: Infrastructure): Promise<Lease | null> => {
  const { config } = infra;
  if (!config.databaseUrl && !config.eventStoreUrl) {
    const server = runningServer(config.dataDir);
    if (server !== null) throw new Error(`A server (pid ${server}) runs over ${config.dataDir}: stop it before importing (it would act on a half-imported marketplace).`);
    return null;
  }
  const scheduler = await infra.leases.tryAcquire('scheduler');
  if (!scheduler) throw new Error('A server instance runs on this store: stop every instance before importing (they would act on a half-imported marketplace).');
  return scheduler;
};

/**
 * The stores an import writes to. Into an empty store (a restore, a move to another engine) the events go without
 * the live projections and the read models are built once at the end by the rebuild's batch path, many times
 * faster than projecting event by event; into a store with data, each append is projected as usual. A `--replace`
 * rebuilds too: the replaced marketplace's read models (documents, search rows, snapshots) must go with its events.
 */
const openForImport = async (config: Config, replace: boolean): Promise<{ infra: Infrastructure; rebuild: boolean }> => {
  const bare = await openInfrastructure(config, []);
  if (replace || (await bare.events.headPosition()) === 0) return { infra: bare, rebuild: true };
  await bare.close();
  return { infra: await openInfrastructure(config), rebuild: false };
};

/** The read models of a store that holds only what was imported, built from its log (the server is stopped). */
const rebuildImported = async (infra: Infrastructure): Promise<void> => {
  const { config } = infra;
  const embedded = !config.databaseUrl && !config.eventStoreUrl && !config.elasticsearchUrl;
  await rebuildReadModels(infra.events, infra, ALL_PROJECTIONS, { worker: embedded });
};

/** `marketplace export` and `marketplace import` (src/marketplace-archive/: the archive's format and guarantees). */
export const registerArchiveCommands = (marketplace: Command): void => {
  marketplace
    .command('export <file>')
    .description("write one marketplace's whole log, its blobs and a manifest with checksums into one archive (.tar.gz)")
    .requiredOption('-m, --marketplace <id>', 'marketplace id')
    .option('--force', 'replace the file if it exists', false)
    .option('--json', 'machine-readable output', false)
    .action(async (file: string, opts: { marketplace: string; force: boolean; json: boolean }) => {
      const path = resolve(file);
      if (existsSync(path) && !opts.force) throw new Error(`${path} exists; give --force to replace it.`);
      await withCli(async ({ app, infra, clock }) => {
        const started = Date.now();
        const name = (await app.get(MarketplaceDirectory).state(opts.marketplace)).name ?? null;
        const source = { events: storedLog(infra.events), current: (event: RecordedEvent) => ALL_EVENT_SHAPES.current(event), blobs: infra.blobs };
        const manifest = await exportMarketplace(source, { marketplaceId: opts.marketplace, name, now: clock.now() }, path);
        const seconds = (Date.now() - started) / 1000;
        const { counts } = manifest;
        output(opts.json, { file: path, seconds, counts, missingBlobs: manifest.missingBlobs }, () =>
          [
            `Exported ${counts.events} events (${counts.streams} streams) and ${counts.blobs} blobs (${counts.blobBytes} bytes) of ${opts.marketplace} to ${path} in ${seconds.toFixed(1)} s.`,
            ...manifest.missingBlobs.map((key) => `  missing in the blob store, not exported: ${key}`),
            'Passwords and client secrets are in it as stored: hashed. Users\' private data is: keep the file private.',
          ].join('\n'),
        );
      });
    });

  marketplace
    .command('import <file>')
    .description('recreate an exported marketplace in this store (checked whole before anything is written), then its read models')
    .option('--as <id>', 'import a copy under this marketplace id (new API client ids too)')
    .option('--replace', 'replace the marketplace of that id if the store has it (its events, blobs and read models; SQLite and PostgreSQL logs)', false)
    .option('--json', 'machine-readable output', false)
    .action(async (file: string, opts: { as?: string; replace: boolean; json: boolean }) => {
      const path = resolve(file);
      if (!existsSync(path)) throw new Error(`No file ${path}.`);
      if (opts.as !== undefined && !isUuid(opts.as)) throw new Error('--as must be a marketplace id (a UUID).');
      const { infra, rebuild } = await openForImport(loadConfig(), opts.replace);
      try {
        if (opts.replace && !infra.events.stored.removeMarketplace)
          throw new Error('--replace needs a SQLite or PostgreSQL log (KurrentDB keeps deleted streams until a scavenge): import a copy with --as <new id>.');
        const held = await holdStoreForImport(infra);
        const clock = await emulatorClockOf(infra.runner, systemClock);
        const events = storedLog(infra.events);
        const current = (event: RecordedEvent) => ALL_EVENT_SHAPES.current(event);
        const target = {
          events,
          blobs: infra.blobs,
          projected: rebuild ? () => rebuildImported(infra) : (position: number) => infra.projections.waitFor(position),
          remove: (marketplaceId: string) => removeMarketplace({ events, blobs: infra.blobs, current }, marketplaceId),
        };
        const options = { as: opts.as, replace: opts.replace, now: clock.now(), shapeVersionOf: (type: string) => ALL_EVENT_SHAPES.versionOf(type) };
        const report = await importMarketplace(target, path, options).finally(() => held?.release());
        output(opts.json, report, () =>
          [
            ...(report.replaced ? [`Removed marketplace ${report.marketplaceId} first: ${report.replaced.events} events, ${report.replaced.blobs} blobs.`] : []),
            `Imported ${report.events} events and ${report.blobs} blobs as marketplace ${report.marketplaceId} in ${report.seconds.toFixed(1)} s${report.resumed ? ' (resumed an interrupted import)' : ''}.`,
            ...Object.entries(report.clientIds)
              .filter(([from, to]) => from !== to)
              .map(([from, to]) => `  API client ${from} is now ${to} (same secret)`),
            ...report.leftOut.map((line) => `  not imported: ${line}`),
          ].join('\n'),
        );
      } finally {
        await infra.close();
      }
    });
};
