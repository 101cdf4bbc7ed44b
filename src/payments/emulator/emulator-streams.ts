import type { DomainEvent } from '../../shared/decider';
import { internalStream, StreamModel, StreamRef } from '../../event-sourcing/stream-model';
import { AccountState, initialAccountState } from '../domain/emulated-account';
import { CustomerState, initialCustomerState, initialPaymentMethodState, initialSetupIntentState, initialTokenState, PaymentMethodState, SetupIntentState, TokenState } from '../domain/emulated-customer';
import { EmulatorEvent, evolveEmulated } from '../domain/emulated-object';
import { initialPaymentIntentState, PaymentIntentState } from '../domain/emulated-payment-intent';

/**
 * The emulator's streams. Each marketplace has its own emulated provider: its objects live in tenant streams
 * `<marketplace>:payemu-g<generation>-<object id>`, and `emulator reset` starts a new generation (the old objects
 * stay in the log, unreachable). Stripe.js tokens are made in the browser before any marketplace is named (the
 * publishable key names none), so they are global streams; their ids are 128 random bits and single-use.
 * The emulator's clock offset (`emulator clock advance`) is one global stream: the server has one clock.
 */
const model = <S>(name: string, initialState: () => S): StreamModel<S, EmulatorEvent> => ({
  name: `pay-emulator-${name}`,
  initialState,
  evolve: (s, e) => evolveEmulated(s as never, e) as S,
});

export const models = {
  account: model<AccountState>('account', initialAccountState),
  paymentIntent: model<PaymentIntentState>('payment-intent', initialPaymentIntentState),
  customer: model<CustomerState>('customer', initialCustomerState),
  paymentMethod: model<PaymentMethodState>('payment-method', initialPaymentMethodState),
  setupIntent: model<SetupIntentState>('setup-intent', initialSetupIntentState),
  token: model<TokenState>('token', initialTokenState),
};

export const emulatorObject = <S>(m: StreamModel<S, EmulatorEvent>, marketplaceId: string, generation: number, objectId: string): StreamRef<S, EmulatorEvent> =>
  internalStream(m, `${marketplaceId}:payemu-g${generation}-${objectId}`);

export const tokenStream = (tokenId: string): StreamRef<TokenState, EmulatorEvent> => internalStream(models.token, `payemu-token-${tokenId}`);

/** A marketplace's emulator: its generation (moved by `emulator reset`). */
export type GenerationEvent = DomainEvent<'payEmulator/reset', { generation: number; at: string }>;
export const generationModel: StreamModel<number, GenerationEvent> = {
  name: 'pay-emulator-generation',
  initialState: () => 0,
  evolve: (_s, e) => e.data.generation,
};
export const generationStream = (marketplaceId: string): StreamRef<number, GenerationEvent> => internalStream(generationModel, `${marketplaceId}:payemu`);

/** The emulator clock: how far it was moved ahead of real time, in milliseconds. */
export type ClockEvent = DomainEvent<'payEmulator/clock-advanced', { byMs: number; offsetMs: number }>;
export const clockModel: StreamModel<number, ClockEvent> = {
  name: 'pay-emulator-clock',
  initialState: () => 0,
  evolve: (_s, e) => e.data.offsetMs,
};
export const CLOCK_STREAM = 'payemu-clock';
export const clockStream = (): StreamRef<number, ClockEvent> => internalStream(clockModel, CLOCK_STREAM);
