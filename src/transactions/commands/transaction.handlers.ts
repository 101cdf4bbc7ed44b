import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandRunner } from '../../event-sourcing/command-runner';
import { attachFiles, MAX_MESSAGE_ATTACHMENTS } from '../../files/domain/file-attachments';
import { FileDirectory } from '../../files/file-directory';
import { forbidden, notFound } from '../../shared/api-error';
import type { CommandContext } from '../../shared/command-context';
import { IDS, type IdGenerator } from '../../shared/ids';
import type { TransactionCaller } from '../domain/payment-claim';
import { transactionDecider } from '../domain/transaction.decider';
import type { TransactionState } from '../domain/transaction.state';
import { transactionStream } from '../transaction-streams';
import { PaymentClaims, speculate, type TransactionDecision } from './payment-claims';
import { type ClaimSlot, initiateDecision, transitionDecision, type TransitionRequest } from './transaction-decisions';

export type { TransactionCaller } from '../domain/payment-claim';
export type { TransitionRequest } from './transaction-decisions';

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

/**
 * Every transaction command: under the payment claims (the provider is called only for a claimed transition), or,
 * speculatively, the same decision over the current states with nothing appended.
 */
abstract class TransactionHandler {
  constructor(
    protected readonly runner: CommandRunner,
    protected readonly ids: IdGenerator,
    protected readonly claims: PaymentClaims,
  ) {}

  protected async decideOn(ctx: CommandContext, transactionId: string, decision: TransactionDecision, speculative: boolean, claimId: string): Promise<TransactionOutcome> {
    if (speculative) return { transactionId, state: (await speculate(this.runner, decision)).after };
    return { transactionId, state: await this.claims.run(ctx, transactionId, decision, claimId) };
  }

  protected slot(ctx: CommandContext): ClaimSlot {
    return { claimId: this.ids.next(), dueAt: this.claims.dueAt(ctx.now) };
  }

  protected newIds(): () => string {
    return () => this.ids.next();
  }
}

@CommandHandler(InitiateTransactionCommand)
export class InitiateTransactionHandler extends TransactionHandler implements ICommandHandler<InitiateTransactionCommand, TransactionOutcome> {
  constructor(runner: CommandRunner, @Inject(IDS) ids: IdGenerator, claims: PaymentClaims) {
    super(runner, ids, claims);
  }

  execute({ ctx, userId, trusted, processAlias, request }: InitiateTransactionCommand): Promise<TransactionOutcome> {
    const transactionId = this.ids.next();
    const slot = this.slot(ctx);
    const decision = initiateDecision(ctx, transactionId, { userId, trusted }, processAlias, request, this.newIds(), slot);
    return this.decideOn(ctx, transactionId, decision, request.speculative, slot.claimId);
  }
}

/** transactions/transition: decided over the transaction, the version of the process it started on, and its parties. */
@CommandHandler(TransitionTransactionCommand)
export class TransitionTransactionHandler extends TransactionHandler implements ICommandHandler<TransitionTransactionCommand, TransactionOutcome> {
  constructor(runner: CommandRunner, @Inject(IDS) ids: IdGenerator, claims: PaymentClaims) {
    super(runner, ids, claims);
  }

  execute({ ctx, transactionId, caller, request }: TransitionTransactionCommand): Promise<TransactionOutcome> {
    const slot = this.slot(ctx);
    const decision = transitionDecision(ctx, transactionId, caller, request, this.newIds(), slot);
    return this.decideOn(ctx, transactionId, decision, request.speculative, slot.claimId);
  }
}

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
