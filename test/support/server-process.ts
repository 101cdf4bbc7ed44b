import { ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

/** `src/main.ts` as its own process (compiled on load), as `npm start` runs it: for start, stop and signal tests. */
export interface ServerChild {
  child: ChildProcess;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export const spawnServer = (env: NodeJS.ProcessEnv): ServerChild => {
  const child = spawn(process.execPath, ['--require', join(__dirname, 'register-ts.js'), join(__dirname, '../../src/main.ts')], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  return { child, output: () => output, exited };
};

/** What a finished CLI run wrote and its exit code. */
export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The operator CLI (`src/cli/main.ts`, compiled on load) as its own process. */
export const cliProcess = (env: NodeJS.ProcessEnv, args: string[]): ChildProcess =>
  spawn(process.execPath, ['--require', join(__dirname, 'register-ts.js'), join(__dirname, '../../src/cli/main.ts'), ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });

/** Waits for a CLI process to end. */
export const finished = (child: ChildProcess): Promise<CliRun> =>
  new Promise((resolve) => {
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (d) => (stdout += d));
    child.stderr!.on('data', (d) => (stderr += d));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });

/** Runs one CLI command to its end. */
export const cliRun = (env: NodeJS.ProcessEnv, args: string[]): Promise<CliRun> => finished(cliProcess(env, args));

/** Runs the server to its end (for starts that must refuse): exit code and what it wrote on stderr and stdout. */
export const runServer = async (env: NodeJS.ProcessEnv, timeoutMs = 30_000): Promise<{ code: number | null; output: string }> => {
  const server = spawnServer(env);
  // A start that should have refused but serves instead is ended, so the test fails instead of hanging.
  const timer = setTimeout(() => server.child.kill('SIGKILL'), timeoutMs);
  const { code } = await server.exited;
  clearTimeout(timer);
  return { code, output: server.output() };
};

export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/** Polls `GET /health/ready` until it answers 200 (`onReady` runs at once then, before anything else can happen). */
export const waitReady = async (server: ServerChild, baseUrl: string, timeoutMs = 60_000): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) throw new Error(`server exited before ready:\n${server.output()}`);
    const status = await fetch(`${baseUrl}/health/ready`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return;
    if (Date.now() > deadline) throw new Error(`server not ready within ${timeoutMs} ms:\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 10));
  }
};
