import { listingStream } from '../../listings/listing-streams';
import { apiError, conflict, invalidValue } from '../../shared/api-error';
import type { CommandContext } from '../../shared/command-context';
import { userStream } from '../../users/user-streams';
import { aliasedVersion } from '../domain/process.decider';
import { transactionDecider, type TransactionCommand } from '../domain/transaction.decider';
import { processStream, transactionStream } from '../transaction-streams';
import { paymentStepOf } from '../domain/payment-step';
import { ledgerEvents, ledgerStreams } from './ledger-effects';
import { liveUser, protectedDataOf } from './parties';
import { claimJobStreamFor, decideUnderClaim } from './payment-claim.decision';
import type { TransactionDecision } from './transaction-decision';
import { jobEvents, jobStreams, notificationStreams } from './transaction-jobs';

export interface TransitionRequest {
  transition: string;
  params: Record<string, unknown>;
  /** Decide and answer the would-be transaction, store nothing (`*_speculative`). */
  speculative: boolean;
}

/** The claim a command would take: its id (fixed per command, so a rerun is the same claim) and when it expires. */
export interface ClaimSlot {
  claimId: string;
  dueAt: Date;
}

export interface InitiateTransaction {
  transactionId: string;
  /** The user who initiates, and whether through a trusted token (privileged transitions). */
  userId: string;
  trusted: boolean;
  processAlias: string;
  request: TransitionRequest;
}

const splitAlias = (processAlias: string): [string, string] => {
  const parts = processAlias.split('/');
  if (parts.length !== 2 || !parts[0] || !parts[1]) throw invalidValue(['processAlias'], 'body', 'processAlias is "<process name>/<alias>", like default-inquiry/release-1');
  return [parts[0], parts[1]];
};

/**
 * transactions/initiate: a new transaction stream, decided over the process (its alias), the listing (published,
 * not one's own), the caller and the listing's author. The initiator takes the initial transition's actor role
 * (customer, or provider in a negotiation's reverse flow); the author takes the other.
 */
export const initiateDecision = (ctx: CommandContext, command: InitiateTransaction, newId: () => string, slot: ClaimSlot): TransactionDecision => {
  const { transactionId, request } = command;
  const [processName, alias] = splitAlias(command.processAlias);
  const listingId = request.params.listingId;
  if (typeof listingId !== 'string') throw apiError(400, 'validation-missing-key', 'params.listingId is required', { source: { path: ['params', 'listingId'], type: 'body' } });
  const mp = ctx.marketplaceId;
  return {
    streams: (loaded) => {
      const authorId = loaded.listing?.authorId;
      const definition = loaded.process ? aliasedVersion(loaded.process, alias)?.definition : undefined;
      return {
        ...ledgerStreams(mp, listingId, definition?.transitions.find((t) => t.name === request.transition)),
        tx: transactionStream(mp, transactionId),
        process: processStream(mp, processName),
        listing: listingStream(mp, listingId),
        caller: userStream(mp, command.userId),
        ...(authorId ? { author: userStream(mp, authorId) } : {}),
        ...(request.speculative ? {} : { ...jobStreams(mp, transactionId, undefined, false), ...claimJobStreamFor(mp, slot.claimId, definition?.transitions.find((t) => t.name === request.transition)) }),
        ...(request.speculative || !definition ? {} : notificationStreams(mp, transactionId, 0, definition, request.transition)),
      };
    },
    decide: (s, phase) =>
      decideUnderClaim(
        s,
        phase,
        (outcome) => {
          const version = s.process && aliasedVersion(s.process, alias);
          if (!version) throw conflict('transaction-unknown-alias', `There is no process alias ${command.processAlias}.`);
          const listing = s.listing!;
          if (!listing.exists || listing.deleted || listing.state !== 'published') throw conflict('transaction-listing-not-found', 'The listing does not exist or is not open for transactions.');
          if (!liveUser(s.author)) throw conflict('transaction-provider-banned-or-deleted', "The listing's author is banned or deleted.");
          const initiatorIsProvider = version.definition.transitions.find((t) => t.name === request.transition)?.actor === 'provider';
          const decided: TransactionCommand = {
            type: 'initiate',
            process: version.definition,
            transactionId,
            processName,
            processVersion: version.version,
            listingId,
            customerId: initiatorIsProvider ? listing.authorId! : command.userId,
            providerId: initiatorIsProvider ? command.userId : listing.authorId!,
            transition: request.transition,
            params: request.params,
            by: initiatorIsProvider ? 'provider' : 'customer',
            trusted: command.trusted,
            now: ctx.now,
            protectedDataOf: initiatorIsProvider ? protectedDataOf(s.author, s.caller) : protectedDataOf(s.caller, s.author),
            newId,
            payment: outcome,
            listingFiles: listing.protectedFileAttachments,
          };
          const { events: tx, ledger } = transactionDecider.decideWithLedger(decided, s.tx);
          const step = outcome ? null : paymentStepOf(version.definition, request, s.tx, tx.reduce(transactionDecider.evolve, s.tx));
          return { events: { ...ledgerEvents(ledger, s, { listingId, transactionId, now: ctx.now, newId }), tx, ...jobEvents(s, version.definition, s.tx, tx, ctx.now) }, step };
        },
        { kind: 'initiate', caller: { kind: 'user', userId: command.userId, trusted: command.trusted }, request: { transition: request.transition, params: request.params }, ctx, dueAt: slot.dueAt },
      ),
  };
};
