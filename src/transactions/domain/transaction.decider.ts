import { ApiError, apiError, conflict, forbidden, invalidValue, missingKey } from '../../shared/api-error';
import { mergeExtendedData } from '../../shared/resource-diff';
import type { FileAttachmentRef } from '../../files/domain/file-attachments';
import type { ProcessDefinition, TransitionActor, TransitionSpec } from './process-definition';
import type { LedgerChange, PaymentOutcome } from './action';
import { actionNamed } from './transaction.actions';
import type { TransactionChanges, TransactionEvent } from './transaction.events';
import { evolveTransaction, initialTransactionState, TransactionState } from './transaction.state';

/** Who runs a transition: a party of the transaction, the operator (Integration API) or the system (`:at`). */
export interface TransitionCall {
  transition: string;
  params: Record<string, unknown>;
  by: TransitionActor;
  /** A trusted context (a trusted user token, the Integration API, the scheduler): privileged transitions allowed. */
  trusted: boolean;
  now: Date;
  protectedDataOf: { customer: Record<string, unknown>; provider: Record<string, unknown> };
  /** Ids for the resources the actions create (reviews), taken in order. */
  newId(): string;
  /** The payment provider's answers for this transition (made before the decision); absent when speculative. */
  payment?: PaymentOutcome | null;
  /** The listing's protected file attachments, for reveal-listing-protected-files (absent: none). */
  listingFiles?: FileAttachmentRef[];
}

export interface NewTransaction {
  transactionId: string;
  processName: string;
  processVersion: number;
  listingId: string;
  customerId: string;
  providerId: string;
}

export type TransactionCommand =
  | ({ type: 'initiate'; process: ProcessDefinition } & NewTransaction & TransitionCall)
  | ({ type: 'transition'; process: ProcessDefinition } & TransitionCall)
  | { type: 'update-metadata'; metadata: Record<string, unknown> }
  /** `publicFileAttachments`: already checked and given ids by the command (attachFiles). */
  | { type: 'send-message'; messageId: string; senderId: string; content: string; now: Date; publicFileAttachments?: FileAttachmentRef[] };

const invalidTransition = (details: string) => conflict('transaction-invalid-transition', details);

/** The transition the call names, if it may run now: right state, right actor, trusted when privileged. */
const transitionFor = (process: ProcessDefinition, state: string | null, call: TransitionCall): TransitionSpec => {
  const t = process.transitions.find((x) => x.name === call.transition);
  if (!t) throw invalidTransition(`The process has no transition ${call.transition}.`);
  if (t.from !== state) throw invalidTransition(`${call.transition} cannot run from ${state ?? 'the initial state'}.`);
  const actor: TransitionActor = t.at ? 'system' : t.actor!;
  // Spec: 403 when the caller is not authorized for the transition; 409 only for a transition the state does not allow.
  if (actor !== call.by) throw forbidden(`${call.transition} is for the ${actor}, not the ${call.by}.`, 'forbidden');
  if (t.privileged && !call.trusted) throw forbidden(`${call.transition} is privileged: it can only be invoked from a trusted context.`, 'forbidden');
  return t;
};

/** The params of a transition are the union of its actions' params; required ones must be given, others are ignored. */
const checkParams = (t: TransitionSpec, params: Record<string, unknown>): void => {
  const missing = [...new Set(t.actions.flatMap((a) => actionNamed(a.name).params.required))].filter((k) => params[k] === undefined || params[k] === null);
  if (missing.length > 0) throw new ApiError(missing.map((k) => missingKey(['params', k], 'body', `${t.name} needs params.${k}`).items[0]));
};

/**
 * Runs a transition's actions in order over a working copy of the transaction: all or nothing, since a failing
 * action throws before anything is returned. Review events come first, then the transaction's own event.
 */
const runTransition = (s: TransactionState, t: TransitionSpec, call: TransitionCall): { changes: TransactionChanges; events: TransactionEvent[]; ledger: LedgerChange[] } => {
  checkParams(t, call.params);
  let working = s;
  let changes: TransactionChanges = {};
  const events: TransactionEvent[] = [];
  const ledger: LedgerChange[] = [];
  for (const spec of t.actions) {
    const result = actionNamed(spec.name).run({ tx: working, params: call.params, config: spec.config, by: call.by, now: call.now, protectedDataOf: call.protectedDataOf, listingFiles: call.listingFiles ?? [], newId: call.newId, payment: call.payment ?? null });
    if (result.changes) {
      changes = { ...changes, ...result.changes };
      working = { ...working, ...result.changes };
    }
    for (const e of result.events ?? []) {
      events.push(e);
      working = evolveTransaction(working, e);
    }
    ledger.push(...(result.ledger ?? []));
  }
  return { changes, events, ledger };
};

/** A decision: the transaction's events and, in order, what its actions ask of the listing's ledgers. */
export interface TransactionDecision {
  events: TransactionEvent[];
  ledger: LedgerChange[];
}

const decideTransaction = (c: TransactionCommand, s: TransactionState): TransactionDecision => {
  switch (c.type) {
    case 'initiate': {
      if (s.exists) throw conflict('transaction-exists', 'The transaction already exists.');
      const t = transitionFor(c.process, null, c);
      // The implicit init-listing-tx: the initiator is never the listing's author.
      if (c.customerId === c.providerId) throw conflict('transaction-same-author-and-customer', 'A user cannot start a transaction on their own listing.');
      const base: TransactionState = { ...s, exists: true, id: c.transactionId, customerId: c.customerId, providerId: c.providerId, listingId: c.listingId };
      const { changes, events, ledger } = runTransition(base, t, c);
      const { transactionId, processName, processVersion, listingId, customerId, providerId } = c;
      const initiated: TransactionEvent = {
        type: 'transaction/initiated',
        data: { transactionId, processName, processVersion, listingId, customerId, providerId, transition: t.name, from: null, to: t.to, by: c.by, at: c.now.toISOString(), changes },
      };
      return { events: [...events, initiated], ledger };
    }
    case 'transition': {
      if (!s.exists) throw apiError(404, 'not-found', 'No such transaction.');
      const t = transitionFor(c.process, s.state, c);
      const { changes, events, ledger } = runTransition(s, t, c);
      return { events: [...events, { type: 'transaction/transitioned', data: { transition: t.name, from: s.state, to: t.to, by: c.by, at: c.now.toISOString(), changes } }], ledger };
    }
    case 'update-metadata': {
      if (!s.exists) throw apiError(404, 'not-found', 'No such transaction.');
      if (Buffer.byteLength(JSON.stringify(c.metadata)) > 50 * 1024) throw invalidValue(['metadata'], 'body', 'metadata must be at most 50KB as JSON');
      const metadata = mergeExtendedData(s.metadata, c.metadata);
      return { events: JSON.stringify(metadata) === JSON.stringify(s.metadata) ? [] : [{ type: 'transaction/updated', data: { metadata } }], ledger: [] };
    }
    case 'send-message':
      if (!s.exists) throw apiError(404, 'not-found', 'No such transaction.');
      return {
        events: [
          {
            type: 'message/created',
            data: { messageId: c.messageId, senderId: c.senderId, content: c.content, createdAt: c.now.toISOString(), ...(c.publicFileAttachments?.length ? { publicFileAttachments: c.publicFileAttachments } : {}) },
          },
        ],
        ledger: [],
      };
  }
};

export const transactionDecider = {
  initialState: initialTransactionState,
  evolve: evolveTransaction,
  /** The decision with its ledger changes (the commands compose those into the same append). */
  decideWithLedger: decideTransaction,
  decide: (c: TransactionCommand, s: TransactionState): TransactionEvent[] => decideTransaction(c, s).events,
};
