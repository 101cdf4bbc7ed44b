import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { BenchContext, BenchResult } from '../bench-kit';
import { bareRead } from '../rebuild/bare-read';
import { readModelDigest } from '../rebuild/read-model-rows';
import { runRebuild } from '../rebuild/run-rebuild';
import { seedMarketplaceLog } from '../rebuild/seed-log';

const eventsWanted = (): number => {
  const n = Number(process.env.BENCH_REBUILD_EVENTS);
  return Number.isInteger(n) && n > 0 ? n : 1_000_000;
};

/** The read models' digest (bench/rebuild/read-model-rows.ts), FTS5 by term: sorting every instance of 1M events takes minutes. */
const digestOf = (dataDir: string) => {
  const db = new Database(join(dataDir, 'marketplace.db'), { readonly: true });
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
 * (bench/rebuild/marketplace-log.ts); then the operator command runs as a child process over that folder, as it
 * would in production, against a bare read of the same log (better-sqlite3 iterate + JSON.parse) in this process.
 * The rebuilt read models must equal the live ones (digest of every table; BENCH_REBUILD_VERIFY=0 skips it).
 */
export const run = async (ctx: BenchContext): Promise<BenchResult[]> => {
  const count = eventsWanted();
  const first = await ctx.startServer();
  await first.stop();
  const { dataDir, credentials } = first;
  ctx.log(`seeding ${count} events`);
  const seeded = await seedMarketplaceLog(dataDir, credentials.marketplaceId, credentials.marketplaceApi.clientId, count, ctx.log);
  ctx.log(`seeded ${seeded.events} events in ${seeded.seconds.toFixed(1)} s`);

  const verify = process.env.BENCH_REBUILD_VERIFY !== '0';
  const live = verify ? digestOf(dataDir) : null;
  ctx.log('baseline: a bare read of the log');
  const bare = bareRead(dataDir);
  ctx.log('rebuild (child process)');
  const rebuild = await runRebuild(dataDir);
  if (live) {
    const rebuilt = digestOf(dataDir);
    const differ = Object.keys(live).filter((table) => live[table].sha256 !== rebuilt[table].sha256);
    if (differ.length > 0) throw new Error(`the rebuilt read models differ from the live ones in ${differ.join(', ')}`);
    ctx.log(`rebuilt read models equal the live ones (${live.documents.rows} documents, ${live.search_listings.rows} listings in search)`);
  }

  const label = `${Math.round(rebuild.events / 1000)}k events`;
  return [
    {
      name: `rebuild (${label})`,
      unit: 'events/s',
      ours: { value: rebuild.events / rebuild.seconds },
      baseline: { name: 'bare read (iterate + JSON.parse)', value: bare.events / bare.seconds },
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
