import { join } from 'node:path';
import { archiveCli } from '../archive/archive-cli';
import { BenchContext, BenchResult, BenchStore, perStore, StoreLocation } from '../bench-kit';
import { benchDatabase } from '../kit/stores';
import { bareRead } from '../rebuild/bare-read';
import { bareReadPostgres } from '../rebuild/postgres-rows';
import { eventCountFrom, seededServerLog } from '../rebuild/seed-log';


/**
 * Moving a marketplace: `marketplace export` of a marketplace's log of BENCH_ARCHIVE_EVENTS events (default
 * 50,000; members, profiles, images, listings through the real write path: bench/rebuild/seed-log.ts), then
 * `marketplace import` of the archive into an empty store (its read models built as it goes), each a child process
 * as an operator runs it, against a bare read of the same log in this process. Once per store of BENCH_STORES.
 */
export const run = (ctx: BenchContext): Promise<BenchResult[]> => perStore(ctx, (store) => onStore(ctx, store));

const onStore = async (ctx: BenchContext, store: BenchStore): Promise<BenchResult[]> => {
  const { server: first, credentials } = await seededServerLog(ctx, store, eventCountFrom('BENCH_ARCHIVE_EVENTS', 50_000));
  const bare = first.databaseUrl ? await bareReadPostgres(first.databaseUrl) : bareRead(first.dataDir);
  const file = join(ctx.tempDir('archive'), 'marketplace.tar.gz');
  ctx.log('export (child process)');
  const exported = await archiveCli(first, ['export', file, '-m', credentials.marketplaceId]);
  const events = (exported.report.counts as { events: number }).events;
  const target: StoreLocation = { dataDir: ctx.tempDir('import'), databaseUrl: null };
  if (store === 'postgres') {
    const database = await benchDatabase('archive_import');
    ctx.defer(() => database.drop());
    target.databaseUrl = database.url;
  }
  ctx.log('import into an empty store (child process)');
  const imported = await archiveCli(target, ['import', file]);
  if (imported.report.events !== events) throw new Error(`imported ${String(imported.report.events)} of ${events} events`);
  const baseline = { name: 'bare read of the log', value: bare.events / bare.seconds };
  const label = `${Math.round(events / 1000)}k events`;
  return [
    { name: `marketplace export (${label})`, unit: 'events/s', ours: { value: events / exported.seconds }, baseline, extras: { 'child s': Math.round(exported.seconds * 10) / 10 } },
    { name: `marketplace import (${label})`, unit: 'events/s', ours: { value: events / imported.seconds }, baseline, extras: { 'child s': Math.round(imported.seconds * 10) / 10 } },
  ];
};
