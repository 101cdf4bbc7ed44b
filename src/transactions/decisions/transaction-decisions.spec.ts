import { given } from '../../../test/support/given-when-then';
import type { CommandContext } from '../../shared/command-context';
import { stockDecider } from '../../stock/domain/stock.decider';
import type { TransactionEvent } from '../domain/transaction.events';
import { bookingParams, buyerId, listing, listingId, mp, now, processHistory, sellerId, strangerId, user } from '../../../test/support/transaction-world';
import { initiateDecision, type TransitionRequest } from './initiate.decision';
import { sendMessageDecision, updateMetadataDecision } from './message-and-metadata.decision';
import { ClaimHeld } from './payment-claim.decision';
import type { PaymentPhase, TransactionDecision } from './transaction-decision';
import { transitionDecision } from './transition.decision';

const txId = '66666666-6666-4666-8666-666666666666';
const ctx: CommandContext = { marketplaceId: mp, clientId: null, userId: buyerId, adminId: null, requestId: 'r1', source: 'source/marketplace-api', now };
let ids = 0;
const newId = () => `00000000-0000-4000-8000-${String(++ids).padStart(12, '0')}`;
const slot = { claimId: 'claim-1', dueAt: new Date(now.getTime() + 60_000) };

/** A decision asked for one phase, as the runner runs it. */
const at = (decision: TransactionDecision, phase: PaymentPhase = { mode: 'claim', claimId: slot.claimId }) => ({ streams: decision.streams, decide: (s: Parameters<TransactionDecision['decide']>[0]) => decision.decide(s, phase) });
const paid = (intent = { id: 'pi_1', clientSecret: 'pi_1_secret', status: 'requires_payment_method' }): PaymentPhase => ({ mode: 'complete', claimId: slot.claimId, outcome: { intent } });

const request = (transition: string, params: Record<string, unknown>): TransitionRequest => ({ transition, params, speculative: false });
const initiate = (transition: string, params: Record<string, unknown>, processAlias = 'default-booking/release-1', userId = buyerId) =>
  initiateDecision({ ...ctx, userId }, { transactionId: txId, userId, trusted: true, processAlias, request: request(transition, params) }, newId, slot);
const bookingWorld = { process: processHistory('default-booking'), listing: listing(), caller: user(buyerId), author: user(sellerId) };
type World = Parameters<typeof given>[0];
/** The world with the decision's claim taken (what the claim phase appended to the transaction). */
const claimedIn = (world: World, decision: TransactionDecision): World => {
  const claim = given(world).when(at(decision)).decided().events;
  return { ...world, tx: [...(world?.tx ?? []), ...claim.tx!], claimJob: claim.claimJob! };
};

/** The transaction's own history after a paid, confirmed booking request (decided by the same decisions). */
const preauthorized = (): TransactionEvent[] => {
  const request = initiate('transition/request-payment', bookingParams());
  const initiated = given(claimedIn(bookingWorld, request)).when(at(request, paid())).decided().events.tx!;
  return [
    ...(claimedIn(bookingWorld, request)!.tx as TransactionEvent[]),
    ...initiated,
    { type: 'transaction/transitioned', data: { transition: 'transition/confirm-payment', from: 'state/pending-payment', to: 'state/preauthorized', by: 'customer', at: now.toISOString(), changes: { payment: { intentId: 'pi_1', status: 'requires_capture' } } } },
  ];
};
const transition = (name: string, caller: Parameters<typeof transitionDecision>[1]['caller']) => transitionDecision(ctx, { transactionId: txId, caller, request: request(name, {}) }, newId, slot);
const parties = { process: processHistory('default-booking'), customer: user(buyerId), provider: user(sellerId) };

describe('transaction decisions', () => {
  describe('initiate', () => {
    it('given a published listing, when an inquiry initiates (no Stripe actions), then the transaction is initiated at once', () => {
      given({ ...bookingWorld, process: processHistory('default-inquiry') })
        .when(at(initiate('transition/inquire-without-payment', { listingId }, 'default-inquiry/release-1')))
        .then({ tx: [{ type: 'transaction/initiated', data: { transition: 'transition/inquire-without-payment', customerId: buyerId, providerId: sellerId } }] });
    });

    it('given a free seat, when a paid booking is requested, then only the payment claim is appended (seats untouched until the provider answered)', () => {
      given(bookingWorld)
        .when(at(initiate('transition/request-payment', bookingParams())))
        .then({ tx: [{ type: 'transaction/payment-claimed', data: { claim: { claimId: 'claim-1', kind: 'initiate', step: { transition: 'transition/request-payment', transitionCount: 0, payinTotal: { amount: 5000, currency: 'USD' } } } } }], claimJob: [{ type: 'job/scheduled' }] });
    });

    it("when the claimed booking completes with the provider's intent, then seats, booking, transaction, its expiry job, and the claim's job cancelled", () => {
      const request = initiate('transition/request-payment', bookingParams());
      given(claimedIn(bookingWorld, request))
        .when(at(request, paid()))
        .then({
          availability: [{ type: 'availability/seats-reserved' }],
          tx: [{ type: 'booking/created' }, { type: 'transaction/initiated', data: { claimId: 'claim-1', changes: { payment: { intentId: 'pi_1' } } } }],
          nextJob: [{ type: 'job/scheduled', data: { command: { data: { transition: 'transition/expire-payment' } } } }],
          claimJob: [{ type: 'job/cancelled' }],
        });
    });

    it('given the only seat taken, when a paid booking is requested, then 409 before any claim (the provider is never called)', () => {
      const first = initiate('transition/request-payment', bookingParams());
      const taken = given(claimedIn(bookingWorld, first)).when(at(first, paid())).decided().events.availability!;
      given({ ...bookingWorld, availability: taken }).when(at(initiate('transition/request-payment', bookingParams()))).thenThrows('transaction-booking-time-not-available');
    });

    it('given a closed listing, a banned author or one’s own listing, then 409 with the reason', () => {
      given({ ...bookingWorld, listing: listing('closed') }).when(at(initiate('transition/request-payment', bookingParams()))).thenThrows('transaction-listing-not-found');
      given({ ...bookingWorld, author: user(sellerId, 'banned') }).when(at(initiate('transition/request-payment', bookingParams()))).thenThrows('transaction-provider-banned-or-deleted');
      given({ ...bookingWorld, caller: user(sellerId) }).when(at(initiate('transition/request-payment', bookingParams(), 'default-booking/release-1', sellerId))).thenThrows('transaction-same-author-and-customer');
      given(bookingWorld).when(at(initiate('transition/request-payment', bookingParams(), 'default-booking/release-9'))).thenThrows('transaction-unknown-alias');
    });

    it('given stock of 1 reserved, when another order asks for it, then 409 insufficient stock', () => {
      const stock = stockDecider.decide({ type: 'compare-and-set', oldTotal: null, newTotal: 1, listingId, adjustmentId: 'a1', at: now } as never, stockDecider.initialState());
      const world = { process: processHistory('default-purchase'), listing: listing(), caller: user(buyerId), author: user(sellerId) };
      const order = () => initiate('transition/request-payment', { listingId, stockReservationQuantity: 1, lineItems: bookingParams().lineItems }, 'default-purchase/release-1');
      const reserved = given(claimedIn({ ...world, stock }, order())).when(at(order(), paid())).decided().events;
      expect(reserved.stock?.map((e) => e.type)).toContain('stockReservation/created');
      given({ ...world, stock: [...stock, ...reserved.stock!] }).when(at(order())).thenThrows('transaction-listing-insufficient-stock');
    });
  });

  describe('transition', () => {
    it('given a preauthorized booking, when the provider accepts, then the claim (capture pending); completed, the transition with the capture', () => {
      given({ ...parties, tx: preauthorized() })
        .when(at(transition('transition/accept', { kind: 'user', userId: sellerId, trusted: false })))
        .then({ tx: [{ type: 'transaction/payment-claimed', data: { claim: { kind: 'transition', step: { intentId: 'pi_1', transitionCount: 2 } } } }], claimJob: [{ type: 'job/scheduled' }] });
      const accept = transition('transition/accept', { kind: 'user', userId: sellerId, trusted: false });
      given({ ...claimedIn({ ...parties, tx: preauthorized() }, accept), listing: listing() })
        .when(at(accept, paid({ id: 'pi_1', clientSecret: 's', status: 'succeeded' })))
        .then({
          tx: [{ type: 'booking/updated', data: { state: 'accepted' } }, { type: 'transaction/transitioned', data: { transition: 'transition/accept', claimId: 'claim-1', changes: { payment: { status: 'succeeded' } } } }],
          nextJob: [{ type: 'job/scheduled', data: { command: { data: { transition: 'transition/complete' } } } }],
          claimJob: [{ type: 'job/cancelled' }],
        });
    });

    it("given another request's open claim, when any transition decides, then it is held back", () => {
      given(claimedIn({ ...parties, tx: preauthorized() }, transition('transition/accept', { kind: 'user', userId: sellerId, trusted: false })))
        .when(at(transition('transition/decline', { kind: 'user', userId: sellerId, trusted: false }), { mode: 'claim', claimId: 'claim-2' }))
        .thenThrows(ClaimHeld);
    });

    it("when the customer runs the provider's transition, or a stranger any, then 403; a transition the state does not allow, 409", () => {
      given({ ...parties, tx: preauthorized() }).when(at(transition('transition/accept', { kind: 'user', userId: buyerId, trusted: false }))).thenThrows('forbidden');
      given({ ...parties, tx: preauthorized() }).when(at(transition('transition/accept', { kind: 'user', userId: strangerId, trusted: false }))).thenThrows('forbidden');
      given({ ...parties, tx: preauthorized() }).when(at(transition('transition/confirm-payment', { kind: 'user', userId: buyerId, trusted: false }))).thenThrows('transaction-invalid-transition');
      given({}).when(at(transition('transition/accept', { kind: 'operator' }))).thenThrows('not-found');
    });
  });

  describe('messages and metadata', () => {
    const message = (senderId: string) => sendMessageDecision(ctx, { transactionId: txId, messageId: 'm1', senderId, content: 'Hello', fileIds: [], files: new Map(), newIds: [] });
    it('given a transaction, when a party messages, then message/created; a stranger, 403', () => {
      given({ tx: preauthorized() }).when(message(sellerId)).then({ tx: [{ type: 'message/created', data: { senderId: sellerId, content: 'Hello' } }] });
      given({ tx: preauthorized() }).when(message(strangerId)).thenThrows('forbidden');
      given({}).when(message(buyerId)).thenThrows('not-found');
    });

    it('given metadata, when the operator merges more (null removes), then transaction/updated; the same again, nothing', () => {
      given({ tx: preauthorized() }).when(updateMetadataDecision(ctx, txId, { a: 1 })).then({ tx: [{ type: 'transaction/updated', data: { metadata: { a: 1 } } }] });
      given({ tx: [...preauthorized(), { type: 'transaction/updated', data: { metadata: { a: 1 } } }] }).when(updateMetadataDecision(ctx, txId, { a: 1 })).then({});
    });
  });
});
