import { defaultConnections, defaultSeconds } from './kit/load';
import { makeTempDir, removeTempDir } from './kit/processes';
import { BaselineProcess, BaselineRoute, ServerOptions, ServerProcess, startBaseline, startServer } from './kit/servers';
import { benchDatabase, BenchStore } from './kit/stores';

/**
 * What a bench section gets and gives back. A section is a module `bench/sections/NN-name.bench.ts` exporting
 * `run(ctx: BenchContext): Promise<BenchResult[]>`; `npm run bench [filter]` runs them in file-name order.
 *
 * A section starts what it needs through the context (servers, baselines, temp folders): the runner stops and
 * removes all of it when the section ends, fails or is interrupted. Load is generated in the runner process
 * with `load()` (autocannon), so the load generator is never one of the processes being measured.
 */
export interface BenchContext {
  /**
   * The stores to measure (BENCH_STORES, default `embedded`): a section that measures the stores runs its loads
   * once per store and tags each result with it (`BenchResult.store`); the others run embedded only.
   */
  readonly stores: readonly BenchStore[];
  /** Measured seconds of each HTTP load (BENCH_SECONDS, default 5). */
  readonly seconds: number;
  /** Concurrent connections of each HTTP load (BENCH_CONNECTIONS, default 10). */
  readonly connections: number;
  /** Progress on stderr, prefixed by the section's name. */
  log(message: string): void;
  /** A fresh folder, removed when the section ends. */
  tempDir(prefix: string): string;
  /** Runs when the section ends, also after a failure; last registered, first run. */
  defer(cleanup: () => void | Promise<void>): void;
  /**
   * Our server as a child process (`node dist/src/main.js`); stopped when the section ends unless stopped before.
   * `store: 'postgres'` gives it a fresh database (dropped when the section ends) unless `databaseUrl` names one
   * (a restart over seeded data).
   */
  startServer(options?: ServerOptions & { store?: BenchStore }): Promise<ServerProcess>;
  /** The bare Fastify baseline as a child process with these routes; stopped when the section ends. */
  startBaseline(routes: BaselineRoute[]): Promise<BaselineProcess>;
}

export interface Figure {
  /** Who produced it: `bare Fastify`, `raw better-sqlite3`. */
  name: string;
  value: number;
  p50Ms?: number;
  p99Ms?: number;
}

/** One line of the final table: our figure, optionally against a baseline measured the same way. */
export interface BenchResult {
  /** What was measured: `marketplace/show (Transit)`. */
  name: string;
  /** Unit of `ours.value` and `baseline.value`, higher is better: `req/s`, `commands/s`, `appends/s`. */
  unit: string;
  ours: Omit<Figure, 'name'>;
  baseline?: Figure;
  /** Anything else worth keeping with the figure (sizes, counts, trends), shown in the table's last column. */
  extras?: Record<string, string | number>;
  /** The store measured (default `embedded`); results of one name on several stores are compared in the report. */
  store?: BenchStore;
}

/** A result as the runner reports it. */
export interface ReportedResult extends BenchResult {
  section: string;
  store: BenchStore;
  /** ours / baseline; null without a baseline. */
  ratio: number | null;
  /** ours / the same measurement on the embedded store in this run (other stores only); null without one. */
  vsEmbedded: number | null;
}

export const ratioOf = (result: BenchResult): number | null =>
  result.baseline && result.baseline.value > 0 ? result.ours.value / result.baseline.value : null;

/** The section's results as reported: each store's result of a measurement set against the embedded one. */
export const reportedResults = (section: string, results: BenchResult[]): ReportedResult[] =>
  results.map((r) => {
    const store = r.store ?? 'embedded';
    const embedded = store === 'embedded' ? undefined : results.find((e) => (e.store ?? 'embedded') === 'embedded' && e.name === r.name);
    const vsEmbedded = embedded && embedded.ours.value > 0 ? r.ours.value / embedded.ours.value : null;
    return { ...r, section, store, ratio: ratioOf(r), vsEmbedded };
  });

/** Runs `measure` once per store of the run (in order), tagging its results with the store. */
export const perStore = async (ctx: BenchContext, measure: (store: BenchStore) => Promise<BenchResult[]>): Promise<BenchResult[]> => {
  const results: BenchResult[] = [];
  for (const store of ctx.stores) {
    ctx.log(`store: ${store}`);
    results.push(...(await measure(store)).map((r) => ({ ...r, store })));
  }
  return results;
};

/** The context of one section and the clean-up that ends it (used by the runner). */
export const createContext = (section: string, stores: readonly BenchStore[]): { ctx: BenchContext; close(): Promise<void> } => {
  const cleanups: Array<() => void | Promise<void>> = [];
  const defer = (cleanup: () => void | Promise<void>) => void cleanups.push(cleanup);
  const ctx: BenchContext = {
    stores,
    seconds: defaultSeconds(),
    connections: defaultConnections(),
    log: (message) => console.error(`[${section}] ${message}`),
    tempDir: (prefix) => {
      const dir = makeTempDir(prefix);
      defer(() => removeTempDir(dir));
      return dir;
    },
    defer,
    startServer: async ({ store, ...options } = {}) => {
      let databaseUrl = options.databaseUrl ?? null;
      if (store === 'postgres' && !databaseUrl) {
        const database = await benchDatabase(section.replace(/^\d+-/, ''));
        defer(() => database.drop());
        databaseUrl = database.url;
      }
      const server = await startServer({ ...options, databaseUrl, dataDir: options.dataDir ?? ctx.tempDir('server') });
      defer(() => server.stop());
      return server;
    },
    startBaseline: async (routes) => {
      const baseline = await startBaseline(routes);
      defer(() => baseline.stop());
      return baseline;
    },
  };
  const close = async () => {
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup();
      } catch (error) {
        console.error(`[${section}] clean-up failed:`, error);
      }
    }
  };
  return { ctx, close };
};

export { load, LoadOptions, LoadResult, RequestShape } from './kit/load';
export { BaselineRoute, ServerProcess, ServerOptions, BaselineProcess } from './kit/servers';
export { anonymousToken, call, integrationToken, requestToken, signUp, signUpAndLogIn, userToken, TRANSIT, JSON_TYPE } from './kit/api-client';
export { percentile, timed, formatNumber, formatRatio } from './kit/stats';
export { BenchStore, StoreLocation, storeConfig, storeEnv } from './kit/stores';
