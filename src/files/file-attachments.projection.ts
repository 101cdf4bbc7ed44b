import type { RecordedEvent } from '../event-store/event-store.port';
import type { DocumentProjection, UndecodedEvent } from '../event-sourcing/projection';
import type { ListingChanges, ListingCreatedData } from '../listings/domain/listing.events';
import { authorIdOf, type StoredListing } from '../listings/domain/listing.views';
import type { ReadModelOp } from '../read-models/document-store.port';
import type { TransitionRecord } from '../transactions/domain/transaction.events';
import { refId, type StoredMessage, type StoredTransaction } from '../transactions/domain/transaction.views';
import type { FileAttachmentRef, FileAttachmentScope } from './domain/file-attachments';

export const FILE_ATTACHMENTS = 'fileAttachment';

/** One attachment in the read model: the file, where it hangs, and who may read it (besides the operator). */
export interface StoredFileAttachment {
  attachmentId: string;
  fileId: string;
  scope: FileAttachmentScope;
  parentType: 'message' | 'listing' | 'transaction';
  parentId: string;
  transactionId: string | null;
  listingId: string | null;
  messageId: string | null;
  /** The users who may see it and download its file: a transaction's parties, or a listing's author. */
  readers: string[];
  /** Its place in its holder's list (attachments made together share `createdAt`). */
  position: number;
  createdAt: string;
}

type Parent = Omit<StoredFileAttachment, 'attachmentId' | 'fileId' | 'createdAt' | 'position'>;

const idOf = (r: { id: unknown }): string => (typeof r.id === 'string' ? r.id : (r.id as { uuid: string }).uuid);

/** Attachment ids a resource had before the event (its previous values) that it has no more. */
const dropped = (event: RecordedEvent, kept: FileAttachmentRef[]): string[] => {
  const prior = (event.metadata.previousValues as { relationships?: { protectedFileAttachments?: { data?: Array<{ id: unknown }> } } } | undefined)?.relationships?.protectedFileAttachments?.data ?? [];
  const now = new Set(kept.map((a) => a.attachmentId));
  return prior.map(idOf).filter((id) => !now.has(id));
};

const ops = (event: RecordedEvent, refs: FileAttachmentRef[], parent: Parent, removed: string[]): ReadModelOp[] => {
  const { marketplaceId, createdAt } = event.metadata;
  return [
    ...removed.map((id): ReadModelOp => ({ op: 'delete', collection: FILE_ATTACHMENTS, marketplaceId, id })),
    ...refs.map((a, position): ReadModelOp => {
      const body: StoredFileAttachment = { attachmentId: a.attachmentId, fileId: a.fileId, createdAt, position, ...parent };
      const { readers, scope, parentType, parentId, transactionId, listingId, messageId } = body;
      const fields = { fileId: a.fileId, readers, scope, parentType, parentId, transactionId, listingId, messageId, position };
      return { op: 'put', collection: FILE_ATTACHMENTS, document: { id: a.attachmentId, marketplaceId, createdAt, body, fields } };
    }),
  ];
};

const parties = (tx: StoredTransaction): string[] => [refId(tx.relationships.customer), refId(tx.relationships.provider)].filter((id): id is string => id !== null);

/**
 * File attachments, from the events of the resources that hold them: a message's public files (read by the
 * transaction's parties), a listing's protected files (read by its author; a change replaces the whole list), and
 * a transaction's revealed files (read by its parties). A deleted listing's attachments stay, readable by its
 * author only, who can read those files anyway.
 */
export const fileAttachmentsProjection: DocumentProjection = {
  name: 'file-attachments',
  eventTypes: ['message/created', 'listing/created', 'listing/updated', 'transaction/initiated', 'transaction/transitioned'],
  // A listing event that leaves its protected files alone writes nothing (most do); the rest are projected. Told
  // from the data's text: decoding a created listing's data only for this was ~1 s of a 1M-event rebuild.
  documentOf: (event: UndecodedEvent) =>
    (event.type === 'listing/created' || event.type === 'listing/updated') && event.dataHas('protectedFileAttachments') === false ? null : undefined,
  project: (event: RecordedEvent): ReadModelOp[] => {
    const m = event.metadata;
    switch (event.type) {
      case 'message/created': {
        const data = event.data as { messageId: string; publicFileAttachments?: FileAttachmentRef[]; readModel?: { transaction?: StoredTransaction } };
        const tx = data.readModel?.transaction;
        if (!data.publicFileAttachments?.length || !tx) return [];
        const transactionId = refId((m.resource as StoredMessage).relationships.transaction);
        return ops(event, data.publicFileAttachments, { scope: 'public', parentType: 'message', parentId: data.messageId, transactionId, listingId: null, messageId: data.messageId, readers: parties(tx) }, []);
      }
      case 'listing/created':
      case 'listing/updated': {
        const refs = (event.data as ListingCreatedData | ListingChanges).protectedFileAttachments;
        const listing = m.resource as StoredListing | null;
        if (refs === undefined || !listing) return [];
        const author = authorIdOf(listing);
        const listingId = idOf(listing);
        return ops(event, refs, { scope: 'protected', parentType: 'listing', parentId: listingId, transactionId: null, listingId, messageId: null, readers: author ? [author] : [] }, dropped(event, refs));
      }
      default: {
        const refs = (event.data as TransitionRecord).changes?.protectedFileAttachments;
        const tx = m.resource as StoredTransaction | null;
        if (refs === undefined || !tx) return [];
        const transactionId = idOf(tx);
        return ops(event, refs, { scope: 'protected', parentType: 'transaction', parentId: transactionId, transactionId, listingId: refId(tx.relationships.listing), messageId: null, readers: parties(tx) }, dropped(event, refs));
      }
    }
  },
};
