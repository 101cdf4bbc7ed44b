/** A stream's folded state at a revision (-1: the stream does not exist yet). */
export interface CachedState {
  state: unknown;
  revision: number;
  /** The revision of the stream's last snapshot this process knows of (models with snapshots). */
  snapshotRevision?: number;
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

  set(key: string, entry: CachedState): void {
    const current = this.entries.get(key);
    if (current && current.revision > entry.revision) return;
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string);
  }
}
