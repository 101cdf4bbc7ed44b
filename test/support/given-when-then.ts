import { ApiError } from '../../src/shared/api-error';
import type { Decider, DomainEvent } from '../../src/shared/decider';

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
