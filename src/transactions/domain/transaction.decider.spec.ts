import { defaultProcesses } from '../process-files';
import { transactionDecider, TransitionCall } from './transaction.decider';
import type { TransactionEvent } from './transaction.events';
import type { ProcessDefinition } from './process-definition';
import { ApiError } from '../../shared/api-error';
import { Money } from '../../shared/values';

const processOf = (name: string): ProcessDefinition => defaultProcesses().find((p) => p.name === name)!.definition;
const now = new Date('2026-03-01T10:00:00.000Z');
let ids = 0;
const call = (transition: string, by: TransitionCall['by'], params: Record<string, unknown> = {}, trusted = false): TransitionCall => ({
  transition,
  by,
  params,
  trusted,
  now,
  protectedDataOf: { customer: { phone: '+358' }, provider: {} },
  newId: () => `00000000-0000-4000-8000-${String(++ids).padStart(12, '0')}`,
});
const tx = { transactionId: 't1', processName: 'p', processVersion: 1, listingId: 'l1', customerId: 'c1', providerId: 'p1' };
const fold = (events: TransactionEvent[]) => events.reduce(transactionDecider.evolve, transactionDecider.initialState());
const codeOf = (f: () => unknown): string => {
  try {
    f();
  } catch (e) {
    return (e as ApiError).code;
  }
  return 'no error';
};

describe('the transaction engine', () => {
  it('default-inquiry: the customer inquires with protected data; the provider cannot', () => {
    const process = processOf('default-inquiry');
    const events = transactionDecider.decide({ type: 'initiate', process, ...tx, ...call('transition/inquire-without-payment', 'customer', { protectedData: { note: 'hi' }, priceVariantName: 'ignored' }) }, fold([]));
    expect(events).toEqual([
      {
        type: 'transaction/initiated',
        data: expect.objectContaining({ transition: 'transition/inquire-without-payment', from: null, to: 'state/free-inquiry', by: 'customer', changes: { protectedData: { note: 'hi' } } }),
      },
    ]);
    const s = fold(events);
    expect(s).toMatchObject({ state: 'state/free-inquiry', lastTransition: 'transition/inquire-without-payment', protectedData: { note: 'hi' }, transitions: [{ transition: 'transition/inquire-without-payment', createdAt: now.toISOString(), by: 'customer' }] });
    expect(codeOf(() => transactionDecider.decide({ type: 'initiate', process, ...tx, ...call('transition/inquire-without-payment', 'provider') }, fold([])))).toBe('forbidden');
    expect(codeOf(() => transactionDecider.decide({ type: 'initiate', process, ...tx, providerId: 'c1', ...call('transition/inquire-without-payment', 'customer') }, fold([])))).toBe('transaction-same-author-and-customer');
    expect(transactionDecider.decide({ type: 'send-message', messageId: 'm1', senderId: 'p1', content: 'Hello', now }, s)).toEqual([
      { type: 'message/created', data: { messageId: 'm1', senderId: 'p1', content: 'Hello', createdAt: now.toISOString() } },
    ]);
  });

  it('default-negotiation: a privileged offer needs a trusted context and prices its line items', () => {
    const process = processOf('default-negotiation');
    const offer = { lineItems: [{ code: 'line-item/offer', unitPrice: new Money(10000, 'EUR'), quantity: 1 }], metadata: { offer: 1 } };
    expect(codeOf(() => transactionDecider.decide({ type: 'initiate', process, ...tx, ...call('transition/make-offer', 'provider', offer) }, fold([])))).toBe('forbidden');
    expect(codeOf(() => transactionDecider.decide({ type: 'initiate', process, ...tx, ...call('transition/make-offer', 'provider', {}, true) }, fold([])))).toBe('validation-missing-key');
    const s = fold(transactionDecider.decide({ type: 'initiate', process, ...tx, ...call('transition/make-offer', 'provider', offer, true) }, fold([])));
    expect(s).toMatchObject({ state: 'state/offer-pending', payinTotal: { amount: 10000, currency: 'EUR' }, metadata: { offer: 1 } });
    const countered = fold([
      ...transactionDecider.decide({ type: 'initiate', process, ...tx, ...call('transition/make-offer', 'provider', offer, true) }, fold([])),
    ]);
    const counter = transactionDecider.decide({ type: 'transition', process, ...call('transition/customer-make-counter-offer', 'customer', { ...offer, metadata: { offer: 2 } }, true) }, countered);
    expect(fold([...transactionDecider.decide({ type: 'initiate', process, ...tx, ...call('transition/make-offer', 'provider', offer, true) }, fold([])), ...counter])).toMatchObject({
      state: 'state/customer-offer-pending',
      metadata: { offer: 2 },
    });
    // The pure decision of a payment transition: the provider's intent is made by the command around it.
    expect(transactionDecider.decide({ type: 'transition', process, ...call('transition/request-payment-to-accept-offer', 'customer') }, s).at(-1)!.type).toBe('transaction/transitioned');
    // The operator may update metadata without a transition.
    expect(transactionDecider.decide({ type: 'update-metadata', metadata: { offer: null, note: 'x' } }, s)).toEqual([{ type: 'transaction/updated', data: { metadata: { note: 'x' } } }]);
  });

  it('reviews from both sides, published by the second; a second review by the same party is refused', () => {
    // default-download's customer review publishes at once; the two-sided flow is exercised on a small process.
    const process: ProcessDefinition = {
      format: 'v3',
      notifications: [],
      transitions: [
        { name: 'transition/start', from: null, to: 'state/delivered', actor: 'customer', at: null, actions: [], privileged: false },
        { name: 'transition/review-1-by-customer', from: 'state/delivered', to: 'state/reviewed-by-customer', actor: 'customer', at: null, actions: [{ name: 'action/post-review-by-customer', config: {} }], privileged: false },
        {
          name: 'transition/review-2-by-provider',
          from: 'state/reviewed-by-customer',
          to: 'state/reviewed',
          actor: 'provider',
          at: null,
          actions: [{ name: 'action/post-review-by-provider', config: {} }, { name: 'action/publish-reviews', config: {} }],
          privileged: false,
        },
        { name: 'transition/again', from: 'state/reviewed', to: 'state/reviewed', actor: 'customer', at: null, actions: [{ name: 'action/post-review-by-customer', config: {} }], privileged: false },
      ],
    };
    const history: TransactionEvent[] = [];
    const step = (c: Parameters<typeof transactionDecider.decide>[0]) => {
      const events = transactionDecider.decide(c, fold(history));
      history.push(...events);
      return events;
    };
    step({ type: 'initiate', process, ...tx, ...call('transition/start', 'customer') });
    expect(codeOf(() => step({ type: 'transition', process, ...call('transition/review-1-by-customer', 'customer', { reviewRating: 6, reviewContent: 'x' }) }))).toBe('validation-invalid-value');
    expect(step({ type: 'transition', process, ...call('transition/review-1-by-customer', 'customer', { reviewRating: 5, reviewContent: 'Great' }) }).map((e) => e.type)).toEqual([
      'review/created',
      'transaction/transitioned',
    ]);
    expect(step({ type: 'transition', process, ...call('transition/review-2-by-provider', 'provider', { reviewRating: 4, reviewContent: 'Fine' }) }).map((e) => e.type)).toEqual([
      'review/created',
      'review/updated',
      'review/updated',
      'transaction/transitioned',
    ]);
    const s = fold(history);
    expect(s.reviews.map((r) => [r.type, r.authorId, r.subjectId, r.rating, r.state])).toEqual([
      ['ofProvider', 'c1', 'p1', 5, 'public'],
      ['ofCustomer', 'p1', 'c1', 4, 'public'],
    ]);
    expect(codeOf(() => step({ type: 'transition', process, ...call('transition/again', 'customer', { reviewRating: 5, reviewContent: 'x' }) }))).toBe('transaction-already-reviewed-by-customer');
    expect(codeOf(() => step({ type: 'transition', process, ...call('transition/review-1-by-customer', 'customer', { reviewRating: 5, reviewContent: 'x' }) }))).toBe('transaction-invalid-transition');
  });

  it('a failing action leaves nothing behind, and a refund happens once', () => {
    const process: ProcessDefinition = {
      format: 'v3',
      notifications: [],
      transitions: [
        { name: 'transition/start', from: null, to: 'state/a', actor: 'customer', at: null, privileged: true, actions: [{ name: 'action/privileged-set-line-items', config: {} }] },
        { name: 'transition/boom', from: 'state/a', to: 'state/b', actor: 'customer', at: null, privileged: false, actions: [{ name: 'action/update-protected-data', config: {} }, { name: 'action/fail', config: {} }] },
        { name: 'transition/refund', from: 'state/a', to: 'state/a', actor: 'operator', at: null, privileged: false, actions: [{ name: 'action/calculate-full-refund', config: {} }] },
      ],
    };
    const s = fold(transactionDecider.decide({ type: 'initiate', process, ...tx, ...call('transition/start', 'customer', { lineItems: [{ code: 'line-item/x', unitPrice: new Money(500, 'EUR'), quantity: 2 }] }, true) }, fold([])));
    expect(codeOf(() => transactionDecider.decide({ type: 'transition', process, ...call('transition/boom', 'customer', { protectedData: { a: 1 } }) }, s))).toBe('transaction-invalid-action-sequence');
    const refunded = fold([...transactionDecider.decide({ type: 'initiate', process, ...tx, ...call('transition/start', 'customer', { lineItems: [{ code: 'line-item/x', unitPrice: new Money(500, 'EUR'), quantity: 2 }] }, true) }, fold([])), ...transactionDecider.decide({ type: 'transition', process, ...call('transition/refund', 'operator') }, s)]);
    expect(refunded.payinTotal).toEqual({ amount: 0, currency: 'EUR' });
    expect(codeOf(() => transactionDecider.decide({ type: 'transition', process, ...call('transition/refund', 'operator') }, refunded))).toBe('transaction-invalid-action-sequence');
  });
});

describe('every transition of the five default processes', () => {
  const PORT_ACTIONS = /booking|stock-reservation|stripe|reveal-listing-protected-files|set-negotiated-total-price/;
  const paramsFor = {
    lineItems: [{ code: 'line-item/day', unitPrice: new Money(1000, 'EUR'), quantity: 1 }],
    reviewRating: 5,
    reviewContent: 'Good',
    protectedData: { a: 1 },
    metadata: { b: 2 },
    bookingStart: '2026-04-01T00:00:00.000Z',
    bookingEnd: '2026-04-02T00:00:00.000Z',
    stockReservationQuantity: 1,
    paymentMethodTypes: ['card'],
  };
  for (const { name, definition } of defaultProcesses()) {
    it(`${name}: runs each transition from its state by its actor, or refuses it cleanly when it needs bookings, stock or payments`, () => {
      for (const t of definition.transitions) {
        const by = t.at ? 'system' : t.actor!;
        const c = call(t.name, by, paramsFor, true);
        const needsPort = t.actions.some((a) => PORT_ACTIONS.test(a.name));
        const started: TransactionEvent[] = [
          { type: 'transaction/initiated', data: { ...tx, transition: 'transition/x', from: null, to: t.from ?? 'state/none', by: 'customer', at: now.toISOString(), changes: {} } },
        ];
        const decide = () =>
          t.from === null
            ? transactionDecider.decide({ type: 'initiate', process: definition, ...tx, ...c }, fold([]))
            : transactionDecider.decide({ type: 'transition', process: definition, ...c }, fold(started));
        if (needsPort) {
          // Without a booking, stock reservation or payment intent yet, the actions that need one refuse cleanly.
          expect([t.name, ['no error', 'transaction-action-unavailable', 'transaction-invalid-action-sequence', 'transaction-charge-zero-payin'].includes(codeOf(decide))]).toEqual([t.name, true]);
          continue;
        }
        const events = decide();
        expect([t.name, events.at(-1)!.type, (events.at(-1)!.data as { to: string }).to]).toEqual([t.name, t.from === null ? 'transaction/initiated' : 'transaction/transitioned', t.to]);
        // Another actor may not run it.
        const other = by === 'customer' ? 'provider' : 'customer';
        const wrong = call(t.name, other, paramsFor, true);
        expect(
          codeOf(() =>
            t.from === null
              ? transactionDecider.decide({ type: 'initiate', process: definition, ...tx, ...wrong }, fold([]))
              : transactionDecider.decide({ type: 'transition', process: definition, ...wrong }, fold(started)),
          ),
        ).toBe('forbidden');
      }
    });
  }
});

describe('file attachments in transactions', () => {
  const reveal: ProcessDefinition = {
    format: 'v3',
    notifications: [],
    transitions: [
      { name: 'transition/inquire', from: null, to: 'state/inquiry', actor: 'customer', at: null, privileged: false, actions: [] },
      { name: 'transition/pay', from: 'state/inquiry', to: 'state/purchased', actor: 'customer', at: null, privileged: false, actions: [{ name: 'action/reveal-listing-protected-files', config: {} }] },
    ],
  };
  const listingFiles = [
    { attachmentId: 'listing-a1', fileId: 'f1' },
    { attachmentId: 'listing-a2', fileId: 'f2' },
  ];
  const inquired = () => fold(transactionDecider.decide({ type: 'initiate', process: reveal, ...tx, ...call('transition/inquire', 'customer') }, fold([])));

  it("given a transaction, when the process reveals the listing's protected files, then the transition carries new attachments of the same files", () => {
    const s = inquired();
    const newId = (() => {
      let n = 0;
      return () => `tx-a${++n}`;
    })();
    const events = transactionDecider.decide({ type: 'transition', process: reveal, ...call('transition/pay', 'customer'), newId, listingFiles }, s);
    expect(events).toEqual([
      {
        type: 'transaction/transitioned',
        data: expect.objectContaining({
          transition: 'transition/pay',
          changes: {
            protectedFileAttachments: [
              { attachmentId: 'tx-a1', fileId: 'f1' },
              { attachmentId: 'tx-a2', fileId: 'f2' },
            ],
          },
        }),
      },
    ]);
    const after = fold([...transactionDecider.decide({ type: 'initiate', process: reveal, ...tx, ...call('transition/inquire', 'customer') }, fold([])), ...events]);
    expect(after.protectedFileAttachments.map((a) => a.fileId)).toEqual(['f1', 'f2']);
  });

  it('given a listing without protected files, then the transition reveals none (and still runs)', () => {
    const events = transactionDecider.decide({ type: 'transition', process: reveal, ...call('transition/pay', 'customer') }, inquired());
    expect(events[0]).toMatchObject({ type: 'transaction/transitioned', data: { to: 'state/purchased', changes: { protectedFileAttachments: [] } } });
  });

  it('given checked attachments, when a party sends a message, then message/created carries them; without files the event is as before', () => {
    const s = inquired();
    const files = [{ attachmentId: 'm-a1', fileId: 'f1' }];
    expect(transactionDecider.decide({ type: 'send-message', messageId: 'm1', senderId: 'c1', content: 'Here', now, publicFileAttachments: files }, s)).toEqual([
      { type: 'message/created', data: { messageId: 'm1', senderId: 'c1', content: 'Here', createdAt: now.toISOString(), publicFileAttachments: files } },
    ]);
    expect(transactionDecider.decide({ type: 'send-message', messageId: 'm2', senderId: 'c1', content: 'Hi', now, publicFileAttachments: [] }, s)[0].data).not.toHaveProperty('publicFileAttachments');
  });
});
