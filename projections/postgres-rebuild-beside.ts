import type { Projection } from '../src/event-sourcing/projection';
import type { PostgresEventStore } from '../src/event-store/postgres-event-store';
import type { ShapedEventStore } from '../src/event-store/shaped-event-store';
import { PostgresDatabase } from '../src/infrastructure/postgres-database';
import { PostgresDocumentStore } from '../src/read-models/postgres-document-store';
import { PostgresListingSearch } from '../src/search/postgres-listing-search';
import { bulkRebuildBeside } from './postgres-bulk-rebuild';
import { replayInto } from './projection-engine';

export interface RebuildBesideOptions {
  /** The URL and schema the live installation uses. */
  url: string;
  schema: string;
  statementTimeoutMs?: number;
  /** Catch-up rounds beside the live read models stop once the rest is at most this many positions (default 1000). */
  swapWithinPositions?: number;
  onProgress?: (done: number, total: number) => void;
}

const quote = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/**
 * Rebuilds the read models of a PostgreSQL installation while its instances serve (issue 26, rebuild without
 * downtime): the log is replayed into fresh read-model tables in a schema beside the installation's
 * (`<schema>_rebuild`, made by the adapters' own migrations, so it holds exactly what they create; the first replay
 * in bulk, postgres-bulk-rebuild.ts), caught up in
 * rounds while appends go on, and then, in one transaction that holds the append lock (no append commits
 * meanwhile), the last events are replayed and the new tables take the live ones' place (`ALTER TABLE … SET SCHEMA`,
 * the old ones set aside and dropped after the commit). Readers see the old read models until the commit and the
 * new ones after it; an append waiting on the lock projects into the new tables. Reactor checkpoints and the log
 * are not read models and stay where they are.
 */
export const rebuildBesideAndSwap = async (
  /** Read in current shapes; the append lock is the adapter's. */
  events: ShapedEventStore<PostgresEventStore>,
  live: PostgresDatabase,
  projections: readonly Projection[],
  options: RebuildBesideOptions,
): Promise<{ events: number; position: number }> => {
  const shadow = `${options.schema}_rebuild`;
  const retired = `${options.schema}_retired`;
  // A rebuild that died half-way left its tables: they hold nothing the live installation needs.
  await live.query(`DROP SCHEMA IF EXISTS ${quote(shadow)} CASCADE`);
  await live.query(`DROP SCHEMA IF EXISTS ${quote(retired)} CASCADE`);
  const beside = await PostgresDatabase.open({ url: options.url, schema: shadow, statementTimeoutMs: options.statementTimeoutMs, maxConnections: 6 });
  try {
    const stores = { documents: await PostgresDocumentStore.open(beside), search: await PostgresListingSearch.open(beside) };
    let { events: count, position } = await bulkRebuildBeside(live, beside, projections, {
      until: await events.headPosition(),
      shapes: events.shapes,
      upcasts: events.upcasts,
      onProgress: options.onProgress,
      url: options.url,
    });
    const tables = (await beside.query<{ name: string }>("SELECT tablename AS name FROM pg_tables WHERE schemaname = $1 AND tablename <> 'schema_migrations'", [shadow])).map((t) => t.name);
    // Statistics move with a table: without them the swapped-in tables would be planned blind until autovacuum
    // analyzes them (a minute or more; a keyword query at 100,000 listings took 68 ms instead of 13).
    for (const table of tables) await beside.query(`ANALYZE ${quote(shadow)}.${quote(table)}`);
    // Rounds beside the live models while the instances append, until what is left is small.
    for (;;) {
      const head = await events.headPosition();
      if (head - position <= (options.swapWithinPositions ?? 1000)) break;
      const round = await replayInto(events, stores, projections, position, head);
      count += round.events;
      position = round.position;
    }
    // The swap moves tables only: a function or type the adapters made beside them would be dropped with the schema.
    const [others] = await beside.query<{ n: string }>('SELECT count(*) AS n FROM pg_proc WHERE pronamespace = $1::regnamespace', [shadow]);
    if (Number(others.n) > 0) throw new Error(`the rebuild schema ${shadow} holds functions the swap would not move; rebuild with the instances stopped`);
    const swapped = await events.stored.withAppendsPaused(async (client) => {
      const rest = await replayInto(events, stores, projections, position, await events.headPosition());
      // Readers in flight finish first; a swap that cannot get its locks soon gives up rather than stall appends.
      await client.query("SET LOCAL lock_timeout = '10s'");
      await client.query(`CREATE SCHEMA ${quote(retired)}`);
      for (const table of tables) {
        await client.query(`ALTER TABLE IF EXISTS ${quote(options.schema)}.${quote(table)} SET SCHEMA ${quote(retired)}`);
        await client.query(`ALTER TABLE ${quote(shadow)}.${quote(table)} SET SCHEMA ${quote(options.schema)}`);
      }
      return rest;
    });
    count += swapped.events;
    position = swapped.position;
    await live.query(`DROP SCHEMA IF EXISTS ${quote(retired)} CASCADE`);
    return { events: count, position };
  } finally {
    await beside.close();
    await live.query(`DROP SCHEMA IF EXISTS ${quote(shadow)} CASCADE`).catch(() => undefined);
  }
};
