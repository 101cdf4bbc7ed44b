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

/**
 * Listeners by request id (the id a command's context carries). Not an AsyncLocalStorage: on Node 20 one in use
 * turns on promise hooks for every promise of the process, a cost every request paid (docs/performance.md).
 */
const listeners = new Map<string, Listener>();

/**
 * Has a command run with this request id tell `listener` when it answers ahead of the read models (the HTTP layer
 * turns that into a response header). Returns the removal, to call once the request is answered.
 */
export const listenForReadModelsBehind = (requestId: string, listener: Listener): (() => void) => {
  listeners.set(requestId, listener);
  return () => {
    if (listeners.get(requestId) === listener) listeners.delete(requestId);
  };
};

/** Called by the runner: the command is stored, the reads that follow may not show it yet. */
export const noteReadModelsBehind = (requestId: string | null | undefined, behind: ReadModelsBehind): void => {
  if (requestId) listeners.get(requestId)?.(behind);
};
