import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';

/**
 * test/support/crash-child.ts as a child process over one data folder, for the kill -9 tests: `start` resolves with
 * its base URL once it serves (again, after a crash), `stop` ends it with a signal, `exited` waits for its end.
 */
export const crashChild = (env: NodeJS.ProcessEnv) => {
  let child: ChildProcess | null = null;
  const start = (): Promise<string> =>
    new Promise((resolve, reject) => {
      const started = spawn(process.execPath, ['--require', join(__dirname, 'register-ts.js'), join(__dirname, 'crash-child.ts')], { env, stdio: ['ignore', 'pipe', 'pipe'] });
      child = started;
      let errors = '';
      started.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
      started.stdout!.on('data', (chunk: Buffer) => {
        const ready = /READY (\d+)/.exec(chunk.toString());
        if (ready) resolve(`http://127.0.0.1:${ready[1]}`);
      });
      started.on('exit', (code, signal) => reject(new Error(`server exited with ${code ?? signal}: ${errors}`)));
    });
  const exited = (): Promise<void> => new Promise((resolve) => (!child || child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));
  const stop = async (signal: NodeJS.Signals): Promise<void> => {
    const ended = exited();
    child?.kill(signal);
    await ended;
  };
  return { start, stop, exited, signalCode: () => child?.signalCode ?? null };
};
