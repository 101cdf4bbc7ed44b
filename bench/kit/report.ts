import type { ReportedResult } from '../bench-kit';
import { formatNumber, formatRatio } from './stats';

const latency = (p50?: number, p99?: number): string =>
  p50 === undefined || p99 === undefined ? '' : `${formatNumber(p50)} / ${formatNumber(p99)}`;

const extras = (r: ReportedResult): string =>
  Object.entries(r.extras ?? {})
    .map(([k, v]) => `${k}=${typeof v === 'number' ? formatNumber(v) : v}`)
    .join('  ');

/**
 * The one table of a run: a row per result, numbers right-aligned. `ratio` is to the bare baseline measured with
 * it; `vs embedded` is a PostgreSQL result over the same measurement on the embedded store in this run.
 */
export const printTable = (results: ReportedResult[]): void => {
  const header = ['section', 'store', 'benchmark', 'ours', 'baseline', 'ratio', 'vs embedded', 'p50/p99 ms', 'baseline p50/p99 ms', 'extra'];
  const rows = results.map((r) => [
    r.section,
    r.store,
    r.name,
    `${formatNumber(r.ours.value)} ${r.unit}`,
    r.baseline ? `${formatNumber(r.baseline.value)} (${r.baseline.name})` : '—',
    formatRatio(r.ratio),
    formatRatio(r.vsEmbedded),
    latency(r.ours.p50Ms, r.ours.p99Ms),
    latency(r.baseline?.p50Ms, r.baseline?.p99Ms),
    extras(r),
  ]);
  const numeric = new Set([3, 4, 5, 6, 7, 8]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : numeric.has(i) ? c.padStart(widths[i]) : c.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  console.log(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const row of rows) console.log(line(row));
};

/** One sentence per result: `marketplace/show (Transit) 12,345 req/s vs bare Fastify 30,000 req/s = 0.41x`. */
export const printSummary = (results: ReportedResult[]): void => {
  console.log('');
  for (const r of results) {
    const ours = `${r.store === 'embedded' ? '' : `[${r.store}] `}${r.name} ${formatNumber(r.ours.value)} ${r.unit}`;
    const lat = r.ours.p50Ms !== undefined ? ` (p50 ${formatNumber(r.ours.p50Ms)} ms, p99 ${formatNumber(r.ours.p99Ms ?? NaN)} ms)` : '';
    const embedded = r.vsEmbedded !== null ? `, ${formatRatio(r.vsEmbedded)} of embedded` : '';
    console.log(
      r.baseline
        ? `${ours} vs ${r.baseline.name} ${formatNumber(r.baseline.value)} ${r.unit} = ${formatRatio(r.ratio)}${embedded}${lat}`
        : `${ours}${embedded}${lat}`,
    );
  }
};
