import type { RecordedEvent } from '../event-store/event-store.port';
import { TRANSACTIONS, transactionsProjection } from './transactions.projection';

/** A `transaction/transitioned` event as the log holds it, with the transaction's view in its metadata. */
const transitioned = (state: string | null): RecordedEvent =>
  ({
    type: 'transaction/transitioned',
    data: {},
    metadata: {
      marketplaceId: 'mp-1',
      resourceType: 'transaction',
      createdAt: '2026-01-05T09:00:00.000Z',
      resource: {
        id: { uuid: 'tx-1' },
        type: 'transaction',
        attributes: { createdAt: new Date('2026-01-05T09:00:00.000Z'), state, lastTransition: 'transition/make-offer', payinTotal: null, processName: 'default-negotiation', processVersion: 1, lastTransitionedAt: null },
        relationships: { customer: { data: { id: { uuid: 'c' } } }, provider: { data: { id: { uuid: 'p' } } }, listing: { data: { id: { uuid: 'l' } } } },
      },
    },
  }) as unknown as RecordedEvent;

const documentOf = (event: RecordedEvent) => {
  const op = transactionsProjection.project(event).find((o) => o.op === 'put' && 'collection' in o && o.collection === TRANSACTIONS);
  if (!op || op.op !== 'put') throw new Error('no transaction document');
  return op.document as unknown as { body: { attributes: { state: string | null } }; fields: { state: string | null } };
};

describe('transactions projection: the state keeps its state/ prefix', () => {
  it('given an event with a prefixed state, when projected, then the document keeps it as it is', () => {
    const doc = documentOf(transitioned('state/offer-pending'));
    expect([doc.body.attributes.state, doc.fields.state]).toEqual(['state/offer-pending', 'state/offer-pending']);
  });

  it('given an event written by an older version (no prefix), when projected (a rebuild), then the document has the prefix', () => {
    const doc = documentOf(transitioned('offer-pending'));
    expect([doc.body.attributes.state, doc.fields.state]).toEqual(['state/offer-pending', 'state/offer-pending']);
  });
});
