import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { BenchContext, BenchResult, createContext, reportedResults, ReportedResult } from './bench-kit';
import { defaultConnections, defaultSeconds } from './kit/load';
import { printSummary, printTable } from './kit/report';
import { benchStores, checkStores } from './kit/stores';

/**
 * `npm run bench [filter]`: runs every section `bench/sections/*.bench.ts` (compiled to dist/bench/sections) in
 * file-name order, or only those whose name contains the filter, then prints one table and writes
 * bench/results/latest.json. A section that fails is reported as failed, never with a figure, and the run
 * exits with status 1. BENCH_STORES=embedded,postgres (default embedded) runs the sections that measure the
 * stores on each of them (bench/kit/stores.ts).
 */
type Section = { run(ctx: BenchContext): Promise<BenchResult[]> };

const SECTIONS_DIR = join(__dirname, 'sections');
/** dist/bench → the repository's bench folder (sources, and results/, which git ignores). */
const BENCH_SOURCES = join(__dirname, '..', '..', 'bench');
const RESULTS_DIR = join(BENCH_SOURCES, 'results');

/** dist is never cleaned: a compiled section whose source was deleted or renamed must not run. */
const hasSource = (file: string): boolean => existsSync(join(BENCH_SOURCES, 'sections', file.replace(/\.js$/, '.ts')));

const main = async (): Promise<number> => {
  const filter = process.argv[2]?.toLowerCase();
  const files = existsSync(SECTIONS_DIR) ? readdirSync(SECTIONS_DIR).filter((f) => f.endsWith('.bench.js') && hasSource(f)).sort() : [];
  const selected = files.filter((f) => !filter || f.toLowerCase().includes(filter));
  if (selected.length === 0) {
    console.error(`bench: no section matches ${filter ? `"${filter}"` : 'anything'} in ${SECTIONS_DIR} (have: ${files.join(', ') || 'none'})`);
    return 1;
  }
  const stores = benchStores();
  checkStores(stores);
  const startedAt = new Date();
  console.error(
    `bench: ${selected.length} section(s), stores ${stores.join(', ')}, ${defaultSeconds()} s per load, ${defaultConnections()} connections, ${cpus().length} CPU(s), Node ${process.version}`,
  );
  const results: ReportedResult[] = [];
  const failures: Array<{ section: string; error: string }> = [];
  for (const file of selected) {
    const section = file.replace(/\.bench\.js$/, '');
    const { ctx, close } = createContext(section, stores);
    const started = Date.now();
    try {
      const module = require(join(SECTIONS_DIR, file)) as Partial<Section>;
      if (typeof module.run !== 'function') throw new Error(`${file} does not export run(ctx)`);
      const sectionResults = await module.run(ctx);
      results.push(...reportedResults(section, sectionResults));
      ctx.log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    } catch (error) {
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      failures.push({ section, error: message });
      ctx.log(`FAILED after ${((Date.now() - started) / 1000).toFixed(1)} s:\n${message}`);
    } finally {
      await close();
    }
  }
  printTable(results);
  printSummary(results);
  for (const f of failures) console.log(`\nFAILED ${f.section}: ${f.error.split('\n')[0]}`);
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = join(RESULTS_DIR, 'latest.json');
  const report = {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    node: process.version,
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? null,
    secondsPerLoad: defaultSeconds(),
    connections: defaultConnections(),
    filter: filter ?? null,
    stores,
    results,
    failures,
  };
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nResults written to ${file}`);
  return failures.length > 0 ? 1 : 0;
};

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
