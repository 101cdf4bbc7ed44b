import type { EventStore, RecordedEvent, Subscription } from '../src/event-store/event-store.port';
import type { SqliteEventStore } from '../src/event-store/sqlite-event-store';
import type { DocumentStore } from '../src/read-models/document-store.port';
import type { SqliteDocumentStore } from '../src/read-models/sqlite-document-store';
import { Projection, projectBatch } from '../src/shared/projection';

/**
 * Keeps read models current and lets a command wait until its events are visible (design invariant 1).
 */
export interface ProjectionEngine {
  start(): Promise<void>;
  /** Resolves once every projection has applied the log up to `position`. */
  waitFor(position: number): Promise<void>;
  stop(): Promise<void>;
}

const lowestCheckpoint = async (docs: DocumentStore, projections: readonly Projection[]) => {
  const values = await Promise.all(projections.map((p) => docs.checkpoint(p.name)));
  return { lowest: Math.min(...values, Number.MAX_SAFE_INTEGER), byName: Object.fromEntries(projections.map((p, i) => [p.name, values[i]])) };
};

/**
 * Embedded mode: both stores live in one SQLite file, so projections run inside the append transaction and a
 * command's events are visible as soon as the append returns.
 */
export class InlineProjectionEngine implements ProjectionEngine {
  constructor(
    private readonly events: SqliteEventStore,
    private readonly docs: SqliteDocumentStore,
    private readonly projections: readonly Projection[],
  ) {}

  async start(): Promise<void> {
    // Catch up first (a projection added since the file was last used), then project every append inline.
    const { lowest, byName } = await lowestCheckpoint(this.docs, this.projections);
    let after = lowest;
    let checkpoints = byName;
    for (;;) {
      const batch = this.events.readAllSync({ after, limit: 1000 });
      if (batch.length === 0) break;
      const out = projectBatch(this.projections, batch, checkpoints);
      await this.docs.apply(out.ops, out.checkpoints);
      checkpoints = { ...checkpoints, ...out.checkpoints };
      after = batch[batch.length - 1].position;
    }
    this.events.setInlineProjector((events: RecordedEvent[]) => {
      const out = projectBatch(this.projections, events);
      this.docs.applySync(out.ops, out.checkpoints);
    });
  }

  async waitFor(): Promise<void> {
    /* applied inline: nothing to wait for */
  }

  async stop(): Promise<void> {
    this.events.setInlineProjector(null);
  }
}

/**
 * Production mode: a catch-up subscription to the global log applies batches to the read-model store and
 * records checkpoints with them. Commands wait for the checkpoint to pass their position.
 */
export class CatchUpProjectionEngine implements ProjectionEngine {
  private applied = 0;
  private subscription: Subscription | null = null;
  private waiters: Array<{ position: number; resolve: () => void; reject: (e: Error) => void; timer: NodeJS.Timeout }> = [];
  private checkpoints: Record<string, number> = {};

  constructor(
    private readonly events: EventStore,
    private readonly docs: DocumentStore,
    private readonly projections: readonly Projection[],
    private readonly waitTimeoutMs = 10_000,
  ) {}

  async start(): Promise<void> {
    const { lowest, byName } = await lowestCheckpoint(this.docs, this.projections);
    this.checkpoints = byName;
    this.applied = lowest;
    this.subscription = this.events.subscribeToAll(lowest, async (batch) => {
      const out = projectBatch(this.projections, batch, this.checkpoints);
      await this.docs.apply(out.ops, out.checkpoints);
      Object.assign(this.checkpoints, out.checkpoints);
      this.applied = batch[batch.length - 1].position;
      this.release();
    });
  }

  waitFor(position: number): Promise<void> {
    if (position <= this.applied) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w.timer !== timer);
        reject(new Error(`read models did not reach position ${position} within ${this.waitTimeoutMs} ms`));
      }, this.waitTimeoutMs);
      this.waiters.push({ position, resolve, reject, timer });
    });
  }

  private release(): void {
    const ready = this.waiters.filter((w) => w.position <= this.applied);
    this.waiters = this.waiters.filter((w) => w.position > this.applied);
    for (const w of ready) {
      clearTimeout(w.timer);
      w.resolve();
    }
  }

  async stop(): Promise<void> {
    await this.subscription?.close();
    for (const w of this.waiters) {
      clearTimeout(w.timer);
      w.reject(new Error('projection engine stopped'));
    }
    this.waiters = [];
  }
}

/**
 * Operator rebuild: drop every read model and replay the whole log (or the log up to `until`) through every
 * projection. Reports progress as it goes.
 */
export const rebuildReadModels = async (
  events: EventStore,
  docs: DocumentStore,
  projections: readonly Projection[],
  options: { until?: number; batchSize?: number; onProgress?: (position: number, head: number) => void } = {},
): Promise<{ events: number; position: number }> => {
  const head = options.until ?? (await events.headPosition());
  await docs.reset();
  let after = 0;
  let count = 0;
  for (;;) {
    const batch = await events.readAll({ after, until: head, limit: options.batchSize ?? 1000 });
    if (batch.length === 0) break;
    const out = projectBatch(projections, batch);
    await docs.apply(out.ops, out.checkpoints);
    after = batch[batch.length - 1].position;
    count += batch.length;
    options.onProgress?.(after, head);
  }
  return { events: count, position: after };
};
