import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { StoreLocation, storeEnv } from '../kit/stores';

/** dist/bench/archive → the compiled CLI entry and the bench's preload. */
const CLI = join(__dirname, '..', '..', '..', 'bin', 'marketplace-server.js');
const EXIT_WITH_PARENT = join(__dirname, '..', 'kit', 'exit-with-parent.js');

/**
 * One `marketplace export|import … --json` over a store, as an operator runs it (a child process): the JSON it
 * printed and the wall time of the whole process (start-up and closing included). BENCH_CPU_PROF=<dir>: a CPU profile there.
 */
export const archiveCli = (at: StoreLocation, args: string[]): Promise<{ report: Record<string, unknown>; seconds: number }> =>
  new Promise((resolve, reject) => {
    const profileDir = process.env.BENCH_CPU_PROF;
    const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, `--cpu-prof-name=${args[0]}-${Date.now()}.cpuprofile`] : [];
    const started = process.hrtime.bigint();
    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const key of ['EVENTSTORE_URL', 'ELASTICSEARCH_URL', 'DATABASE_URL', 'DATABASE_SCHEMA', 'TOKEN_SECRET']) delete env[key];
    Object.assign(env, { DATA_DIR: at.dataDir, SQLITE_SYNCHRONOUS: 'FULL', ...storeEnv(at) });
    const child = spawn(process.execPath, [...profile, '--require', EXIT_WITH_PARENT, CLI, 'marketplace', ...args, '--json'], { env, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (chunk: Buffer) => void (stdout += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => void (stderr = (stderr + chunk.toString()).slice(-4096)));
    child.once('error', reject);
    child.once('exit', (code) => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      if (code !== 0) return reject(new Error(`marketplace ${args[0]} exited ${code}: ${stderr}`));
      resolve({ report: JSON.parse(stdout) as Record<string, unknown>, seconds });
    });
  });
