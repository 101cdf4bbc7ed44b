import type { PostgresDatabase } from './postgres-database';

/** At least this many rows written, and a tenth of the table, before statistics are refreshed. */
const MIN_ROWS = 1_000;
const SHARE = 0.1;
/** At most one ANALYZE of the table per this interval, per process. */
const MIN_INTERVAL_MS = 10_000;

/**
 * Refreshes a table's planner statistics after a burst of writes. Autovacuum analyzes a table at most once a
 * minute (`autovacuum_naptime`) and only once a tenth of it changed: a fresh installation that takes thousands of
 * documents in its first minute is planned without statistics meanwhile, and PostgreSQL then reads one customer's
 * inbox through the creation-order index, every transaction of the marketplace (measured: 42 ms instead of 3 at a
 * few thousand transactions; with statistics it takes the inbox's own index, test/document-store.contract.spec.ts).
 * The same thresholds as autovacuum's, sooner; in the background, off every request's path. Each instance counts
 * its own writes, so several instances analyze a little more often, which costs a sample of the table each time.
 */
export class TableStatistics {
  private rowsSinceAnalyze = 0;
  private rowsWhenAnalyzed = 0;
  private lastAnalyzedAt = 0;
  private analyzing = false;

  constructor(
    private readonly db: PostgresDatabase,
    private readonly table: string,
  ) {}

  written(rows: number): void {
    this.rowsSinceAnalyze += rows;
    if (this.analyzing || this.rowsSinceAnalyze < Math.max(MIN_ROWS, SHARE * this.rowsWhenAnalyzed) || Date.now() - this.lastAnalyzedAt < MIN_INTERVAL_MS) return;
    this.analyzing = true;
    this.rowsSinceAnalyze = 0;
    void this.analyze().finally(() => {
      this.analyzing = false;
      this.lastAnalyzedAt = Date.now();
    });
  }

  private async analyze(): Promise<void> {
    try {
      await this.db.query(`ANALYZE ${this.table}`);
      const [row] = await this.db.query<{ rows: string }>('SELECT reltuples::bigint AS rows FROM pg_class WHERE oid = $1::regclass', [this.table]);
      this.rowsWhenAnalyzed = Math.max(0, Number(row?.rows ?? 0));
    } catch {
      // Statistics are an optimisation: a store that is away now is the requests' concern, not this one's.
    }
  }
}
