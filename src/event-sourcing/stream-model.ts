import type { NewEvent } from '../event-store/event-store.port';
import type { CommandContext } from '../shared/command-context';
import type { DomainEvent } from '../shared/decider';
import { internalEvents, Publication, toLogEvents } from '../shared/event-publishing';

/** How one kind of stream folds into state. Pure: the same model runs in every decision over such a stream. */
export interface StreamModel<S, E extends DomainEvent = DomainEvent> {
  /** Names the fold; the runner caches a state per (model name, stream id). */
  readonly name: string;
  initialState(): S;
  evolve(state: S, event: E): S;
  /**
   * Opts a long-lived stream into snapshots (src/event-sourcing/snapshots.ts). Bump it whenever `evolve` or the
   * state's shape changes: snapshots of another version are ignored, so an old fold never comes back.
   */
  readonly snapshotVersion?: number;
  /** How a snapshot stores the state when it is not plain data (a persistent map): written and read back as this. */
  readonly snapshotForm?: SnapshotForm<S>;
}

export interface SnapshotForm<S> {
  write(state: S): unknown;
  read(stored: any): S;
}

/**
 * One stream a decision reads and may append to: its id, how it folds, and how decided events become log events
 * (a resource's events carry its Integration API view; internal events carry none and stay out of events/query).
 */
export interface StreamRef<S = any, E extends DomainEvent = any> {
  readonly streamId: string;
  readonly model: StreamModel<S, E>;
  publish(ctx: CommandContext, before: S, events: readonly E[]): NewEvent[];
}

export interface InternalStreamOptions<S> {
  /** Stored with each event for the read models: what the stream's state is after it. */
  resource?: (after: S) => unknown;
  /** Names the resource the events are about (events/query never shows internal events, but replays can find them). */
  resourceType?: string;
  resourceId?: string;
}

/** A stream of internal events (clients, sessions, guards, images, schemas): never shown by events/query. */
export const internalStream = <S, E extends DomainEvent>(model: StreamModel<S, E>, streamId: string, options: InternalStreamOptions<S> = {}): StreamRef<S, E> => ({
  streamId,
  model,
  publish: (ctx, before, events) => {
    const { resource, resourceType, resourceId } = options;
    if (!resource) return internalEvents(ctx, events, { resourceType, resourceId });
    let state = before;
    return events.flatMap((event) => {
      state = model.evolve(state, event);
      return internalEvents(ctx, [event], { resource: resource(state), resourceType, resourceId });
    });
  },
});

/** A resource's stream: its events carry the resource after them and the previous values (events/query). */
export const resourceStream = <S, E extends DomainEvent>(
  model: StreamModel<S, E>,
  streamId: string,
  publication: Omit<Publication<S, E>, 'ctx' | 'evolve'>,
): StreamRef<S, E> => ({
  streamId,
  model,
  publish: (ctx, before, events) => toLogEvents({ ...publication, ctx, evolve: model.evolve }, before, events),
});

/** The fold of a decider, named: the model of every stream of its kind. */
export const modelOf = <S, E extends DomainEvent>(
  name: string,
  decider: { initialState(): S; evolve(state: S, event: E): S },
  options: { snapshotVersion?: number; snapshotForm?: SnapshotForm<S> } = {},
): StreamModel<S, E> => ({
  name,
  initialState: decider.initialState,
  evolve: decider.evolve,
  ...options,
});
