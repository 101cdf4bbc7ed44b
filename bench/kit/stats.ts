/** Nearest-rank percentile of a sample (sorted copy; the input is left as it is). */
export const percentile = (values: ArrayLike<number>, p: number): number => {
  if (values.length === 0) return 0;
  const sorted = Float64Array.from(values).sort();
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
};

/** Times a synchronous or asynchronous step in milliseconds. */
export const timed = async <T>(step: () => T | Promise<T>): Promise<{ value: T; ms: number }> => {
  const start = process.hrtime.bigint();
  const value = await step();
  return { value, ms: Number(process.hrtime.bigint() - start) / 1e6 };
};

/** 12345.6 → "12,346"; below 100, one or two decimals so small figures keep their meaning (not for counts). */
export const formatNumber = (n: number): string => {
  if (!Number.isFinite(n)) return '—';
  const digits = Number.isInteger(n) || Math.abs(n) >= 100 ? 0 : Math.abs(n) >= 10 ? 1 : 2;
  return n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
};

export const formatRatio = (ratio: number | null): string => (ratio === null ? '—' : `${ratio.toFixed(2)}x`);
