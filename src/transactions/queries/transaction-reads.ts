import { Inject, Injectable } from '@nestjs/common';
import { DOCUMENTS, type DocumentStore, FieldCondition, SortKey } from '../../read-models/document-store.port';
import { isUuid } from '../../shared/values';
import type { StoredBooking, StoredMessage, StoredReview, StoredTransaction } from '../domain/transaction.views';
import { BOOKINGS, MESSAGES, PROCESSES, REVIEWS, TRANSACTIONS } from '../transactions.projection';

export interface Page {
  offset: number;
  limit: number;
}

export interface TransactionFilter {
  where: FieldCondition[];
  sort?: SortKey[];
  createdAtStart?: string;
  createdAtEnd?: string;
}

/** The transactions, messages and reviews read models, scoped to a marketplace. */
@Injectable()
export class TransactionReads {
  constructor(@Inject(DOCUMENTS) private readonly documents: DocumentStore) {}

  transaction(marketplaceId: string, id: string): Promise<StoredTransaction | null> {
    return isUuid(id) ? this.documents.get<StoredTransaction>(TRANSACTIONS, marketplaceId, id) : Promise.resolve(null);
  }

  transactions(marketplaceId: string, filter: TransactionFilter, page: Page) {
    return this.documents.query<StoredTransaction>(TRANSACTIONS, { marketplaceId, ...filter, ...page });
  }

  /** A transaction's messages, newest first. */
  messages(marketplaceId: string, transactionId: string, page: Page, ids?: string[]) {
    const where: FieldCondition[] = [{ field: 'transactionId', op: 'eq', value: transactionId }];
    return ids ? this.byIds<StoredMessage>(MESSAGES, marketplaceId, ids, where, page) : this.documents.query<StoredMessage>(MESSAGES, { marketplaceId, where, ...page });
  }

  message(marketplaceId: string, id: string): Promise<StoredMessage | null> {
    return isUuid(id) ? this.documents.get<StoredMessage>(MESSAGES, marketplaceId, id) : Promise.resolve(null);
  }

  booking(marketplaceId: string, id: string): Promise<StoredBooking | null> {
    return isUuid(id) ? this.documents.get<StoredBooking>(BOOKINGS, marketplaceId, id) : Promise.resolve(null);
  }

  /** Bookings by start (earliest first). */
  bookings(marketplaceId: string, where: FieldCondition[], page: Page) {
    return this.documents.query<StoredBooking>(BOOKINGS, { marketplaceId, where, sort: [{ field: 'start', direction: 'asc' }], ...page });
  }

  review(marketplaceId: string, id: string): Promise<StoredReview | null> {
    return isUuid(id) ? this.documents.get<StoredReview>(REVIEWS, marketplaceId, id) : Promise.resolve(null);
  }

  reviews(marketplaceId: string, where: FieldCondition[], page: Page) {
    return this.documents.query<StoredReview>(REVIEWS, { marketplaceId, where, ...page });
  }

  processes(marketplaceId: string) {
    return this.documents.query<{ name: string; versions: Array<{ version: number; createdAt: string }>; aliases: Record<string, number> }>(PROCESSES, {
      marketplaceId,
      offset: 0,
      limit: 1000,
      sort: [{ field: 'createdAt', direction: 'asc' }],
    });
  }

  private async byIds<T>(collection: string, marketplaceId: string, ids: string[], where: FieldCondition[], page: Page) {
    const all = await this.documents.query<T>(collection, { marketplaceId, where, offset: 0, limit: 10_000 });
    const items = all.items.filter((d) => ids.includes((d as { id: { uuid: string } }).id.uuid));
    return { items: items.slice(page.offset, page.offset + page.limit), total: items.length };
  }
}
