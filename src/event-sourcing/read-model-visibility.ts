import { AsyncLocalStorage } from 'node:async_hooks';

/** A command's events are durable, but the read models do not show them (yet). */
export class ReadModelsNotCurrentError extends Error {
  constructor(
    message: string,
    readonly position: number,
    readonly failure: { message: string } | null,
    /** What the read models have applied when the wait gave up. */
    readonly applied: number = 0,
  ) {
    super(message);
    this.name = 'ReadModelsNotCurrentError';
  }
}

/** What a command that answers before its events are visible tells its caller. */
export interface ReadModelsBehind {
  /** The log position of the command's last event (its sequenceId). */
  position: number;
  /** What the read models have applied. */
  applied: number;
  reason: string;
}

type Listener = (behind: ReadModelsBehind) => void;

const listeners = new AsyncLocalStorage<Listener>();

/**
 * Runs `work` so that a command run inside it tells `listener` when it answers ahead of the read models (the HTTP
 * layer turns that into a response header).
 */
export const withReadModelsBehindListener = <T>(listener: Listener, work: () => T): T => listeners.run(listener, work);

/** Called by the runner: the command is stored, the reads that follow may not show it yet. */
export const noteReadModelsBehind = (behind: ReadModelsBehind): void => listeners.getStore()?.(behind);
