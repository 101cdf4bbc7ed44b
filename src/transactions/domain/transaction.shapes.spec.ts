import { givenStored } from '../../../test/support/given-when-then';
import { EventShapes, NewerShapeError } from '../../shared/event-shapes';
import type { EventMetadata } from '../../shared/log-events';
import { TRANSACTIONS, transactionsProjection } from '../transactions.projection';
import { transactionShapes } from './transaction.shapes';

const shapes = new EventShapes([transactionShapes]);

/** A transaction's view as a `transaction/*` event stores it. */
const view = (state: string | null) => ({
  id: { uuid: 'tx-1' },
  type: 'transaction',
  attributes: { createdAt: new Date('2026-01-05T09:00:00.000Z'), state, lastTransition: 'transition/make-offer', payinTotal: null, processName: 'default-negotiation', processVersion: 1, lastTransitionedAt: null },
  relationships: { customer: { data: { id: { uuid: 'c' } } }, provider: { data: { id: { uuid: 'p' } } }, listing: { data: { id: { uuid: 'l' } } } },
});

const metadata = (extra: Partial<EventMetadata>): EventMetadata => ({ marketplaceId: 'mp-1', createdAt: '2026-01-05T09:00:00.000Z', public: true, resourceType: 'transaction', resourceId: 'tx-1', ...extra });

/** Written before eac53dd: no shape version, the state without its prefix. */
const transitionedBefore010 = {
  type: 'transaction/transitioned',
  data: { transition: 'transition/make-offer', from: 'state/inquiry', to: 'state/offer-pending' },
  metadata: metadata({ resource: view('offer-pending'), previousValues: { attributes: { state: 'inquiry', lastTransition: 'transition/inquire' } } }),
};

describe('transaction shapes: version 2 keeps the state/ prefix in the stored view', () => {
  it('given a transition stored before eac53dd, when read, then its view and previous values have the prefix and it is version 2', () =>
    givenStored(transitionedBefore010)
      .whenRead(shapes)
      .then({
        data: transitionedBefore010.data,
        metadata: { shapeVersion: 2, resource: { attributes: { state: 'state/offer-pending' } }, previousValues: { attributes: { state: 'state/inquiry', lastTransition: 'transition/inquire' } } },
      }));

  it('given a version 1 event already prefixed (written since eac53dd), when read, then the state is as stored', () =>
    givenStored({ ...transitionedBefore010, metadata: metadata({ resource: view('state/accepted'), previousValues: { attributes: { state: 'state/preauthorized' } } }) })
      .whenRead(shapes)
      .then({ metadata: { shapeVersion: 2, resource: { attributes: { state: 'state/accepted' } }, previousValues: { attributes: { state: 'state/preauthorized' } } } }));

  it('given an initiation with no previous values and a null state, when read, then nothing is added', () => {
    const read = givenStored({ type: 'transaction/initiated', data: {}, metadata: metadata({ resource: view(null) }) }).whenRead(shapes).read();
    expect((read.metadata.resource as ReturnType<typeof view>).attributes.state).toBeNull();
    expect('previousValues' in read.metadata).toBe(false);
  });

  it('given an event stored at version 2, when read, then it is the stored event itself', () =>
    givenStored({ ...transitionedBefore010, metadata: { ...transitionedBefore010.metadata, shapeVersion: 2 } }).whenRead(shapes).thenAsStored());

  it('given an event of a later release (version 3), when read, then it is refused rather than guessed at', () =>
    givenStored({ ...transitionedBefore010, metadata: { ...transitionedBefore010.metadata, shapeVersion: 3 } }).whenRead(shapes).thenThrows(NewerShapeError));

  it("given a message stored before eac53dd, when read, then the transaction kept for the read model has the prefix", () =>
    givenStored({
      type: 'message/created',
      data: { messageId: 'm-1', content: 'Hi', readModel: { lastMessageAt: '2026-01-05T09:00:00.000Z', transaction: view('inquiry') } },
      metadata: metadata({ resourceType: 'message', resource: { id: { uuid: 'm-1' }, type: 'message', attributes: { content: 'Hi' } } }),
    })
      .whenRead(shapes)
      .then({ data: { content: 'Hi', readModel: { lastMessageAt: '2026-01-05T09:00:00.000Z', transaction: { attributes: { state: 'state/inquiry' } } } }, metadata: { shapeVersion: 2 } }));

  it('given a transition stored before eac53dd, when read and projected (a rebuild), then the read model has the prefix', () => {
    const [op] = transactionsProjection.project(givenStored(transitionedBefore010).whenRead(shapes).read());
    expect(op).toMatchObject({ op: 'put', collection: TRANSACTIONS, document: { body: { attributes: { state: 'state/offer-pending' } }, fields: { state: 'state/offer-pending' } } });
  });
});
