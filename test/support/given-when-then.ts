import { ApiError } from '../../src/shared/api-error';
import type { Decider, DomainEvent } from '../../src/shared/decider';
import type { Decision, StatesOf, Streams } from '../../src/event-sourcing/command-runner';
import type { StreamRef } from '../../src/event-sourcing/stream-model';
import type { EventShapes } from '../../src/shared/event-shapes';
import type { RecordedEvent } from '../../src/shared/log-events';

/**
 * given(events).when(command).then(events) / .thenThrows(code) for pure deciders: no I/O, no clock, no mocks.
 * Used by the `*.decider.spec.ts` files.
 */
export const specFor =
  <C, S, E extends DomainEvent>(decider: Decider<C, S, E>) =>
  (history: E[] = []) => {
    const state = history.reduce(decider.evolve, decider.initialState());
    return {
      state,
      when: (command: C) => ({
        then: (expected: E[]) => expect(decider.decide(command, state)).toEqual(expected),
        thenNothing: () => expect(decider.decide(command, state)).toEqual([]),
        thenThrows: (code: string) => {
          let thrown: unknown;
          try {
            decider.decide(command, state);
          } catch (error) {
            thrown = error;
          }
          expect(thrown).toBeInstanceOf(ApiError);
          expect((thrown as ApiError).code).toBe(code);
        },
        events: () => decider.decide(command, state),
      }),
    };
  };

type Histories = Record<string, readonly DomainEvent[]>;
interface DecisionOver<T extends Streams, R> {
  streams: T | ((loaded: Partial<StatesOf<T>>) => T);
  decide(states: StatesOf<T>): Decision<T, R>;
}

/** The states a decision reads, each stream folded from its history by its own model, named as the runner would. */
const foldNamed = <T extends Streams>(streams: DecisionOver<T, unknown>['streams'], history: Histories): StatesOf<T> => {
  const states: Record<string, unknown> = {};
  for (let round = 0; round < 4; round += 1) {
    const named = typeof streams === 'function' ? streams(states as Partial<StatesOf<T>>) : streams;
    const fresh = Object.entries(named).filter((entry): entry is [string, StreamRef] => entry[1] !== undefined && !(entry[0] in states));
    if (fresh.length === 0) break;
    for (const [name, ref] of fresh) states[name] = (history[name] ?? []).reduce((s, e) => ref.model.evolve(s, e), ref.model.initialState());
  }
  for (const name of Object.keys(history)) if (!(name in states)) throw new Error(`given names "${name}", a stream the decision does not read`);
  return states as StatesOf<T>;
};

/**
 * given/when/then over several streams, for decisions (a runner command's `streams` and `decide`):
 * `given({ tx: [...], listing: [...] }).when(decision).then({ tx: [{ type: 'transaction/initiated' }], availability: [...] })`.
 * `then` names every stream the decision appends to (streams with no events are left out) and matches each event
 * as a subset (`{type}` alone, or with the data that matters).
 */
export const given = (history: Histories = {}) => ({
  when: <T extends Streams, R>(decision: DecisionOver<T, R>) => {
    const decide = () => decision.decide(foldNamed(decision.streams, history));
    return {
      then: (expected: Record<string, Array<Partial<DomainEvent> & Record<string, unknown>>>) => {
        const events = Object.fromEntries(Object.entries(decide().events as Record<string, unknown[] | undefined>).filter(([, e]) => e && e.length > 0));
        expect(Object.keys(events).sort()).toEqual(Object.keys(expected).sort());
        expect(events).toMatchObject(expected);
      },
      thenThrows: (expected: string | (new (...args: any[]) => Error)) => {
        let thrown: unknown = null;
        try {
          decide();
        } catch (error) {
          thrown = error;
        }
        if (typeof expected === 'string') {
          expect(thrown).toBeInstanceOf(ApiError);
          expect((thrown as ApiError).code).toBe(expected);
        } else expect(thrown).toBeInstanceOf(expected);
      },
      decided: decide,
    };
  },
});

/**
 * given(an event as a log stores it).whenRead(shapes).then(what every reader sees) for upcasters: the stored event
 * (its data and metadata, `metadata.shapeVersion` absent for version 1) and the expected current one, as a subset.
 */
export const givenStored = (stored: Pick<RecordedEvent, 'type' | 'data' | 'metadata'>) => ({
  whenRead: (shapes: EventShapes) => {
    const event: RecordedEvent = { id: '00000000-0000-4000-8000-000000000001', streamId: 'mp:transaction-1', revision: 0, position: 1, ...stored };
    const read = () => shapes.current(event);
    return {
      then: (expected: { data?: unknown; metadata?: Record<string, unknown> }) => expect(read()).toMatchObject(expected),
      /** Already current: the very same object, nothing copied. */
      thenAsStored: () => expect(read()).toBe(event),
      thenThrows: (expected: new (...args: any[]) => Error) => expect(read).toThrow(expected),
      read,
    };
  },
});
