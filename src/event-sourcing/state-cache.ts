import type { QueuedAppend } from '../event-store/event-store.port';

/** A stream's folded state at a revision (-1: the stream does not exist yet). */
export interface CachedState {
  state: unknown;
  revision: number;
  /** The revision of the stream's last snapshot this process knows of (models with snapshots). */
  snapshotRevision?: number;
  /**
   * Set on the state a queued append leaves (AppendHooks.queued), before it is stored: only a decision that chains
   * its own append after that one may read it; `committed` is the stored state beneath it, for every other read and
   * for when the queued append is not stored.
   */
  queued?: { append: QueuedAppend; committed: CachedState | undefined };
}

/**
 * Bounded least-recently-used cache of folded stream states, so a decision reads only the events newer than what it
 * folded last time (O(new events), not O(stream)). It can never serve stale state: the runner always reads the
 * stream from the cached revision on, and an append is checked against the revision it decided on. States are
 * immutable values (every evolve returns a new state), so one cached state can be shared by concurrent decisions.
 */
export class StateCache {
  private readonly entries = new Map<string, CachedState>();

  constructor(private readonly capacity = 20_000) {}

  get(key: string): CachedState | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      // Re-insert: Map iteration order is insertion order, so the first key is the least recently used.
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  /**
   * Caches the state a queued append leaves, decided on the state at `decidedOn`: only while nothing newer was
   * cached meanwhile. Two commands that decided on the same state both queue, and the second will be refused: its
   * state must not take the place of the first one's, or every decision chained on it would be refused too.
   */
  setQueued(key: string, decidedOn: number, entry: CachedState): void {
    const current = this.entries.get(key);
    if (current && current.revision > decidedOn) return;
    this.set(key, entry);
  }

  set(key: string, entry: CachedState): void {
    const current = this.entries.get(key);
    if (current && current.revision > entry.revision) return;
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string);
  }
}
