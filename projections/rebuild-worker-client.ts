import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import type { Projection } from '../src/event-sourcing/projection';
import { ALL_EVENT_SHAPES } from '../src/infrastructure/event-shapes.registry';
import type { EventShapes } from '../src/shared/event-shapes';
import type { FinalWrites } from './newest-first';
import { ALL_PROJECTIONS } from './registry';
import type { RebuildWorkerData } from './rebuild-worker';

/** The compiled worker (absent when running from TypeScript sources, as jest does: then the replay runs in the caller's thread). */
const WORKER = join(__dirname, 'rebuild-worker.js');

/** Whether the replay can run in the worker: it is compiled, and it runs the registries' projections and shapes (functions cannot be sent to a thread). */
export const canReplayInWorker = (projections: readonly Projection[], shapes: EventShapes): boolean =>
  existsSync(WORKER) && projections.every((p) => ALL_PROJECTIONS.includes(p)) && shapes === ALL_EVENT_SHAPES;

/**
 * The final writes the rebuild worker (rebuild-worker.ts) posts, in order; each one taken is acknowledged, so the
 * worker stays at most `ahead` messages in front of the caller that stores them. The worker's failure (or exit) is
 * thrown here; a caller that stops early has it terminated.
 */
export async function* finalWritesFromWorker(workerData: RebuildWorkerData, resourceLimits: ResourceLimits): AsyncGenerator<FinalWrites> {
  const worker = new Worker(WORKER, { workerData, resourceLimits });
  const posted: Array<FinalWrites | null> = [];
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };
  worker.on('message', (writes: FinalWrites | null) => {
    posted.push(writes);
    notify();
  });
  worker.on('error', (error) => {
    failure ??= error;
    notify();
  });
  worker.on('exit', (code) => {
    failure ??= new Error(`rebuild worker exited with code ${code}`);
    notify();
  });
  const exited = new Promise((resolve) => worker.once('exit', resolve));
  let done = false;
  try {
    for (;;) {
      while (posted.length === 0 && !failure) await new Promise<void>((resolve) => (wake = resolve));
      if (posted.length === 0) throw failure!;
      const writes = posted.shift()!;
      if (writes === null) break;
      yield writes;
      worker.postMessage('stored');
    }
    done = true;
  } finally {
    // Done, it closes its connection and ends (writing its CPU profile, if asked); otherwise it is stopped.
    if (done) await exited;
    else await worker.terminate();
  }
}
