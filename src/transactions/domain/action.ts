import type { FileAttachmentRef } from '../../files/domain/file-attachments';
import type { TransitionActor } from './process-definition';
import type { TransactionChanges, TransactionEvent } from './transaction.events';
import type { TransactionState } from './transaction.state';

/** What an action sees: the transaction as the earlier actions of the transition left it, and the call's params. */
export interface ActionInput {
  tx: TransactionState;
  params: Record<string, unknown>;
  config: Record<string, unknown>;
  by: TransitionActor;
  now: Date;
  /** The parties' protected profile data (reveal-*-protected-data). */
  protectedDataOf: { customer: Record<string, unknown>; provider: Record<string, unknown> };
  /** The listing's protected file attachments now (reveal-listing-protected-files); [] when the transition does not read the listing. */
  listingFiles: FileAttachmentRef[];
  newId(): string;
  /** What the payment provider answered for this transition (called before the decision); null when speculative. */
  payment: PaymentOutcome | null;
}

/** The payment intent a transition's provider calls left, as the provider answered. */
export interface PaymentOutcome {
  intent: { id: string; clientSecret: string; status: string } | null;
}

/** A booking's seats on the listing, as the seat ledger takes them (ISO instants, end exclusive). */
export interface SeatClaim {
  bookingId: string;
  start: string;
  end: string;
  seats: number;
}

/**
 * What an action asks of another aggregate's ledger (the listing's seats or stock). The transaction's decision
 * lists them in order; the command composes each ledger's own decision into the same atomic append, so a ledger
 * that refuses (no seats, no stock) fails the whole transition and nothing is stored.
 */
export type LedgerChange =
  | { type: 'reserve-seats'; claim: SeatClaim }
  /** A proposed booking reserves nothing, but its range must be available. */
  | { type: 'check-seats'; claim: SeatClaim }
  | { type: 'release-seats'; bookingId: string }
  | { type: 'reserve-stock'; reservationId: string; quantity: number; state: 'pending' | 'proposed' }
  | { type: 'accept-stock' | 'decline-stock' | 'cancel-stock'; reservationId: string };

/** An action's effect: changes to the transaction, events of its own resources (reviews, bookings), ledger changes. */
export interface ActionResult {
  changes?: TransactionChanges;
  events?: TransactionEvent[];
  ledger?: LedgerChange[];
}

/** One `:action/…` of a process. Pure: what it needs of other aggregates it asks as `LedgerChange`s. */
export interface TransactionAction {
  params: { required: string[]; optional: string[] };
  run(input: ActionInput): ActionResult;
}
