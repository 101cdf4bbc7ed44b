import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { memoryOf } from '../listings/listing-loads';
import { StoreLocation, storeEnv } from '../kit/stores';

/** dist/bench/rebuild → the compiled CLI entry and the bench's preload. */
const CLI = join(__dirname, '..', '..', '..', 'bin', 'marketplace-server.js');
const EXIT_WITH_PARENT = join(__dirname, '..', 'kit', 'exit-with-parent.js');

export interface RebuildRun {
  /** Wall time of the whole child process (start-up, opening the stores, the rebuild, closing). */
  seconds: number;
  /** What the CLI printed it took (the rebuild itself). */
  rebuildMs: number;
  events: number;
  /** The child's peak resident set (VmHWM, read from /proc while it runs). */
  peakRssMb: number;
}

/**
 * `marketplace-server rebuild` over a data folder (or its PostgreSQL database), as an operator runs it (bin/marketplace-server.js), in a child
 * process whose peak RSS is polled from /proc. With BENCH_CPU_PROF=<dir> it writes a CPU profile there (one per
 * thread: the worker's is the replay, the main thread's the writes).
 */
export const runRebuild = (at: StoreLocation, args: string[] = []): Promise<RebuildRun> =>
  new Promise((resolve, reject) => {
    const profileDir = process.env.BENCH_CPU_PROF;
    // A directory of its own, and Node's default names (pid and thread id): a name given here would be every
    // thread's, and the main thread's profile, written last, would overwrite the worker's.
    const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${join(profileDir, `rebuild-${Date.now()}`)}`] : [];
    const started = process.hrtime.bigint();
    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const key of ['EVENTSTORE_URL', 'ELASTICSEARCH_URL', 'DATABASE_URL', 'DATABASE_SCHEMA', 'TOKEN_SECRET']) delete env[key];
    Object.assign(env, { DATA_DIR: at.dataDir, SQLITE_SYNCHRONOUS: 'FULL', ...storeEnv(at) });
    const child = spawn(process.execPath, [...profile, '--require', EXIT_WITH_PARENT, CLI, 'rebuild', ...args], { env, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
    let output = '';
    const keep = (chunk: Buffer) => void (output = (output + chunk.toString()).slice(-16_384));
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    let peakMb = 0;
    const poll = setInterval(() => {
      try {
        peakMb = Math.max(peakMb, memoryOf(child.pid!).peakMb);
      } catch {
        /* exited between two polls */
      }
    }, 50);
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      clearInterval(poll);
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const done = /Rebuilt \d+ projections from (\d+) events in (\d+) ms/.exec(output);
      if (code !== 0 || !done) return reject(new Error(`rebuild exited with ${code ?? signal}:\n${output.slice(-4000)}`));
      resolve({ seconds, rebuildMs: Number(done[2]), events: Number(done[1]), peakRssMb: peakMb });
    });
  });
