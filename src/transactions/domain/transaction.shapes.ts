import { ContextShapes, firstShape, shapeWith, Upcaster } from '../../shared/event-shapes';
import type { EventMetadata } from '../../shared/log-events';
import type { ProcessEvent } from './process.decider';
import type { TransactionEvent } from './transaction.events';

type View = { attributes?: Record<string, unknown> } | null | undefined;

/** `offer-pending` → `state/offer-pending`; a prefixed state, null or an absent one is left as it is. */
const prefixed = (view: View): View => {
  const state = view?.attributes?.state;
  return typeof state === 'string' && !state.startsWith('state/') ? { ...view, attributes: { ...view!.attributes, state: `state/${state}` } } : view;
};

/**
 * Until commit eac53dd (2026-11-23) the transaction's Integration API view dropped the process's `state/` prefix
 * (`offer-pending`); the spec writes `state/pending` and the Web Template compares `state/<name>`. Events of those
 * logs keep the old view in their metadata (the resource and, for a transition, the previous state); the read model
 * used to add the prefix itself. Version 1 events written after that commit (the golden log v0.1.0) are already prefixed and pass unchanged.
 */
const stateKeepsItsPrefix: Upcaster = {
  why: 'the transaction view keeps the state/ prefix (eac53dd)',
  metadata: (m: EventMetadata): EventMetadata => ({
    ...m,
    ...(m.resource !== undefined ? { resource: prefixed(m.resource as View) } : {}),
    ...(m.previousValues !== undefined ? { previousValues: prefixed(m.previousValues as View) } : {}),
  }),
};

/**
 * A message's event carries the transaction after it for the read model (`data.readModel.transaction`, the same
 * view): until eac53dd its state had no prefix either.
 */
const messageReadModelKeepsThePrefix: Upcaster = {
  why: 'the transaction view kept with a message keeps the state/ prefix (eac53dd)',
  data: (data: { readModel?: { transaction?: View } }) =>
    data.readModel?.transaction ? { ...data, readModel: { ...data.readModel, transaction: prefixed(data.readModel.transaction) } } : data,
};

/** The transactions context's event types and their shape versions. */
export const transactionShapes: ContextShapes<TransactionEvent['type'] | ProcessEvent['type']> = {
  'transaction/initiated': shapeWith(stateKeepsItsPrefix),
  'transaction/transitioned': shapeWith(stateKeepsItsPrefix),
  'transaction/updated': shapeWith(stateKeepsItsPrefix),
  'message/created': shapeWith(messageReadModelKeepsThePrefix),
  'booking/created': firstShape,
  'booking/updated': firstShape,
  'review/created': firstShape,
  'review/updated': firstShape,
  'transaction/notification-due': firstShape,
  'transaction/payment-claimed': firstShape,
  'transaction/payment-claim-released': firstShape,
  'process/version-created': firstShape,
  'process/alias-created': firstShape,
  'process/alias-updated': firstShape,
  'process/alias-deleted': firstShape,
};
