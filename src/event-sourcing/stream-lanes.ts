/**
 * Turns on contended streams, in one process: a command that lost a race on a stream waits for the previous one
 * in that stream's lane to have committed its events (visible to this process; the embedded store makes them durable
 * in the flush that follows, and the command answers only then) before it loads and decides again. Without this,
 * the commands whose requests arrive together (and are committed together by the embedded store's group commit)
 * all decide on the same revision, all but one lose, and retrying all at once again most lose again. Expected
 * revisions still decide every race, with writers of this process or of others (the CLI, a second server).
 *
 * Streams are taken in sorted order, so two commands sharing several streams never wait for each other in a cycle.
 */
export class StreamLanes {
  private readonly tails = new Map<string, Promise<void>>();

  /** Waits for the turn on every stream; returns the release, to call once (also after a failure). */
  async enter(streamIds: readonly string[]): Promise<() => void> {
    const releases: Array<() => void> = [];
    for (const id of [...new Set(streamIds)].sort()) {
      const previous = this.tails.get(id);
      let release!: () => void;
      const turn = new Promise<void>((resolve) => (release = resolve));
      const tail = previous ? previous.then(() => turn) : turn;
      this.tails.set(id, tail);
      releases.push(() => {
        release();
        if (this.tails.get(id) === tail) this.tails.delete(id);
      });
      if (previous) await previous;
    }
    return () => releases.forEach((r) => r());
  }

  /** Streams with a command running or waiting (tests). */
  get busy(): number {
    return this.tails.size;
  }
}
