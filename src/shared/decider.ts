/** Domain events are plain data: the wire name as `type`, the payload as `data`. */
export interface DomainEvent<T extends string = string, D = unknown> {
  type: T;
  data: D;
}

/** A pure decider: no I/O, no clock (the time arrives inside the command). */
export interface Decider<Command, State, Event extends DomainEvent> {
  initialState(): State;
  evolve(state: State, event: Event): State;
  decide(command: Command, state: State): Event[];
}

export const fold = <State, Event>(evolve: (s: State, e: Event) => State, initial: State, events: readonly Event[]): State =>
  events.reduce(evolve, initial);
