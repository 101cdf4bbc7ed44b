import { forbidden, notFound, conflict } from '../../shared/api-error';
import type { CommandContext } from '../../shared/command-context';
import { userStream } from '../../users/user-streams';
import type { TransactionCaller } from '../domain/payment-claim';
import { paymentStepOf } from '../domain/payment-step';
import { versionOf } from '../domain/process.decider';
import type { TransitionActor } from '../domain/process-definition';
import { transactionDecider, type TransactionCommand } from '../domain/transaction.decider';
import type { TransactionState } from '../domain/transaction.state';
import { processStream, transactionStream } from '../transaction-streams';
import type { ClaimSlot, TransitionRequest } from './initiate.decision';
import { ledgerEvents, ledgerStreams } from './ledger-effects';
import { liveUser, protectedDataOf } from './parties';
import { claimJobStreamFor, decideUnderClaim } from './payment-claim.decision';
import type { TransactionDecision } from './transaction-decision';
import { jobEvents, jobStreams, notificationStreams } from './transaction-jobs';

export interface TransitionTransaction {
  transactionId: string;
  caller: TransactionCaller;
  request: TransitionRequest;
  /** A delayed transition's job: a transaction that has moved on since it was scheduled decides nothing. */
  onlyAfter?: number;
}

const roleOf = (tx: TransactionState, caller: TransactionCaller): TransitionActor => {
  if (caller.kind !== 'user') return caller.kind;
  if (caller.userId === tx.customerId) return 'customer';
  if (caller.userId === tx.providerId) return 'provider';
  throw forbidden('Only the customer and the provider of a transaction can transition it.');
};

/**
 * A transition's decision over the transaction, the version of the process it started on, its parties and its
 * delayed-transition jobs. Completing a claimed transition does not check the parties again: the claim did, and
 * the provider has been called since.
 */
export const transitionDecision = (ctx: CommandContext, command: TransitionTransaction, newId: () => string, slot: ClaimSlot): TransactionDecision => {
  const { transactionId, caller, request, onlyAfter } = command;
  const mp = ctx.marketplaceId;
  return {
    streams: (loaded) => {
      const tx = loaded.tx;
      if (!tx?.exists) return { tx: transactionStream(mp, transactionId) };
      const definition = loaded.process ? versionOf(loaded.process, tx.processVersion!)?.definition : undefined;
      return {
        ...(definition ? ledgerStreams(mp, tx.listingId!, definition.transitions.find((t) => t.name === request.transition)) : {}),
        tx: transactionStream(mp, transactionId),
        process: processStream(mp, tx.processName!),
        customer: userStream(mp, tx.customerId!),
        provider: userStream(mp, tx.providerId!),
        // A delayed transition's own job is the one it leaves: the scheduler records that it ran.
        ...(request.speculative ? {} : { ...jobStreams(mp, transactionId, tx, caller.kind !== 'system'), ...claimJobStreamFor(mp, slot.claimId, definition?.transitions.find((t) => t.name === request.transition)) }),
        ...(request.speculative || !definition ? {} : notificationStreams(mp, transactionId, tx.transitions.length, definition, request.transition)),
      };
    },
    decide: (s, phase) => {
      const tx = s.tx;
      if (!tx.exists) throw notFound('No such transaction.');
      if (onlyAfter !== undefined && tx.transitions.length !== onlyAfter && phase.mode !== 'complete') return { events: {}, result: { step: null, after: tx } };
      return decideUnderClaim(
        s,
        phase,
        (outcome) => {
          const by = roleOf(tx, caller);
          const version = s.process && versionOf(s.process, tx.processVersion!);
          if (!version) throw conflict('transaction-invalid-transition', `Process ${tx.processName} version ${tx.processVersion} is gone.`);
          if (!outcome) {
            if (!liveUser(s.customer)) throw conflict('transaction-customer-banned-or-deleted', 'The customer is banned or deleted.');
            if (!liveUser(s.provider)) throw conflict('transaction-provider-banned-or-deleted', 'The provider is banned or deleted.');
          }
          const decided: TransactionCommand = {
            type: 'transition',
            process: version.definition,
            transition: request.transition,
            params: request.params,
            by,
            trusted: caller.kind !== 'user' || caller.trusted,
            now: ctx.now,
            protectedDataOf: protectedDataOf(s.customer, s.provider),
            newId,
            payment: outcome,
            listingFiles: s.listing?.protectedFileAttachments ?? [],
          };
          const { events, ledger } = transactionDecider.decideWithLedger(decided, tx);
          const step = outcome ? null : paymentStepOf(version.definition, request, tx, events.reduce(transactionDecider.evolve, tx));
          return { events: { ...ledgerEvents(ledger, s, { listingId: tx.listingId!, transactionId, now: ctx.now, newId }), tx: events, ...jobEvents(s, version.definition, tx, events, ctx.now) }, step };
        },
        { kind: 'transition', caller, request: { transition: request.transition, params: request.params }, ctx, dueAt: slot.dueAt },
      );
    },
  };
};
