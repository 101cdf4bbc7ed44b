import type { StatesOf } from '../../event-sourcing/command-runner';
import type { ScheduledJobEvent, ScheduledJobState } from '../../event-sourcing/scheduled-job';
import type { StreamRef } from '../../event-sourcing/stream-model';
import type { AvailabilityState } from '../../availability/domain/availability.decider';
import type { AvailabilityEvent } from '../../availability/domain/availability.events';
import type { ListingEvent } from '../../listings/domain/listing.events';
import type { ListingState } from '../../listings/domain/listing.state';
import type { StockState } from '../../stock/domain/stock.decider';
import type { StockEvent } from '../../stock/domain/stock.events';
import type { UserEvent } from '../../users/domain/user.events';
import type { UserState } from '../../users/domain/user.state';
import type { PaymentOutcome } from '../domain/action';
import type { PaymentStep } from '../domain/payment-claim';
import type { ProcessEvent, ProcessState } from '../domain/process.decider';
import type { TransactionEvent } from '../domain/transaction.events';
import type { TransactionState } from '../domain/transaction.state';

type JobRef = StreamRef<ScheduledJobState, ScheduledJobEvent>;
type UserRef = StreamRef<UserState, UserEvent>;

/**
 * Every stream a transaction decision may read or append to, typed: `states.listing` is a `ListingState` (when the
 * decision named the listing). Only the transaction is always there.
 */
export interface TransactionStreams {
  [name: string]: StreamRef | undefined;
  tx: StreamRef<TransactionState, TransactionEvent>;
  process?: StreamRef<ProcessState, ProcessEvent>;
  /** The listing: for initiate, and for transitions whose actions touch its seats, stock or protected files. */
  listing?: StreamRef<ListingState, ListingEvent>;
  availability?: StreamRef<AvailabilityState, AvailabilityEvent>;
  stock?: StreamRef<StockState, StockEvent>;
  /** Initiate: the caller and the listing's author; a transition: the parties. */
  caller?: UserRef;
  author?: UserRef;
  customer?: UserRef;
  provider?: UserRef;
  /** The delayed transition of the state entered, and of the state left. */
  nextJob?: JobRef;
  previousJob?: JobRef;
  /** The expiry job of the payment claim the command may take. */
  claimJob?: JobRef;
  /** Delayed notifications of the transition (`notify:<notification name>`). */
  [notification: `notify:${string}`]: JobRef | undefined;
}

export type TransactionStates = StatesOf<TransactionStreams>;
export type TransactionEvents = { [K in keyof TransactionStreams]?: NonNullable<TransactionStreams[K]> extends StreamRef<any, infer E> ? E[] : never } & { tx: TransactionEvent[] };

/**
 * Which part of a transaction command a decision is asked for:
 * - `speculative`: the would-be transaction, nothing appended, no claim looked at;
 * - `claim`: the transition itself when it has no Stripe actions, otherwise the claim on it (its payment step);
 * - `complete`: the claimed transition with the provider's answers, closing the claim.
 */
export type PaymentPhase = { mode: 'speculative' } | { mode: 'claim'; claimId: string } | { mode: 'complete'; claimId: string; outcome: PaymentOutcome };

/** What a transaction decision answers: the payment step it claimed (null: none needed), and the transaction after it. */
export interface TransactionDecided {
  step: PaymentStep | null;
  after: TransactionState;
}

/** A transaction decision as a value: what to load (from what is loaded so far), and a pure decide per phase. */
export interface TransactionDecision {
  streams(loaded: Partial<TransactionStates>): TransactionStreams;
  decide(states: TransactionStates, phase: PaymentPhase): { events: Partial<TransactionEvents>; result: TransactionDecided };
}

/** The core of a transaction decision: its events given the provider's answers (null before the provider is called). */
export type CoreDecision = (outcome: PaymentOutcome | null) => { events: TransactionEvents; step: PaymentStep | null };
