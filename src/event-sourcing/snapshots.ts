import type { DocumentStore } from '../read-models/document-store.port';
import type { StreamRef } from './stream-model';

/** Documents of this collection (marketplace `*`) hold the snapshots; a rebuild drops them with the read models. */
export const SNAPSHOTS = 'stream-snapshots';
/** A stream gets a new snapshot once this many events were folded past its last one. */
export const SNAPSHOT_EVERY = 500;

export interface Snapshot {
  state: unknown;
  revision: number;
}

interface SnapshotBody {
  model: string;
  version: number;
  revision: number;
  state: unknown;
}

/**
 * Snapshots of long streams, so that the first decision on a stream after a restart (or after the state cache let
 * it go) folds only the events after its snapshot instead of the whole stream. A snapshot is only ever a starting
 * point: the runner reads every event after its revision, so an old snapshot (a lagging store, one not saved yet)
 * costs time, never correctness. They live in the document store (SQLite or Elasticsearch, behind its port and its
 * contract tests) with their types intact; only models with a `snapshotVersion` get them, and only of that version.
 */
export class Snapshots {
  constructor(private readonly documents: DocumentStore) {}

  async load(ref: StreamRef): Promise<Snapshot | null> {
    const version = ref.model.snapshotVersion;
    if (version === undefined) return null;
    const body = await this.documents.get<SnapshotBody>(SNAPSHOTS, '*', idOf(ref));
    if (!body || body.model !== ref.model.name || body.version !== version) return null;
    const form = ref.model.snapshotForm;
    return { state: form ? form.read(body.state) : body.state, revision: body.revision };
  }

  async save(ref: StreamRef, snapshot: Snapshot): Promise<void> {
    const version = ref.model.snapshotVersion;
    if (version === undefined) return;
    const form = ref.model.snapshotForm;
    const body: SnapshotBody = { model: ref.model.name, version, revision: snapshot.revision, state: form ? form.write(snapshot.state) : snapshot.state };
    await this.documents.apply(
      // Versioned by revision: a slower save of an older snapshot never replaces a newer one.
      [{ op: 'put', collection: SNAPSHOTS, position: snapshot.revision, document: { id: idOf(ref), marketplaceId: '*', createdAt: new Date(0).toISOString(), body } }],
      {},
    );
  }
}

const idOf = (ref: StreamRef): string => `${ref.model.name}:${ref.streamId}`;
