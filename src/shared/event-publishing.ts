import { auditDataOf, CommandContext } from './command-context';
import type { DomainEvent } from './decider';
import type { NewEvent } from './log-events';
import { previousValues, ResourceShape } from './resource-diff';

export interface Publication<State, Event extends DomainEvent> {
  ctx: CommandContext;
  resourceType: string;
  resourceId: string;
  evolve: (state: State, event: Event) => State;
  /** The Integration API view of the state, stored as each event's `resource`. */
  view: (state: State) => ResourceShape;
  /** Wire event types that events/query shows; the others are internal. */
  publicTypes: ReadonlySet<string>;
  relatedIds?: (state: State) => string[];
}

/**
 * Turns decided domain events into log events: each carries the resource after it, the previous values of what
 * it changed, who caused it (auditData) and through which API (source). `<type>/deleted` events carry `resource: null`.
 */
export const toLogEvents = <State, Event extends DomainEvent>(
  p: Publication<State, Event>,
  before: State,
  events: readonly Event[],
): NewEvent[] => {
  let state = before;
  return events.map((event) => {
    const previous = state;
    state = p.evolve(state, event);
    const deleted = event.type.endsWith('/deleted');
    const created = event.type.endsWith('/created');
    return {
      type: event.type,
      data: event.data,
      metadata: {
        marketplaceId: p.ctx.marketplaceId,
        createdAt: p.ctx.now.toISOString(),
        public: p.publicTypes.has(event.type),
        resourceType: p.resourceType,
        resourceId: p.resourceId,
        relatedIds: p.relatedIds?.(state) ?? [],
        resource: deleted ? null : p.view(state),
        // Deletion rule: a deleted resource's previous personal data is not repeated in its last event.
        previousValues: created ? {} : deleted ? { attributes: { deleted: false } } : previousValues(p.view(previous), p.view(state)),
        auditData: auditDataOf(p.ctx),
        source: p.ctx.source,
      },
    };
  });
};

/** What an internal event may carry besides its data: the state it leaves for the read models, and what it is about. */
export interface InternalEventExtras {
  resource?: unknown;
  resourceType?: string;
  resourceId?: string;
}

/** Internal events (clients, sessions, guards, images): never shown by events/query. */
export const internalEvents = (ctx: CommandContext, events: readonly DomainEvent[], extras: InternalEventExtras = {}): NewEvent[] =>
  events.map((event) => ({
    type: event.type,
    data: event.data,
    metadata: {
      marketplaceId: ctx.marketplaceId,
      createdAt: ctx.now.toISOString(),
      public: false,
      ...(extras.resourceType !== undefined ? { resourceType: extras.resourceType, resourceId: extras.resourceId } : {}),
      ...(extras.resource !== undefined ? { resource: extras.resource } : {}),
      auditData: auditDataOf(ctx),
      source: ctx.source,
    },
  }));
