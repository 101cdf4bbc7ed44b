import type { PoolClient } from 'pg';
import type { PostgresEventStore } from '../src/event-store/postgres-event-store';
import type { RecordedEvent } from '../src/event-store/event-store.port';
import type { EventShapes } from '../src/shared/event-shapes';
import { ProjectedBatch, Projection, projectBatch, targetOf } from '../src/event-sourcing/projection';
import type { PostgresDocumentStore } from '../src/read-models/postgres-document-store';
import type { PostgresListingSearch } from '../src/search/postgres-listing-search';
import type { ProjectionEngine, ProjectionEngineStatus } from './projection-engine';

/** The read-model stores of a PostgreSQL installation: the same database as its log. */
export interface PostgresReadModelStores {
  documents: PostgresDocumentStore;
  search?: PostgresListingSearch;
}

/** Events per catch-up transaction at start. */
const CATCH_UP_BATCH = 1000;

/**
 * PostgreSQL: the log and every read model in one database, so projections run inside the append transaction, on
 * its connection (documents, search rows and checkpoints commit or roll back with the events). A command's events
 * are visible as soon as its append returns (docs/invariants.md, invariant 1), on every instance, with nothing to wait for.
 *
 * Several instances (and the CLI) each project their own appends; appends are serialised by the event store's
 * append lock, so every event is projected exactly once, in log order. At start a projection whose checkpoint is
 * behind (a new one starts at 0) catches up in batches, and the last batch runs under the append lock, so no
 * append slips between the catch-up and the inline projector. (Instances of different releases with different
 * projections must not write at the same time: an older one would not project a new projection's events.)
 */
export class PostgresInlineProjectionEngine implements ProjectionEngine {
  private state: ProjectionEngineStatus['state'] = 'starting';

  constructor(
    private readonly events: PostgresEventStore,
    private readonly stores: PostgresReadModelStores,
    private readonly projections: readonly Projection[],
    /** The adapter's events are as stored: projected in their current shapes. */
    private readonly shapes: EventShapes,
  ) {
    const missing = projections.filter((p) => targetOf(p) === 'listing-search' && !stores.search);
    if (missing.length > 0) throw new Error(`No listing-search store for projection(s) ${missing.map((p) => p.name).join(', ')}`);
  }

  async start(): Promise<void> {
    let checkpoints = Object.fromEntries(await Promise.all(this.projections.map(async (p) => [p.name, await this.stores.documents.checkpoint(p.name)] as const)));
    let after = Math.min(...Object.values(checkpoints), Number.MAX_SAFE_INTEGER);
    // The bulk without the lock (appends go on meanwhile); the tail, and the switch to inline, under it.
    for (;;) {
      const batch = await this.events.readAll({ after, limit: CATCH_UP_BATCH });
      if (batch.length < CATCH_UP_BATCH) break;
      const out = projectBatch(this.projections, batch, checkpoints, this.shapes);
      await this.events.withAppendsPaused((client) => this.applyWith(client, out));
      checkpoints = { ...checkpoints, ...out.checkpoints };
      after = batch[batch.length - 1].position;
    }
    await this.events.withAppendsPaused(async (client) => {
      for (;;) {
        const batch = await this.events.readAll({ after, limit: CATCH_UP_BATCH });
        if (batch.length === 0) break;
        const out = projectBatch(this.projections, batch, checkpoints, this.shapes);
        await this.applyWith(client, out);
        checkpoints = { ...checkpoints, ...out.checkpoints };
        after = batch[batch.length - 1].position;
      }
      this.events.setInlineProjector((appendClient: PoolClient, events: RecordedEvent[]) => this.applyWith(appendClient, projectBatch(this.projections, events, {}, this.shapes)));
    });
    this.state = 'running';
  }

  private async applyWith(client: PoolClient, batch: ProjectedBatch): Promise<void> {
    if (batch.search.length > 0) await this.stores.search!.applyWith(client, batch.search);
    await this.stores.documents.applyWith(client, batch.documents, batch.checkpoints);
  }

  /** Applied inline: nothing to wait for. */
  async waitFor(): Promise<void> {}

  /** start() catches up before it resolves. */
  async caughtUp(): Promise<void> {}

  async status(): Promise<ProjectionEngineStatus> {
    const head = await this.events.headPosition().catch(() => null);
    return { engine: 'inline', state: this.state, position: head ?? 0, head, lag: head === null ? null : 0, lastError: null, failingSince: null, caughtUp: this.state === 'running' };
  }

  async stop(): Promise<void> {
    this.events.setInlineProjector(null);
    this.state = 'stopped';
  }
}
