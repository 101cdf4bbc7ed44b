import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandRunner, Streams } from '../../event-sourcing/command-runner';
import { attachFiles, MAX_MESSAGE_ATTACHMENTS } from '../../files/domain/file-attachments';
import { FileDirectory } from '../../files/file-directory';
import type { StreamRef } from '../../event-sourcing/stream-model';
import type { ListingState } from '../../listings/domain/listing.state';
import { listingStream } from '../../listings/listing-streams';
import { apiError, conflict, forbidden, invalidValue, notFound } from '../../shared/api-error';
import type { CommandContext } from '../../shared/command-context';
import { IDS, type IdGenerator } from '../../shared/ids';
import type { UserState } from '../../users/domain/user.state';
import { userStream } from '../../users/user-streams';
import { aliasedVersion, ProcessState, versionOf } from '../domain/process.decider';
import type { TransitionActor } from '../domain/process-definition';
import { transactionDecider, TransactionCommand } from '../domain/transaction.decider';
import type { TransactionEvent } from '../domain/transaction.events';
import type { TransactionState } from '../domain/transaction.state';
import { processStream, transactionStream } from '../transaction-streams';
import { ledgerEvents, ledgerStreams } from './ledger-effects';
import { assertPaid, NeedsPayment, Paid, speculate, TransactionPayments } from './transaction-payments';
import { jobEvents, jobStreams, notificationStreams } from './transaction-jobs';

/** Who calls: a user of the Marketplace API (trusted with a trusted:user token), the operator, or the scheduler. */
export type TransactionCaller = { kind: 'user'; userId: string; trusted: boolean } | { kind: 'operator' } | { kind: 'system' };

export interface TransitionRequest {
  transition: string;
  params: Record<string, unknown>;
  /** Decide and answer the would-be transaction, store nothing (`*_speculative`). */
  speculative: boolean;
}

/** What a transaction command answers: the transaction after it (for a speculative call, as it would be). */
export interface TransactionOutcome {
  transactionId: string;
  state: TransactionState;
}

export class InitiateTransactionCommand {
  constructor(
    readonly ctx: CommandContext,
    readonly userId: string,
    readonly trusted: boolean,
    readonly processAlias: string,
    readonly request: TransitionRequest,
  ) {}
}

export class TransitionTransactionCommand {
  constructor(
    readonly ctx: CommandContext,
    readonly transactionId: string,
    readonly caller: TransactionCaller,
    readonly request: TransitionRequest,
  ) {}
}

export class SendMessageCommand {
  constructor(
    readonly ctx: CommandContext,
    readonly transactionId: string,
    readonly senderId: string,
    readonly content: string,
    /** The files of `publicFileAttachments`, in order. */
    readonly fileIds: string[] = [],
  ) {}
}

export class UpdateTransactionMetadataCommand {
  constructor(
    readonly ctx: CommandContext,
    readonly transactionId: string,
    readonly metadata: Record<string, unknown>,
  ) {}
}

type Decide<T extends Streams> = (s: { [K in keyof T]: T[K] extends StreamRef<infer S, any> ? S : never }) => { events: { tx: TransactionEvent[] } & Record<string, unknown[]>; result?: undefined };

/**
 * Every transaction command: through the runner (atomic append at the expected revisions), or, speculatively, the
 * same decision over the current states with nothing appended.
 */
abstract class TransactionHandler {
  constructor(
    protected readonly runner: CommandRunner,
    protected readonly ids: IdGenerator,
    protected readonly payments: TransactionPayments,
  ) {}

  /**
   * A transition with Stripe actions decides once without the provider (every check runs; nothing is appended),
   * then calls the provider, then decides and appends with its answers; a failure after the calls undoes them.
   */
  protected async decideOn<T extends Streams>(ctx: CommandContext, transactionId: string, streams: (loaded: Record<string, unknown>) => T, decide: Decide<T>, speculative: boolean, paid: Paid = {}): Promise<TransactionOutcome> {
    if (speculative) return { transactionId, state: (await speculate(this.runner, streams, decide as never)).tx };
    const run = async () => {
      const outcome = await this.runner.run({ ctx, streams: streams as never, decide: decide as never });
      return { transactionId, state: (outcome.after as unknown as { tx: TransactionState }).tx };
    };
    try {
      return await run();
    } catch (error) {
      if (!(error instanceof NeedsPayment)) throw error;
      paid.outcome = await this.payments.prepare(ctx, error.step);
      try {
        return await run();
      } catch (failure) {
        // A concurrent twin of this transition (same key, same intent) may have recorded it: that one stays.
        const now = await this.runner.state(transactionStream(ctx.marketplaceId, transactionId));
        if (now.payment?.intentId !== paid.outcome.intent?.id) await this.payments.undo(ctx, error.step, paid.outcome);
        throw failure;
      }
    }
  }

  protected newIds(): () => string {
    return () => this.ids.next();
  }
}

const protectedDataOf = (s: Record<string, unknown>, customer: string, provider: string) => ({
  customer: (s[customer] as UserState | undefined)?.profile.protectedData ?? {},
  provider: (s[provider] as UserState | undefined)?.profile.protectedData ?? {},
});

const liveUser = (u: UserState | undefined): boolean => !!u && u.exists && !u.deleted && u.state !== 'banned';

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
@CommandHandler(InitiateTransactionCommand)
export class InitiateTransactionHandler extends TransactionHandler implements ICommandHandler<InitiateTransactionCommand, TransactionOutcome> {
  constructor(runner: CommandRunner, @Inject(IDS) ids: IdGenerator, payments: TransactionPayments) {
    super(runner, ids, payments);
  }

  execute({ ctx, userId, trusted, processAlias, request }: InitiateTransactionCommand): Promise<TransactionOutcome> {
    const [processName, alias] = splitAlias(processAlias);
    const listingId = request.params.listingId;
    if (typeof listingId !== 'string') throw apiError(400, 'validation-missing-key', 'params.listingId is required', { source: { path: ['params', 'listingId'], type: 'body' } });
    const transactionId = this.ids.next();
    const newId = this.newIds();
    const paid: Paid = {};
    const streams = (loaded: Record<string, unknown>) => {
      const authorId = (loaded.listing as ListingState | undefined)?.authorId;
      const definition = loaded.process ? aliasedVersion(loaded.process as ProcessState, alias)?.definition : undefined;
      return {
        ...ledgerStreams(ctx.marketplaceId, listingId, definition?.transitions.find((t) => t.name === request.transition)),
        tx: transactionStream(ctx.marketplaceId, transactionId),
        process: processStream(ctx.marketplaceId, processName),
        listing: listingStream(ctx.marketplaceId, listingId),
        caller: userStream(ctx.marketplaceId, userId),
        ...(authorId ? { author: userStream(ctx.marketplaceId, authorId) } : {}),
        ...(request.speculative ? {} : jobStreams(ctx.marketplaceId, transactionId, undefined, false)),
        ...(request.speculative || !loaded.process
          ? {}
          : notificationStreams(ctx.marketplaceId, transactionId, 0, aliasedVersion(loaded.process as ProcessState, alias)?.definition, request.transition)),
      } as Streams;
    };
    return this.decideOn(ctx, transactionId, streams, (s: Record<string, unknown>) => {
      const process = s.process as ProcessState;
      const version = aliasedVersion(process, alias);
      if (!version) throw conflict('transaction-unknown-alias', `There is no process alias ${processAlias}.`);
      const listing = s.listing as ListingState;
      if (!listing.exists || listing.deleted || listing.state !== 'published') throw conflict('transaction-listing-not-found', 'The listing does not exist or is not open for transactions.');
      if (!liveUser(s.author as UserState | undefined)) throw conflict('transaction-provider-banned-or-deleted', "The listing's author is banned or deleted.");
      const spec = version.definition.transitions.find((t) => t.name === request.transition);
      const initiatorIsProvider = spec?.actor === 'provider';
      const customerId = initiatorIsProvider ? listing.authorId! : userId;
      const providerId = initiatorIsProvider ? userId : listing.authorId!;
      const command: TransactionCommand = {
        type: 'initiate',
        process: version.definition,
        transactionId,
        processName,
        processVersion: version.version,
        listingId,
        customerId,
        providerId,
        transition: request.transition,
        params: request.params,
        by: initiatorIsProvider ? 'provider' : 'customer',
        trusted,
        now: ctx.now,
        protectedDataOf: protectedDataOf(s, initiatorIsProvider ? 'author' : 'caller', initiatorIsProvider ? 'caller' : 'author'),
        newId,
        payment: paid.outcome ?? null,
        listingFiles: listing.protectedFileAttachments,
      };
      const { events: tx, ledger } = transactionDecider.decideWithLedger(command, s.tx as TransactionState);
      const ledgerOut = ledgerEvents(ledger, s, { listingId, transactionId, now: ctx.now, newId });
      assertPaid(version.definition, request, s.tx as TransactionState, tx, request.speculative ? null : paid, transactionId);
      return { events: { ...ledgerOut, tx, ...jobEvents(s, version.definition, s.tx as TransactionState, tx, ctx.now) } };
    }, request.speculative, paid);
  }
}

const roleOf = (tx: TransactionState, caller: TransactionCaller): TransitionActor => {
  if (caller.kind !== 'user') return caller.kind;
  if (caller.userId === tx.customerId) return 'customer';
  if (caller.userId === tx.providerId) return 'provider';
  throw forbidden('Only the customer and the provider of a transaction can transition it.');
};

/** transactions/transition: decided over the transaction, the version of the process it started on, and its parties. */
@CommandHandler(TransitionTransactionCommand)
export class TransitionTransactionHandler extends TransactionHandler implements ICommandHandler<TransitionTransactionCommand, TransactionOutcome> {
  constructor(runner: CommandRunner, @Inject(IDS) ids: IdGenerator, payments: TransactionPayments) {
    super(runner, ids, payments);
  }

  execute({ ctx, transactionId, caller, request }: TransitionTransactionCommand): Promise<TransactionOutcome> {
    const paid: Paid = {};
    const { streams, decide } = transitionDecision(ctx, transactionId, caller, request, this.newIds(), undefined, request.speculative ? null : paid);
    return this.decideOn(ctx, transactionId, streams, decide, request.speculative, paid);
  }
}

/**
 * A transition's decision over the transaction, the version of the process it started on, its parties and its
 * delayed-transition jobs. With `onlyAfter` (a delayed transition's job), a transaction that has moved on since
 * the job was scheduled decides nothing.
 */
export const transitionDecision = (ctx: CommandContext, transactionId: string, caller: TransactionCaller, request: TransitionRequest, newId: () => string, onlyAfter?: number, paid: Paid | null = null) => {
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
            ...(request.speculative || !loaded.process
              ? {}
              : notificationStreams(ctx.marketplaceId, transactionId, tx.transitions.length, versionOf(loaded.process as ProcessState, tx.processVersion!)?.definition, request.transition)),
          }
        : {}),
    } as Streams;
  };
  const decide = (s: Record<string, unknown>) => {
    const tx = s.tx as TransactionState;
    if (!tx.exists) throw notFound('No such transaction.');
    if (onlyAfter !== undefined && tx.transitions.length !== onlyAfter) return { events: { tx: [] } };
    const by = roleOf(tx, caller);
    const version = versionOf(s.process as ProcessState, tx.processVersion!);
    if (!version) throw conflict('transaction-invalid-transition', `Process ${tx.processName} version ${tx.processVersion} is gone.`);
    if (!liveUser(s.customer as UserState)) throw conflict('transaction-customer-banned-or-deleted', 'The customer is banned or deleted.');
    if (!liveUser(s.provider as UserState)) throw conflict('transaction-provider-banned-or-deleted', 'The provider is banned or deleted.');
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
      payment: paid?.outcome ?? null,
      listingFiles: (s.listing as ListingState | undefined)?.protectedFileAttachments ?? [],
    };
    const { events, ledger } = transactionDecider.decideWithLedger(command, tx);
    const ledgerOut = ledgerEvents(ledger, s, { listingId: tx.listingId!, transactionId, now: ctx.now, newId });
    assertPaid(version.definition, request, tx, events, paid, transactionId);
    return { events: { ...ledgerOut, tx: events, ...jobEvents(s, version.definition, tx, events, ctx.now) } };
  };
  return { streams, decide };
};

/**
 * messages/send: a message of a party of the transaction, with the sender's files attached (each file must be the
 * sender's, uploaded and not deleted; its state is read before the decision); it never changes the transaction's
 * state. The ids (message, attachments) are made before the decision, so a retried decision reuses them.
 */
@CommandHandler(SendMessageCommand)
export class SendMessageHandler implements ICommandHandler<SendMessageCommand, string> {
  constructor(
    private readonly runner: CommandRunner,
    @Inject(IDS) private readonly ids: IdGenerator,
    private readonly files: FileDirectory,
  ) {}

  async execute({ ctx, transactionId, senderId, content, fileIds }: SendMessageCommand): Promise<string> {
    const messageId = this.ids.next();
    const newIds = fileIds.map(() => this.ids.next());
    const files = fileIds.length > 0 ? await this.files.findMany(ctx.marketplaceId, fileIds) : new Map();
    await this.runner.run({
      ctx,
      streams: { tx: transactionStream(ctx.marketplaceId, transactionId) },
      decide: (s) => {
        if (!s.tx.exists) throw notFound('No such transaction.');
        if (senderId !== s.tx.customerId && senderId !== s.tx.providerId) throw forbidden('Only the customer and the provider of a transaction can message in it.');
        const publicFileAttachments = attachFiles({ field: 'publicFileAttachments', fileIds, files, ownerId: senderId, max: MAX_MESSAGE_ATTACHMENTS, newIds });
        return { events: { tx: transactionDecider.decide({ type: 'send-message', messageId, senderId, content, now: ctx.now, publicFileAttachments }, s.tx) } };
      },
    });
    return messageId;
  }
}

/** Integration API transactions/update_metadata: a top-level merge, `transaction/updated`, no transition. */
@CommandHandler(UpdateTransactionMetadataCommand)
export class UpdateTransactionMetadataHandler implements ICommandHandler<UpdateTransactionMetadataCommand, void> {
  constructor(private readonly runner: CommandRunner) {}

  async execute({ ctx, transactionId, metadata }: UpdateTransactionMetadataCommand): Promise<void> {
    await this.runner.run({
      ctx,
      streams: { tx: transactionStream(ctx.marketplaceId, transactionId) },
      decide: (s) => {
        if (!s.tx.exists) throw notFound('No such transaction.');
        return { events: { tx: transactionDecider.decide({ type: 'update-metadata', metadata }, s.tx) } };
      },
    });
  }
}
