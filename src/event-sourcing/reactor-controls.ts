import type { ConsumerCheckpoints } from './consumer-checkpoints.port';
import type { ReactorEngine } from './reactor-engine';

export type ResumeOutcome = 'resumed' | 'not-stopped' | 'unknown';

/**
 * Clears a stopped reactor's stop. With the reactor engine of this process (a server), the reactor is retried at
 * once by it; without (the CLI), through its shared record, which a running server retries within its resume poll
 * (5 s by default) and a stopped one at its next start. A reactor that was not stopped is left as it is (its failed
 * attempts count on).
 */
export const resumeReactor = async (checkpoints: ConsumerCheckpoints, name: string, now: Date, engine: ReactorEngine | null = null): Promise<ResumeOutcome> => {
  const record = await checkpoints.load(name);
  if (!record) return 'unknown';
  if (!record.stoppedAt) return 'not-stopped';
  if (engine?.runsReactor(name)) await engine.resume(name);
  // The shared record is the stopped state: cleared here when the engine of this process did not (the reactor runs
  // on another instance, or this one had not seen it stop yet).
  const after = await checkpoints.load(name);
  if (after?.stoppedAt) await checkpoints.save(name, { ...after, attempts: 0, stoppedAt: null, updatedAt: now.toISOString() });
  return 'resumed';
};

/** The operator console's handle on the reactors of this server (x-reactors/resume). */
export interface ReactorControls {
  resume(name: string, now: Date): Promise<ResumeOutcome>;
}

export const REACTOR_CONTROLS = 'ReactorControls';

/** Bound late: a server's reactor engine starts after the application is built (infra.background). */
export const reactorControlsOf = (stores: { checkpoints: ConsumerCheckpoints; background: { reactors: ReactorEngine } | null }): ReactorControls => ({
  resume: (name, now) => resumeReactor(stores.checkpoints, name, now, stores.background?.reactors ?? null),
});
