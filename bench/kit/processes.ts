import { ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Child processes and temp folders of a bench run. Everything is registered here so that a normal end, an error,
 * Ctrl-C or an uncaught exception all leave nothing behind: the `exit` hook kills what is still running and
 * deletes the folders. Children also get an IPC channel and a preload that ends them when the runner dies
 * (even by SIGKILL), so no server outlives its benchmark.
 */
const children = new Set<ChildProcess>();
const tempDirs = new Set<string>();

const EXIT_WITH_PARENT = join(__dirname, 'exit-with-parent.js');

let hooked = false;
/** Set on Ctrl-C: children then end too (same process group), which is no news. */
let interrupted = false;
const hookExit = (): void => {
  if (hooked) return;
  hooked = true;
  process.once('exit', () => {
    for (const child of children) child.kill('SIGKILL');
    for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      interrupted = true;
      console.error(`\nbench: ${signal}, stopping child processes`);
      process.exit(130);
    });
  }
};

/** A temp folder under BENCH_TMPDIR (default: the OS temp folder, which must be a real disk for fsync figures). */
export const makeTempDir = (prefix: string): string => {
  hookExit();
  const dir = mkdtempSync(join(process.env.BENCH_TMPDIR ?? tmpdir(), `bench-${prefix}-`));
  tempDirs.add(dir);
  return dir;
};

export const removeTempDir = (dir: string): void => {
  rmSync(dir, { recursive: true, force: true });
  tempDirs.delete(dir);
};

/** A port the OS says is free right now (the child binds it a moment later). */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

const OUTPUT_KEPT = 16_384;

export interface ChildHandle {
  name: string;
  process: ChildProcess;
  /** The last lines the child wrote (stdout and stderr), for error messages. */
  output(): string;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves once the process has exited. */
  stop(graceMs?: number): Promise<void>;
}

/**
 * Starts `node <script>` with the given environment; its output is kept (not shown) unless BENCH_VERBOSE is set.
 * With BENCH_CPU_PROF=<dir>, the child writes a V8 CPU profile there when it stops (read it with
 * `node dist/bench/profile-summary.js <file>` or Chrome DevTools).
 */
export const spawnNode = (name: string, script: string, env: NodeJS.ProcessEnv): ChildHandle => {
  hookExit();
  const profileDir = process.env.BENCH_CPU_PROF;
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, `--cpu-prof-name=${name}-${Date.now()}.cpuprofile`] : [];
  const child = spawn(process.execPath, [...profile, '--require', EXIT_WITH_PARENT, script], {
    env,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  children.add(child);
  let output = '';
  const keep = (chunk: Buffer) => {
    if (process.env.BENCH_VERBOSE) process.stderr.write(`[${name}] ${chunk.toString()}`);
    output = (output + chunk.toString()).slice(-OUTPUT_KEPT);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  let stopping = false;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      children.delete(child);
      // A server dying under load must not pass for a slow one: say so, with what it wrote last.
      if (!stopping && !interrupted) console.error(`[${name}] exited unexpectedly (${code ?? signal}); its last output:\n${output.slice(-4000)}`);
      resolve();
    }),
  );
  return {
    name,
    process: child,
    output: () => output,
    stop: async (graceMs = 10_000) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      stopping = true;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
};

/**
 * Resolves when `baseUrl` answers any HTTP request (a 404 is fine); rejects when the child exits first or the
 * time runs out, with the child's output in the message.
 */
export const waitForHttp = async (child: ChildHandle, baseUrl: string, timeoutMs = 60_000): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.process.exitCode !== null || child.process.signalCode !== null)
      throw new Error(`${child.name} exited (${child.process.exitCode ?? child.process.signalCode}) before answering:\n${child.output()}`);
    try {
      const res = await fetch(`${baseUrl}/__bench_ready`, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      return;
    } catch {
      if (Date.now() > deadline) {
        await child.stop(1_000);
        throw new Error(`${child.name} did not answer on ${baseUrl} within ${timeoutMs} ms:\n${child.output()}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
};
