import type { EventMetadata, NewEvent, RecordedEvent } from './log-events';

/**
 * Versioned event shapes. A log is kept for years and read by every later release, so each stored event says which
 * shape it was written in (`metadata.shapeVersion`; events written before shapes were versioned have none: version
 * 1), and each context declares its event types' current versions with one upcaster per step (version n → n+1).
 * Readers only ever see current shapes: the log is never rewritten, old events are brought up to date as they are
 * read (the weak-schema, upcast-on-read approach of Marten and EventStoreDB's versioning guidance).
 *
 * A shape is the event's `data` and its stored Integration API view (`metadata.resource`, `previousValues`): both
 * are written by the same release from the same state, so one version covers both (docs/architecture.md, Event
 * shapes). Upcasters are pure: no clock, no I/O, no other event; they may change values, never invent history.
 */
export interface Upcaster {
  /** Why the shape changed (the release and what it changed): printed by nothing, read by the next engineer. */
  readonly why: string;
  data?(data: any, metadata: EventMetadata): unknown;
  /** Sees the metadata alone: events/query's stored views are made from it without reading the data. */
  metadata?(metadata: EventMetadata): EventMetadata;
}

export interface EventShape {
  /** The version this release writes; 1 until the shape first changes. */
  readonly version: number;
  /** `upcasters[n]` turns version n into n + 1, for every n below `version`. */
  readonly upcasters: Readonly<Record<number, Upcaster>>;
}

/** A context's event types (or `resourceType/*` for an open family such as the payment emulator's facts). */
export type ContextShapes<T extends string = string> = Readonly<Record<T, EventShape>>;

/** An event type whose shape has never changed. */
export const firstShape: EventShape = { version: 1, upcasters: {} };

/** An event type at version `upcasters.length + 1`, its steps in order from version 1. */
export const shapeWith = (...steps: Upcaster[]): EventShape => ({
  version: steps.length + 1,
  upcasters: Object.fromEntries(steps.map((step, i) => [i + 1, step])),
});

/**
 * The shape version in a stored metadata text, read without decoding it, when the text says so plainly: the port
 * stamps `shapeVersion` as the metadata's last key, and the SQL adapters keep the text as written (PostgreSQL's
 * column is `json`, not `jsonb`), so the text ends `"shapeVersion":<n>}`. Undefined when it cannot tell (no such
 * ending: an event from before shapes were versioned); the reader then decodes the metadata. Folds read only the
 * data: this keeps them so.
 */
export const shapeVersionInText = (metadataText: string): number | undefined => {
  const at = metadataText.lastIndexOf('"shapeVersion":');
  if (at < 0 || metadataText.charCodeAt(metadataText.length - 1) !== 125 /* } */) return undefined;
  const digits = metadataText.slice(at + 15, -1);
  return /^\d+$/.test(digits) ? Number(digits) : undefined;
};

/** A stored event written by a later release than this one (a rollback past a shape change): never guessed at. */
export class NewerShapeError extends Error {
  constructor(readonly eventType: string, readonly stored: number, readonly known: number) {
    super(`An event ${eventType} of shape version ${stored} was written by a later release (this one knows version ${known}): run that release again, or restore the log from before it.`);
    this.name = 'NewerShapeError';
  }
}

/** How many events were upcast, by type and by the version they were stored in (what `rebuild` reports). */
export class UpcastTally {
  readonly byType: Record<string, Record<number, number>> = {};

  add(type: string, from: number): void {
    const versions = (this.byType[type] ??= {});
    versions[from] = (versions[from] ?? 0) + 1;
  }

  addAll(other: UpcastTally['byType']): void {
    for (const [type, versions] of Object.entries(other)) {
      const mine = (this.byType[type] ??= {});
      for (const [from, n] of Object.entries(versions)) mine[Number(from)] = (mine[Number(from)] ?? 0) + n;
    }
  }

  get total(): number {
    return Object.values(this.byType).reduce((sum, versions) => sum + Object.values(versions).reduce((a, b) => a + b, 0), 0);
  }

  /** `transaction/transitioned: 40 from v1`, one line a type. */
  lines(versionOf: (type: string) => number): string[] {
    return Object.entries(this.byType)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([type, versions]) => `${type}: ${Object.entries(versions).map(([from, n]) => `${n} from v${from}`).join(', ')} (now v${versionOf(type)})`);
  }
}

/** Every context's shapes together: stamps what is appended, brings what is read up to date. */
export class EventShapes {
  private readonly byType = new Map<string, EventShape>();

  constructor(contexts: readonly ContextShapes[]) {
    for (const context of contexts)
      for (const [type, shape] of Object.entries(context)) {
        if (this.byType.has(type)) throw new Error(`Event type ${type} is declared by two contexts`);
        for (let v = 1; v < shape.version; v++) if (!shape.upcasters[v]) throw new Error(`Event type ${type} is at version ${shape.version} without an upcaster from version ${v}`);
        this.byType.set(type, shape);
      }
  }

  /** The declared types and their current versions (the closing note of a shape change lists them). */
  versions(): Record<string, number> {
    return Object.fromEntries([...this.byType].map(([type, shape]) => [type, shape.version]));
  }

  /** The version this release writes for a type; 1 for a type no context declares. */
  versionOf(type: string): number {
    return this.shapeOf(type)?.version ?? 1;
  }

  /**
   * A number that changes whenever any current version does: stored texts made from upcast views (events/query's
   * caches) are stale once a release adds an upcaster.
   */
  fingerprint(): number {
    let hash = 0;
    for (const [type, shape] of [...this.byType].sort(([a], [b]) => a.localeCompare(b))) if (shape.version > 1) for (const c of `${type}@${shape.version};`) hash = (hash * 31 + c.charCodeAt(0)) | 0;
    return hash >>> 0;
  }

  /** An event about to be appended, stamped with the version its type is written in. */
  stamp<E extends NewEvent>(event: E): E {
    return { ...event, metadata: { ...event.metadata, shapeVersion: this.versionOf(event.type) } };
  }

  /**
   * The event in its type's current shape: the same object when it already is (a type that never changed is not
   * even decoded), otherwise a copy through every step from its stored version. `tally` counts what was upcast.
   */
  current<E extends RecordedEvent>(event: E, tally?: UpcastTally): E {
    const shape = this.shapeOf(event.type) ?? firstShape;
    if (shape.version === 1) {
      // A type this release never changed: not decoded for its version, but a version the adapter read from the
      // stored text is checked (a later release's shape, after a rollback).
      const hinted = event.storedShapeVersion;
      if (hinted !== undefined && hinted > 1) throw new NewerShapeError(event.type, hinted, 1);
      return event;
    }
    // An adapter that can read the version from the stored text says so (`storedShapeVersion`): no decoding then.
    const stored = this.storedVersion(event.type, () => event.metadata, shape, event.storedShapeVersion);
    if (stored === shape.version) return event;
    let data = event.data;
    let metadata = event.metadata;
    for (let v = stored; v < shape.version; v++) {
      const step = shape.upcasters[v];
      if (step.data) data = step.data(data, metadata) as E['data'];
      if (step.metadata) metadata = step.metadata(metadata);
    }
    tally?.add(event.type, stored);
    const { id, streamId, revision, position, type } = event;
    return { id, streamId, revision, position, type, data, metadata: { ...metadata, shapeVersion: shape.version } } as E;
  }

  /** The metadata alone in its current shape (events/query's views are made from the metadata without the data). */
  currentMetadata(type: string, metadata: EventMetadata): EventMetadata {
    const shape = this.shapeOf(type);
    if (!shape || shape.version === 1) return metadata;
    let current = metadata;
    for (let v = this.storedVersion(type, metadata, shape); v < shape.version; v++) current = shape.upcasters[v].metadata?.(current) ?? current;
    return current;
  }

  private storedVersion(type: string, metadata: EventMetadata | (() => EventMetadata), shape: EventShape, hint?: number): number {
    const stored = hint ?? (typeof metadata === 'function' ? metadata() : metadata).shapeVersion ?? 1;
    if (stored > shape.version) throw new NewerShapeError(type, stored, shape.version);
    return stored;
  }

  private shapeOf(type: string): EventShape | undefined {
    return this.byType.get(type) ?? this.byType.get(`${type.slice(0, type.indexOf('/'))}/*`);
  }
}

/**
 * Every event as given, unchecked: for readers whose events are current already (read through the shaped port) and
 * for adapters and tests that know no shapes.
 */
class AsGiven extends EventShapes {
  override current<E extends RecordedEvent>(event: E): E {
    return event;
  }
}

export const NO_UPCASTS: EventShapes = new AsGiven([]);
