import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandRunner } from '../../event-sourcing/command-runner';
import { FileDirectory } from '../../files/file-directory';
import type { CommandContext } from '../../shared/command-context';
import { IDS, type IdGenerator } from '../../shared/ids';
import type { TransactionCaller } from '../domain/payment-claim';
import type { TransactionState } from '../domain/transaction.state';
import { type ClaimSlot, initiateDecision, type TransitionRequest } from '../decisions/initiate.decision';
import { sendMessageDecision, updateMetadataDecision } from '../decisions/message-and-metadata.decision';
import type { TransactionDecision } from '../decisions/transaction-decision';
import { transitionDecision } from '../decisions/transition.decision';
import { PaymentClaims, speculate } from './payment-claims';

export type { TransactionCaller } from '../domain/payment-claim';
export type { TransitionRequest } from '../decisions/initiate.decision';

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
 * Initiate and transition: the decision (decisions/) run under the payment claims, or, speculatively, decided over
 * the current states with nothing appended. The bus earns its place here: both APIs' controllers and the scheduler
 * send the same commands.
 */
abstract class TransactionHandler {
  constructor(
    protected readonly runner: CommandRunner,
    protected readonly ids: IdGenerator,
    protected readonly claims: PaymentClaims,
  ) {}

  protected async decideOn(ctx: CommandContext, transactionId: string, decision: TransactionDecision, speculative: boolean, slot: ClaimSlot): Promise<TransactionOutcome> {
    if (speculative) return { transactionId, state: (await speculate(this.runner, ctx, decision)).after };
    return { transactionId, state: await this.claims.run(ctx, transactionId, decision, slot.claimId) };
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
    return this.decideOn(ctx, transactionId, initiateDecision(ctx, { transactionId, userId, trusted, processAlias, request }, this.newIds(), slot), request.speculative, slot);
  }
}

@CommandHandler(TransitionTransactionCommand)
export class TransitionTransactionHandler extends TransactionHandler implements ICommandHandler<TransitionTransactionCommand, TransactionOutcome> {
  constructor(runner: CommandRunner, @Inject(IDS) ids: IdGenerator, claims: PaymentClaims) {
    super(runner, ids, claims);
  }

  execute({ ctx, transactionId, caller, request }: TransitionTransactionCommand): Promise<TransactionOutcome> {
    const slot = this.slot(ctx);
    return this.decideOn(ctx, transactionId, transitionDecision(ctx, { transactionId, caller, request }, this.newIds(), slot), request.speculative, slot);
  }
}

/**
 * messages/send. The ids (message, attachments) are made before the decision, so a retried decision reuses them;
 * the files are read before it (their owner and state).
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
    await this.runner.run(sendMessageDecision(ctx, { transactionId, messageId, senderId, content, fileIds, files, newIds }));
    return messageId;
  }
}

/** Integration API transactions/update_metadata: a top-level merge, `transaction/updated`, no transition. */
@CommandHandler(UpdateTransactionMetadataCommand)
export class UpdateTransactionMetadataHandler implements ICommandHandler<UpdateTransactionMetadataCommand, void> {
  constructor(private readonly runner: CommandRunner) {}

  async execute({ ctx, transactionId, metadata }: UpdateTransactionMetadataCommand): Promise<void> {
    await this.runner.run(updateMetadataDecision(ctx, transactionId, metadata));
  }
}
