import { defaultProcesses } from '../transactions/process-files';
import type { ApiResource } from './source-api';
import { transactionHistory } from './transaction-history';

const booking = defaultProcesses().find((p) => p.name === 'default-booking')!;
const ref = (type: string, id: string) => ({ data: { id, type } });

/** A default-booking transaction as the Integration API answers it in JSON: inquired, then a payment requested. */
const sourceTransaction = (transitions: string[]): ApiResource => ({
  id: 't1',
  type: 'transaction',
  attributes: {
    processName: 'default-booking',
    processVersion: 3,
    createdAt: '2026-01-05T09:00:00.000Z',
    transitions: transitions.map((transition, i) => ({ transition, createdAt: `2026-01-05T${String(9 + i).padStart(2, "0")}:00:00.000Z`, by: 'customer' })),
    lineItems: [{ code: 'line-item/hour', unitPrice: { amount: 5000, currency: 'USD' }, quantity: 1, lineTotal: { amount: 5000, currency: 'USD' }, includeFor: ['customer', 'provider'], reversal: false }],
    payinTotal: { amount: 5000, currency: 'USD' },
    payoutTotal: { amount: 5000, currency: 'USD' },
    protectedData: { note: 'Friday?' },
    metadata: {},
  },
  relationships: { listing: ref('listing', 'l1'), customer: ref('user', 'c1'), provider: ref('user', 'p1') },
});
const page = (tx: ApiResource) => ({ data: [tx], included: [], meta: {} });
const messages: ApiResource[] = [{ id: 'm1', type: 'message', attributes: { content: 'Free?', createdAt: '2026-01-05T09:30:00.000Z' }, relationships: { sender: ref('user', 'c1') } }];

describe('transactionHistory', () => {
  it('writes the transitions with their moves from the process here, the final values at initiation, messages at their times', () => {
    const tx = sourceTransaction(['transition/inquire', 'transition/request-payment-after-inquiry']);
    const history = transactionHistory(tx, page(tx), messages, { version: 1, definition: booking.definition });
    if ('unknownTransition' in history) throw new Error(history.unknownTransition);
    expect(history.tx.map((e) => e.type)).toEqual(['transaction/initiated', 'message/created', 'transaction/transitioned']);
    expect(history.tx[0].data).toMatchObject({ processVersion: 1, from: null, to: 'state/inquiry', changes: { lineItems: [{ quantity: '1', percentage: null }], protectedData: { note: 'Friday?' } } });
    expect(history.tx[2].data).toMatchObject({ transition: 'transition/request-payment-after-inquiry', from: 'state/inquiry', to: 'state/pending-payment', at: '2026-01-05T10:00:00.000Z' });
  });

  it('names a transition the process here does not have, instead of guessing', () => {
    const tx = sourceTransaction(['transition/inquire', 'transition/custom-haggle']);
    expect(transactionHistory(tx, page(tx), messages, { version: 1, definition: booking.definition })).toEqual({ unknownTransition: 'transition/custom-haggle' });
  });
});
