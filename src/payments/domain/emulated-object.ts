import type { DomainEvent } from '../../shared/decider';
import { PaymentProviderError, ProviderErrorBody } from './provider-error';
import type { ProviderObject } from './provider-objects';

/**
 * Every object of the payment emulator (an account, a customer, a payment method, an intent, a token) is a stream
 * whose events carry the object after the fact, in the provider's own JSON, plus state only the emulator knows
 * (`extra`: an account's balance ledger, a card's test behaviour). Each event also records the outcome of the call
 * under its idempotency key: a call repeated with that key answers the same object, or the same refusal, and
 * appends nothing. A refusal that changes the object (a declined confirmation puts the intent back to
 * `requires_payment_method`) is an event like any other, with its error; a refusal that changes nothing (a bad
 * parameter) appends nothing, as Stripe keeps no idempotent result for a request that failed validation.
 */
export interface EmulatedState<O extends ProviderObject = ProviderObject, X extends object = Record<string, unknown>> {
  object: O | null;
  extra: X;
  /** Outcome per idempotency key: null for success, the refusal otherwise. */
  outcomes: Record<string, ProviderErrorBody | null>;
}

export interface EmulatorEventData {
  object?: ProviderObject;
  extra?: Record<string, unknown>;
  idempotencyKey?: string;
  error?: ProviderErrorBody;
}

/** `payEmulator/<fact>`: internal events (never in events/query). */
export type EmulatorEvent = DomainEvent<string, EmulatorEventData>;

export const initialEmulatedState = <O extends ProviderObject, X extends object>(extra: X): EmulatedState<O, X> => ({ object: null, extra, outcomes: {} });

export const evolveEmulated = <S extends EmulatedState<any, any>>(state: S, event: EmulatorEvent): S => {
  const { object, extra, idempotencyKey, error } = event.data;
  return {
    ...state,
    object: object ?? state.object,
    extra: extra ? { ...state.extra, ...extra } : state.extra,
    outcomes: idempotencyKey ? { ...state.outcomes, [idempotencyKey]: error ?? null } : state.outcomes,
  };
};

/** One fact about an object: the object after it, and the call's key and outcome. */
export const fact = (type: string, data: EmulatorEventData): EmulatorEvent => ({
  type: `payEmulator/${type}`,
  data: Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined)) as EmulatorEventData,
});

/**
 * A call already made with this key: true when it succeeded (answer the object as it is), a throw of the same
 * refusal when it failed, false when the key is new.
 */
export const alreadyDone = (state: EmulatedState<any, any>, key: string | undefined): boolean => {
  if (!key || !(key in state.outcomes)) return false;
  const error = state.outcomes[key];
  if (error) throw new PaymentProviderError(error);
  return true;
};

/** The refusal a call recorded, thrown after its events are appended. */
export const outcomeOf = (state: EmulatedState<any, any>, key: string): void => {
  const error = state.outcomes[key];
  if (error) throw new PaymentProviderError(error);
};

export const unixTime = (date: Date): number => Math.floor(date.getTime() / 1000);
