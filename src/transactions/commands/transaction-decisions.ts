import type { Streams } from '../../event-sourcing/command-runner';
import type { ListingState } from '../../listings/domain/listing.state';
import { listingStream } from '../../listings/listing-streams';
import { apiError, conflict, forbidden, invalidValue, notFound } from '../../shared/api-error';
import type { CommandContext } from '../../shared/command-context';
import type { UserState } from '../../users/domain/user.state';
import { userStream } from '../../users/user-streams';
import type { TransactionCaller } from '../domain/payment-claim';
import { aliasedVersion, ProcessState, versionOf } from '../domain/process.decider';
import type { TransitionActor } from '../domain/process-definition';
import { transactionDecider, TransactionCommand } from '../domain/transaction.decider';
import type { TransactionState } from '../domain/transaction.state';
import { processStream, transactionStream } from '../transaction-streams';
import { ledgerEvents, ledgerStreams } from './ledger-effects';
import { CLAIM_JOB, claimJobStream, decideUnderClaim, type TransactionDecision } from './payment-claims';
import { jobEvents, jobStreams, notificationStreams } from './transaction-jobs';
import { paymentStepOf } from './transaction-payments';

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

const protectedDataOf = (s: Record<string, unknown>, customer: string, provider: string) => ({
  customer: (s[customer] as UserState | undefined)?.profile.protectedData ?? {},
  provider: (s[provider] as UserState | undefined)?.profile.protectedData ?? {},
});

const liveUser = (u: UserState | undefined): boolean => !!u && u.exists && !u.deleted && u.state !== 'banned';

export const splitAlias = (processAlias: string): [string, string] => {
  const parts = processAlias.split('/');
  if (parts.length !== 2 || !parts[0] || !parts[1]) throw invalidValue(['processAlias'], 'body', 'processAlias is "<process name>/<alias>", like default-inquiry/release-1');
  return [parts[0], parts[1]];
};

const claimStream = (ctx: CommandContext, request: TransitionRequest, slot: ClaimSlot) => (request.speculative ? {} : { [CLAIM_JOB]: claimJobStream(ctx.marketplaceId, slot.claimId) });

/**
 * transactions/initiate: a new transaction stream, decided over the process (its alias), the listing (published,
 * not one's own), the caller and the listing's author. The initiator takes the initial transition's actor role
 * (customer, or provider in a negotiation's reverse flow); the author takes the other.
 */
export const initiateDecision = (ctx: CommandContext, transactionId: string, caller: { userId: string; trusted: boolean }, processAlias: string, request: TransitionRequest, newId: () => string, slot: ClaimSlot): TransactionDecision => {
  const [processName, alias] = splitAlias(processAlias);
  const listingId = request.params.listingId;
  if (typeof listingId !== 'string') throw apiError(400, 'validation-missing-key', 'params.listingId is required', { source: { path: ['params', 'listingId'], type: 'body' } });
  const streams = (loaded: Record<string, unknown>) => {
    const authorId = (loaded.listing as ListingState | undefined)?.authorId;
    const definition = loaded.process ? aliasedVersion(loaded.process as ProcessState, alias)?.definition : undefined;
    return {
      ...ledgerStreams(ctx.marketplaceId, listingId, definition?.transitions.find((t) => t.name === request.transition)),
      tx: transactionStream(ctx.marketplaceId, transactionId),
      process: processStream(ctx.marketplaceId, processName),
      listing: listingStream(ctx.marketplaceId, listingId),
      caller: userStream(ctx.marketplaceId, caller.userId),
      ...(authorId ? { author: userStream(ctx.marketplaceId, authorId) } : {}),
      ...(request.speculative ? {} : jobStreams(ctx.marketplaceId, transactionId, undefined, false)),
      ...(request.speculative || !definition ? {} : notificationStreams(ctx.marketplaceId, transactionId, 0, definition, request.transition)),
      ...claimStream(ctx, request, slot),
    } as Streams;
  };
  const decide: TransactionDecision['decide'] = (s, phase) =>
    decideUnderClaim(
      s,
      phase,
      (outcome) => {
        const version = aliasedVersion(s.process as ProcessState, alias);
        if (!version) throw conflict('transaction-unknown-alias', `There is no process alias ${processAlias}.`);
        const listing = s.listing as ListingState;
        if (!listing.exists || listing.deleted || listing.state !== 'published') throw conflict('transaction-listing-not-found', 'The listing does not exist or is not open for transactions.');
        if (!liveUser(s.author as UserState | undefined)) throw conflict('transaction-provider-banned-or-deleted', "The listing's author is banned or deleted.");
        const spec = version.definition.transitions.find((t) => t.name === request.transition);
        const initiatorIsProvider = spec?.actor === 'provider';
        const command: TransactionCommand = {
          type: 'initiate',
          process: version.definition,
          transactionId,
          processName,
          processVersion: version.version,
          listingId,
          customerId: initiatorIsProvider ? listing.authorId! : caller.userId,
          providerId: initiatorIsProvider ? caller.userId : listing.authorId!,
          transition: request.transition,
          params: request.params,
          by: initiatorIsProvider ? 'provider' : 'customer',
          trusted: caller.trusted,
          now: ctx.now,
          protectedDataOf: protectedDataOf(s, initiatorIsProvider ? 'author' : 'caller', initiatorIsProvider ? 'caller' : 'author'),
          newId,
          payment: outcome,
          listingFiles: listing.protectedFileAttachments,
        };
        const before = s.tx as TransactionState;
        const { events: tx, ledger } = transactionDecider.decideWithLedger(command, before);
        const ledgerOut = ledgerEvents(ledger, s, { listingId, transactionId, now: ctx.now, newId });
        const step = outcome ? null : paymentStepOf(version.definition, request, before, tx.reduce(transactionDecider.evolve, before));
        return { events: { ...ledgerOut, tx, ...jobEvents(s, version.definition, before, tx, ctx.now) }, step };
      },
      { kind: 'initiate', caller: { kind: 'user', ...caller }, request: { transition: request.transition, params: request.params }, ctx, dueAt: slot.dueAt },
    );
  return { streams, decide };
};

const roleOf = (tx: TransactionState, caller: TransactionCaller): TransitionActor => {
  if (caller.kind !== 'user') return caller.kind;
  if (caller.userId === tx.customerId) return 'customer';
  if (caller.userId === tx.providerId) return 'provider';
  throw forbidden('Only the customer and the provider of a transaction can transition it.');
};

/**
 * A transition's decision over the transaction, the version of the process it started on, its parties and its
 * delayed-transition jobs. With `onlyAfter` (a delayed transition's job), a transaction that has moved on since
 * the job was scheduled decides nothing. Completing a claimed transition does not check the parties again: the
 * claim did, and the provider has been called since.
 */
export const transitionDecision = (ctx: CommandContext, transactionId: string, caller: TransactionCaller, request: TransitionRequest, newId: () => string, slot: ClaimSlot, onlyAfter?: number): TransactionDecision => {
  const streams = (loaded: Record<string, unknown>) => {
    const tx = loaded.tx as TransactionState | undefined;
    const definition = tx?.exists && loaded.process ? versionOf(loaded.process as ProcessState, tx.processVersion!)?.definition : undefined;
    return {
      ...(definition ? ledgerStreams(ctx.marketplaceId, tx!.listingId!, definition.transitions.find((t) => t.name === request.transition)) : {}),
      tx: transactionStream(ctx.marketplaceId, transactionId),
      ...(tx?.exists
        ? {
            process: processStream(ctx.marketplaceId, tx.processName!),
            customer: userStream(ctx.marketplaceId, tx.customerId!),
            provider: userStream(ctx.marketplaceId, tx.providerId!),
            // A delayed transition's own job is the one it leaves: the scheduler records that it ran.
            ...(request.speculative ? {} : jobStreams(ctx.marketplaceId, transactionId, tx, caller.kind !== 'system')),
            ...(request.speculative || !definition ? {} : notificationStreams(ctx.marketplaceId, transactionId, tx.transitions.length, definition, request.transition)),
            ...claimStream(ctx, request, slot),
          }
        : {}),
    } as Streams;
  };
  const decide: TransactionDecision['decide'] = (s, phase) => {
    const tx = s.tx as TransactionState;
    if (!tx.exists) throw notFound('No such transaction.');
    if (onlyAfter !== undefined && tx.transitions.length !== onlyAfter && phase.mode !== 'complete') return { events: {}, result: { step: null, after: tx } };
    return decideUnderClaim(
      s,
      phase,
      (outcome) => {
        const by = roleOf(tx, caller);
        const version = versionOf(s.process as ProcessState, tx.processVersion!);
        if (!version) throw conflict('transaction-invalid-transition', `Process ${tx.processName} version ${tx.processVersion} is gone.`);
        if (!outcome) {
          if (!liveUser(s.customer as UserState)) throw conflict('transaction-customer-banned-or-deleted', 'The customer is banned or deleted.');
          if (!liveUser(s.provider as UserState)) throw conflict('transaction-provider-banned-or-deleted', 'The provider is banned or deleted.');
        }
        const command: TransactionCommand = {
          type: 'transition',
          process: version.definition,
          transition: request.transition,
          params: request.params,
          by,
          trusted: caller.kind !== 'user' || caller.trusted,
          now: ctx.now,
          protectedDataOf: protectedDataOf(s, 'customer', 'provider'),
          newId,
          payment: outcome,
          listingFiles: (s.listing as ListingState | undefined)?.protectedFileAttachments ?? [],
        };
        const { events, ledger } = transactionDecider.decideWithLedger(command, tx);
        const ledgerOut = ledgerEvents(ledger, s, { listingId: tx.listingId!, transactionId, now: ctx.now, newId });
        const step = outcome ? null : paymentStepOf(version.definition, request, tx, events.reduce(transactionDecider.evolve, tx));
        return { events: { ...ledgerOut, tx: events, ...jobEvents(s, version.definition, tx, events, ctx.now) }, step };
      },
      { kind: 'transition', caller, request: { transition: request.transition, params: request.params }, ctx, dueAt: slot.dueAt },
    );
  };
  return { streams, decide };
};
