import type { FileAttachmentRef } from '../../files/domain/file-attachments';
import type { LineItem } from './line-items';
import type { PaymentClaim, SettledClaim } from './payment-claim';
import type { TransitionActor } from './process-definition';
import type { BookingData, PaymentRef, ReviewCreated, StockReservationRef, TransactionEvent } from './transaction.events';

export interface ReviewState extends ReviewCreated {
  state: 'pending' | 'public';
}

export interface MessageState {
  messageId: string;
  senderId: string;
  content: string;
  createdAt: string;
  publicFileAttachments?: FileAttachmentRef[];
}

export interface TransactionState {
  exists: boolean;
  id: string | null;
  processName: string | null;
  processVersion: number | null;
  listingId: string | null;
  customerId: string | null;
  providerId: string | null;
  createdAt: string | null;
  /** `state/…`; null before the first transition. */
  state: string | null;
  lastTransition: string | null;
  lastTransitionedAt: string | null;
  transitions: Array<{ transition: string; createdAt: string; by: TransitionActor }>;
  lineItems: LineItem[];
  payinTotal: { amount: number; currency: string } | null;
  payoutTotal: { amount: number; currency: string } | null;
  protectedData: Record<string, unknown>;
  metadata: Record<string, unknown>;
  booking: BookingData | null;
  stockReservation: StockReservationRef | null;
  payment: PaymentRef | null;
  /** The open claim on the next transition (payment-claim.ts); null when none. */
  paymentClaim: PaymentClaim | null;
  lastClaim: SettledClaim | null;
  /** Files revealed to the parties: the listing's protected files when the process revealed them. */
  protectedFileAttachments: FileAttachmentRef[];
  reviews: ReviewState[];
  messageCount: number;
  lastMessageAt: string | null;
  /** Timepoints of the time expressions. */
  firstEnteredState: Record<string, string>;
  lastEnteredState: Record<string, string>;
  firstTransitioned: Record<string, string>;
}

export const initialTransactionState = (): TransactionState => ({
  exists: false,
  id: null,
  processName: null,
  processVersion: null,
  listingId: null,
  customerId: null,
  providerId: null,
  createdAt: null,
  state: null,
  lastTransition: null,
  lastTransitionedAt: null,
  transitions: [],
  lineItems: [],
  payinTotal: null,
  payoutTotal: null,
  protectedData: {},
  metadata: {},
  booking: null,
  stockReservation: null,
  payment: null,
  paymentClaim: null,
  lastClaim: null,
  protectedFileAttachments: [],
  reviews: [],
  messageCount: 0,
  lastMessageAt: null,
  firstEnteredState: {},
  lastEnteredState: {},
  firstTransitioned: {},
});

const transitioned = (s: TransactionState, r: Extract<TransactionEvent, { type: 'transaction/transitioned' }>['data']): TransactionState => ({
  ...s,
  ...r.changes,
  state: r.to,
  lastTransition: r.transition,
  lastTransitionedAt: r.at,
  transitions: [...s.transitions, { transition: r.transition, createdAt: r.at, by: r.by }],
  firstEnteredState: r.to in s.firstEnteredState ? s.firstEnteredState : { ...s.firstEnteredState, [r.to]: r.at },
  lastEnteredState: { ...s.lastEnteredState, [r.to]: r.at },
  firstTransitioned: r.transition in s.firstTransitioned ? s.firstTransitioned : { ...s.firstTransitioned, [r.transition]: r.at },
  paymentClaim: null,
  lastClaim: r.claimId ? { claimId: r.claimId, outcome: 'completed' } : (s.lastClaim ?? null),
});

export const evolveTransaction = (s: TransactionState, e: TransactionEvent): TransactionState => {
  switch (e.type) {
    case 'transaction/initiated': {
      const { transactionId, processName, processVersion, listingId, customerId, providerId } = e.data;
      return transitioned(
        { ...s, exists: true, id: transactionId, processName, processVersion, listingId, customerId, providerId, createdAt: e.data.at },
        e.data,
      );
    }
    case 'transaction/transitioned':
      return transitioned(s, e.data);
    case 'transaction/updated':
      return { ...s, metadata: e.data.metadata };
    case 'booking/created':
    case 'booking/updated':
      return { ...s, booking: e.data };
    case 'review/created':
      return { ...s, reviews: [...s.reviews, { ...e.data, state: 'pending' }] };
    case 'review/updated':
      return { ...s, reviews: s.reviews.map((r) => (r.reviewId === e.data.reviewId ? { ...r, state: e.data.state } : r)) };
    case 'transaction/payment-claimed':
      return { ...s, paymentClaim: e.data.claim };
    case 'transaction/payment-claim-released':
      return s.paymentClaim?.claimId === e.data.claimId ? { ...s, paymentClaim: null, lastClaim: { claimId: e.data.claimId, outcome: 'released' } } : s;
    case 'message/created':
      return { ...s, messageCount: s.messageCount + 1, lastMessageAt: e.data.createdAt };
    default:
      return s;
  }
};
