import type { DomainEvent } from '../../shared/decider';
import type { TransitionActor } from './process-definition';
import type { FileAttachmentRef } from '../../files/domain/file-attachments';
import type { LineItem } from './line-items';
import type { ClaimRelease, PaymentClaim } from './payment-claim';

type Money = { amount: number; currency: string };

/** The transaction's stock reservation as the transaction follows it (the stock ledger holds the resource). */
export interface StockReservationRef {
  reservationId: string;
  quantity: number;
  state: 'pending' | 'proposed' | 'accepted' | 'declined' | 'cancelled';
}

/** The transaction's payment intent at the provider, as the transaction's Stripe actions left it. */
export interface PaymentRef {
  intentId: string;
  status: string;
}

/** What a transition's actions change on the transaction itself (no own events: the transaction's event covers them). */
export interface TransactionChanges {
  lineItems?: LineItem[];
  payinTotal?: Money | null;
  payoutTotal?: Money | null;
  protectedData?: Record<string, unknown>;
  metadata?: Record<string, unknown>;
  stockReservation?: StockReservationRef;
  payment?: PaymentRef;
  /** The listing's protected files, revealed to the transaction's parties (reveal-listing-protected-files). */
  protectedFileAttachments?: FileAttachmentRef[];
}

export interface TransitionRecord {
  transition: string;
  from: string | null;
  to: string;
  by: TransitionActor;
  at: string;
  changes: TransactionChanges;
  /** The payment claim this transition settles (transitions with Stripe actions). */
  claimId?: string;
}

export type BookingStateName = 'pending' | 'proposed' | 'accepted' | 'declined' | 'cancelled';

/** A transaction's booking (ISO instants; `start`/`end` are what it reserves, the display pair is cosmetic). */
export interface BookingData {
  bookingId: string;
  start: string;
  end: string;
  displayStart: string;
  displayEnd: string;
  seats: number;
  state: BookingStateName;
}

export interface ReviewCreated {
  reviewId: string;
  type: 'ofProvider' | 'ofCustomer';
  rating: number;
  content: string;
  authorId: string;
  subjectId: string;
  listingId: string;
  createdAt: string;
}

/**
 * Everything of a transaction lives in its stream: the transaction, its reviews and its messages. Inside a
 * transition, review events come before the transaction's own event (events.md §2.3).
 */
export type TransactionEvent =
  | DomainEvent<
      'transaction/initiated',
      TransitionRecord & { transactionId: string; processName: string; processVersion: number; listingId: string; customerId: string; providerId: string }
    >
  | DomainEvent<'transaction/transitioned', TransitionRecord>
  | DomainEvent<'transaction/updated', { metadata: Record<string, unknown> }>
  | DomainEvent<'booking/created', BookingData>
  /** The booking after the change (a state move, or update-booking's new range). */
  | DomainEvent<'booking/updated', BookingData>
  | DomainEvent<'review/created', ReviewCreated>
  | DomainEvent<'review/updated', { reviewId: string; state: 'public' }>
  /** `publicFileAttachments` only when the message has files. */
  | DomainEvent<'message/created', { messageId: string; senderId: string; content: string; createdAt: string; publicFileAttachments?: FileAttachmentRef[] }>
  /** Internal: a delayed notification is due (the transaction had not moved on); the notifications reactor mails it. */
  | DomainEvent<'transaction/notification-due', { notification: string; transitionCount: number }>
  /** Internal: the next transition is claimed before its payment-provider calls (payment-claim.ts). */
  | DomainEvent<'transaction/payment-claimed', { claim: PaymentClaim }>
  /** Internal: a claim ended without its transition; what was reversed at the provider. */
  | DomainEvent<'transaction/payment-claim-released', ClaimRelease>;

export const PAYMENT_CLAIM_EVENTS: ReadonlySet<string> = new Set(['transaction/payment-claimed', 'transaction/payment-claim-released']);

export const PUBLIC_TRANSACTION_EVENTS: ReadonlySet<string> = new Set([
  'transaction/initiated',
  'transaction/transitioned',
  'transaction/updated',
  'booking/created',
  'booking/updated',
  'review/created',
  'review/updated',
  'message/created',
]);

/** Events of a transition: `source/transaction` whichever API invoked it (events.md §2.3). */
export const TRANSITION_EVENTS: ReadonlySet<string> = new Set([
  'transaction/initiated',
  'transaction/transitioned',
  'booking/created',
  'booking/updated',
  'review/created',
  'review/updated',
]);
