import type { Command } from '../../event-sourcing/command-runner';
import { attachFiles, MAX_MESSAGE_ATTACHMENTS, type AttachRequest } from '../../files/domain/file-attachments';
import { forbidden, notFound } from '../../shared/api-error';
import type { CommandContext } from '../../shared/command-context';
import { transactionDecider } from '../domain/transaction.decider';
import { transactionStream } from '../transaction-streams';

type TxStreams = { tx: ReturnType<typeof transactionStream> };

export interface SendMessage {
  transactionId: string;
  messageId: string;
  senderId: string;
  content: string;
  /** The files of `publicFileAttachments`, in order, as read before the decision, and an id for each attachment. */
  fileIds: string[];
  files: AttachRequest['files'];
  newIds: string[];
}

/**
 * messages/send: a message of a party of the transaction, with the sender's files attached (each file must be the
 * sender's, uploaded and not deleted); it never changes the transaction's state, and no payment claim holds it back.
 */
export const sendMessageDecision = (ctx: CommandContext, m: SendMessage): Command<TxStreams, undefined> => ({
  ctx,
  streams: { tx: transactionStream(ctx.marketplaceId, m.transactionId) },
  decide: (s) => {
    if (!s.tx.exists) throw notFound('No such transaction.');
    if (m.senderId !== s.tx.customerId && m.senderId !== s.tx.providerId) throw forbidden('Only the customer and the provider of a transaction can message in it.');
    const publicFileAttachments = attachFiles({ field: 'publicFileAttachments', fileIds: m.fileIds, files: m.files, ownerId: m.senderId, max: MAX_MESSAGE_ATTACHMENTS, newIds: m.newIds });
    return { events: { tx: transactionDecider.decide({ type: 'send-message', messageId: m.messageId, senderId: m.senderId, content: m.content, now: ctx.now, publicFileAttachments }, s.tx) } };
  },
});

/** Integration API transactions/update_metadata: a top-level merge, `transaction/updated`, no transition. */
export const updateMetadataDecision = (ctx: CommandContext, transactionId: string, metadata: Record<string, unknown>): Command<TxStreams, undefined> => ({
  ctx,
  streams: { tx: transactionStream(ctx.marketplaceId, transactionId) },
  decide: (s) => {
    if (!s.tx.exists) throw notFound('No such transaction.');
    return { events: { tx: transactionDecider.decide({ type: 'update-metadata', metadata }, s.tx) } };
  },
});
