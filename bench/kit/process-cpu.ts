import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat's times (100 on Linux unless the kernel says otherwise). */
const clockTicks = (): number => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
};

/** CPU seconds (user + system) a process has used, or null where /proc is not there. */
const cpuSeconds = (pid: number | undefined, ticks: number): number | null => {
  if (pid === undefined) return null;
  try {
    // After "pid (comm) ", utime and stime are the 12th and 13th fields.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / ticks;
  } catch {
    return null;
  }
};

/**
 * The server's CPU time per request over `work` (µs), or null without /proc. On a shared machine req/s moves with
 * the load beside it; the CPU a request costs moves much less, so it is the figure to compare builds by.
 */
export const serverCpuPer = async <T extends { requests: number }>(pid: number | undefined, work: () => Promise<T>): Promise<{ result: T; cpuUs: number | null }> => {
  const ticks = clockTicks();
  const before = cpuSeconds(pid, ticks);
  const result = await work();
  const after = cpuSeconds(pid, ticks);
  return { result, cpuUs: before === null || after === null || result.requests === 0 ? null : ((after - before) * 1e6) / result.requests };
};

/** The report's column of CPU per request: ours against the bare baseline's, and their ratio (bare / ours). */
export const cpuPerRequestExtra = (ours: { serverCpuUs?: number | null }, bare: { serverCpuUs?: number | null }): Record<string, string> => {
  if (ours.serverCpuUs == null || bare.serverCpuUs == null) return {};
  const unit = (us: number) => (us >= 10_000 ? `${(us / 1000).toFixed(1)} ms` : `${us.toFixed(0)} µs`);
  return { 'server CPU/req': `${unit(ours.serverCpuUs)} vs ${unit(bare.serverCpuUs)} (${(bare.serverCpuUs / ours.serverCpuUs).toFixed(3)}x)` };
};
