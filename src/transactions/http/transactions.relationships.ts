import { Injectable, OnModuleInit } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { FileAttachments } from '../../files/file-attachments';
import { LoadContext, RelationshipRegistry } from '../../http/envelope';
import type { Resource } from '../../http/resource';
import { FindListingQuery } from '../../listings/queries/listing.queries';
import type { StoredListing } from '../../listings/domain/listing.views';
import { integrationListing, publicListingView } from '../../listings/domain/listing.views';
import { MarketplaceDirectory } from '../../marketplaces/marketplace-directory';
import { resourceOf as stockResource, StockReads } from '../../stock/queries/stock.reads';
import { integrationUser, publicUserView, StoredUser } from '../../users/domain/user.views';
import { FindUserQuery } from '../../users/queries/find-user.query';
import { isParty, refId, StoredTransaction } from '../domain/transaction.views';
import { TransactionReads } from '../queries/transaction-reads';
import { bookingResource, messageResource, reviewResource, transactionResource } from './transaction-resources';

/**
 * The relationships of transactions, reviews and messages: listing (nested author, images through the listings
 * context), customer, provider, booking, stockReservation, reviews (author, subject), messages (sender;
 * `limit.messages`), marketplace, protectedFileAttachments (revealed files); a message's publicFileAttachments; a
 * booking's and a stock reservation's transaction. A transaction, and what it leads to, shows only to its parties and
 * the operator, whichever path reaches it; attachments only to their readers.
 */
@Injectable()
export class TransactionsRelationships implements OnModuleInit {
  constructor(
    private readonly registry: RelationshipRegistry,
    private readonly reads: TransactionReads,
    private readonly queries: QueryBus,
    private readonly marketplaces: MarketplaceDirectory,
    private readonly stock: StockReads,
    private readonly attachments: FileAttachments,
  ) {}

  onModuleInit(): void {
    const r = this.registry;
    r.register('transaction', 'marketplace', (_t, ctx) => this.marketplaces.resource(ctx.auth.marketplaceId));
    r.register('transaction', 'listing', (t, ctx) => this.withTransaction(t.id, ctx, (tx) => this.listing(refId(tx.relationships.listing), ctx)));
    r.register('transaction', 'customer', (t, ctx) => this.withTransaction(t.id, ctx, (tx) => this.user(refId(tx.relationships.customer), ctx)));
    r.register('transaction', 'provider', (t, ctx) => this.withTransaction(t.id, ctx, (tx) => this.user(refId(tx.relationships.provider), ctx)));
    r.register('transaction', 'reviews', async (t, ctx) => {
      const page = await this.reads.reviews(ctx.auth.marketplaceId, [{ field: 'transactionId', op: 'eq', value: t.id }], { offset: 0, limit: 10 });
      return page.items.map(reviewResource);
    });
    r.register('transaction', 'messages', (t, ctx) =>
      this.withTransaction(t.id, ctx, async () => {
        const page = await this.reads.messages(ctx.auth.marketplaceId, t.id, { offset: 0, limit: ctx.params.limits.get('messages') ?? 100 });
        return page.items.map(messageResource);
      }),
    );
    r.register('transaction', 'booking', (t, ctx) =>
      this.withTransaction(t.id, ctx, async (tx) => {
        const id = tx.relationships.booking ? refId(tx.relationships.booking) : null;
        const booking = id ? await this.reads.booking(ctx.auth.marketplaceId, id) : null;
        return booking ? bookingResource(booking) : null;
      }),
    );
    r.register('booking', 'transaction', async (b, ctx) => {
      const booking = await this.reads.booking(ctx.auth.marketplaceId, b.id);
      return this.transaction(booking ? refId(booking.relationships.transaction) : null, ctx);
    });
    r.register('transaction', 'stockReservation', (t, ctx) =>
      this.withTransaction(t.id, ctx, async (tx) => {
        const id = tx.relationships.stockReservation ? refId(tx.relationships.stockReservation) : null;
        const reservation = id ? await this.stock.reservation(ctx.auth.marketplaceId, id) : null;
        return reservation ? stockResource(reservation) : null;
      }),
    );
    r.register('stockReservation', 'transaction', async (sr, ctx) => {
      const reservation = await this.stock.reservation(ctx.auth.marketplaceId, sr.id);
      return this.transaction(reservation?.relationships.transaction.data?.id.uuid ?? null, ctx);
    });
    for (const rel of ['author', 'subject'] as const)
      r.register('review', rel, async (rv, ctx) => {
        const review = await this.reads.review(ctx.auth.marketplaceId, rv.id);
        return review ? this.user(refId(review.relationships[rel]), ctx) : null;
      });
    r.register('review', 'listing', async (rv, ctx) => {
      const review = await this.reads.review(ctx.auth.marketplaceId, rv.id);
      return review ? this.listing(refId(review.relationships.listing), ctx) : null;
    });
    r.register('transaction', 'protectedFileAttachments', (t, ctx) =>
      this.withTransaction(t.id, ctx, (tx) => this.attachments.resources(ctx.auth, (tx.relationships.protectedFileAttachments?.data ?? []).map((ref) => ref.id.uuid))),
    );
    r.register('message', 'publicFileAttachments', async (m, ctx) => {
      const message = await this.reads.message(ctx.auth.marketplaceId, m.id);
      return this.attachments.resources(ctx.auth, (message?.relationships.publicFileAttachments?.data ?? []).map((ref) => ref.id.uuid));
    });
    r.register('message', 'sender', async (m, ctx) => this.user(await this.messageField(m, ctx, 'sender'), ctx));
    r.register('message', 'transaction', async (m, ctx) => this.transaction(await this.messageField(m, ctx, 'transaction'), ctx));
  }

  /**
   * The one gate of every path into a transaction (a booking's, a stock reservation's, a message's, and everything
   * a transaction leads to): the rule of transactions/show, the parties only (the operator sees all). A root that
   * another check let through (an adjustment of a deleted listing, say) can never lead to someone else's purchase.
   */
  private async readable(id: string | null, ctx: LoadContext): Promise<StoredTransaction | null> {
    const tx = id ? await this.readOnce(id, ctx) : null;
    return tx && (ctx.auth.scope === 'integ' || isParty(tx, ctx.auth.userId)) ? tx : null;
  }

  /** Each answer's reads of a transaction, by id (its load context is the answer's). */
  private readonly readsPerAnswer = new WeakMap<LoadContext, Map<string, Promise<StoredTransaction | null>>>();

  /**
   * A transaction read once per answer: every include of a transaction goes through its gate, and an inbox page of
   * ten transactions with four includes read and decoded each one four times.
   */
  private readOnce(id: string, ctx: LoadContext): Promise<StoredTransaction | null> {
    let reads = this.readsPerAnswer.get(ctx);
    if (!reads) this.readsPerAnswer.set(ctx, (reads = new Map()));
    let read = reads.get(id);
    if (!read) reads.set(id, (read = this.reads.transaction(ctx.auth.marketplaceId, id)));
    return read;
  }

  private async transaction(id: string | null, ctx: LoadContext): Promise<Resource | null> {
    const tx = await this.readable(id, ctx);
    return tx ? transactionResource(tx) : null;
  }

  private async withTransaction<T>(id: string, ctx: LoadContext, load: (tx: StoredTransaction) => Promise<T>): Promise<T | null> {
    const tx = await this.readable(id, ctx);
    return tx ? load(tx) : null;
  }

  private async messageField(m: Resource, ctx: LoadContext, rel: 'sender' | 'transaction'): Promise<string | null> {
    const message = await this.reads.message(ctx.auth.marketplaceId, m.id);
    return message ? refId(message.relationships[rel]) : null;
  }

  private async listing(id: string | null, ctx: LoadContext): Promise<Resource | null> {
    const listing = id ? await this.queries.execute<FindListingQuery, StoredListing | null>(new FindListingQuery(ctx.auth.marketplaceId, id)) : null;
    if (!listing) return null;
    if (ctx.auth.scope === 'integ') return integrationListing(listing);
    return publicListingView(listing);
  }

  private async user(id: string | null, ctx: LoadContext): Promise<Resource | null> {
    if (!id) return null;
    const user = await this.queries.execute<FindUserQuery, StoredUser | null>(new FindUserQuery(ctx.auth.marketplaceId, { id }));
    if (!user) return null;
    return ctx.auth.scope === 'integ' ? integrationUser(user) : publicUserView(user);
  }
}
