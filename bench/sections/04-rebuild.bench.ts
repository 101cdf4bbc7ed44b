import Database from 'better-sqlite3';
import { join } from 'node:path';
import { BenchContext, BenchResult, BenchStore, perStore, StoreLocation } from '../bench-kit';
import { bareRead } from '../rebuild/bare-read';
import { bareReadPostgres, postgresReadModelDigest } from '../rebuild/postgres-rows';
import { readModelDigest } from '../rebuild/read-model-rows';
import { runRebuild } from '../rebuild/run-rebuild';
import { eventCountFrom, seededServerLog } from '../rebuild/seed-log';


type Digest = Record<string, { rows: number; sha256: string }>;

/** The read models' digest (bench/rebuild/read-model-rows.ts), FTS5 by term: sorting every instance of 1M events takes minutes. */
const digestOf = async (at: StoreLocation): Promise<Digest> => {
  if (at.databaseUrl) return postgresReadModelDigest(at.databaseUrl);
  const db = new Database(join(at.dataDir, 'marketplace.db'), { readonly: true });
  try {
    return readModelDigest(db, 'terms');
  } finally {
    db.close();
  }
};

/**
 * `marketplace-server rebuild` over a marketplace's log of BENCH_REBUILD_EVENTS events (default 1,000,000): the
 * server bootstraps its dev marketplace and stops; members sign up, update their profiles, upload images, create,
 * publish, update and close listings through the real write path with the live (inline) projections
 * (bench/rebuild/marketplace-log.ts); then the operator command runs as a child process over that folder (or
 * database), as it would in production, against a bare read of the same log in this process (embedded:
 * better-sqlite3 iterate + JSON.parse; PostgreSQL: a cursor + JSON.parse). The rebuilt read models must equal the
 * live ones (digest of every table; BENCH_REBUILD_VERIFY=0 skips it). Once per store of BENCH_STORES.
 */
export const run = (ctx: BenchContext): Promise<BenchResult[]> => perStore(ctx, (store) => onStore(ctx, store));

const onStore = async (ctx: BenchContext, store: BenchStore): Promise<BenchResult[]> => {
  const { server: first, seeded } = await seededServerLog(ctx, store, eventCountFrom('BENCH_REBUILD_EVENTS', 1_000_000));

  const verify = process.env.BENCH_REBUILD_VERIFY !== '0';
  const live = verify ? await digestOf(first) : null;
  ctx.log('baseline: a bare read of the log');
  const bare = first.databaseUrl ? await bareReadPostgres(first.databaseUrl) : bareRead(first.dataDir);
  ctx.log('rebuild (child process)');
  const rebuild = await runRebuild(first);
  if (live) {
    const rebuilt = await digestOf(first);
    const differ = Object.keys(live).filter((table) => live[table].sha256 !== rebuilt[table].sha256);
    if (differ.length > 0)
      throw new Error(`the rebuilt read models differ from the live ones in ${differ.map((t) => `${t} (rows ${live[t].rows} → ${rebuilt[t].rows})`).join(', ')}`);
    ctx.log(`rebuilt read models equal the live ones (${live.documents.rows} documents, ${live.search_listings.rows} listings in search)`);
  }

  const label = `${Math.round(rebuild.events / 1000)}k events`;
  return [
    {
      name: `rebuild (${label})`,
      unit: 'events/s',
      ours: { value: rebuild.events / rebuild.seconds },
      baseline: { name: first.databaseUrl ? 'bare read (cursor + JSON.parse)' : 'bare read (iterate + JSON.parse)', value: bare.events / bare.seconds },
      extras: {
        'child s': Math.round(rebuild.seconds * 10) / 10,
        'rebuild ms (CLI)': rebuild.rebuildMs,
        target: rebuild.events / rebuild.seconds >= 20_000 ? 'met (≥ 20,000/s)' : 'MISSED (≥ 20,000/s)',
        documents: live?.documents.rows ?? '—',
        'search listings': live?.search_listings.rows ?? '—',
        verified: live ? 'equal to live' : 'skipped',
        'seed s': Math.round(seeded.seconds),
      },
    },
    {
      name: `rebuild peak memory (${label})`,
      unit: 'MB RSS',
      ours: { value: rebuild.peakRssMb },
      extras: { target: rebuild.peakRssMb <= 500 ? 'met (≤ 500 MB)' : 'MISSED (≤ 500 MB)' },
    },
  ];
};
