import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { CONFIG, type Config } from '../config';
import { QueryBus } from '@nestjs/cqrs';
import type { RecordedEvent } from '../event-store/event-store.port';
import { idempotencyKeyOf, Reactor } from '../event-sourcing/reactor';
import { ReactorRegistry } from '../event-sourcing/reactor-registry';
import { MAILER, type Mailer } from '../mail/mailer.port';
import { MarketplaceDirectory } from '../marketplaces/marketplace-directory';
import { FindListingQuery } from '../listings/queries/listing.queries';
import type { StoredListing } from '../listings/domain/listing.views';
import type { StoredUser } from '../users/domain/user.views';
import { FindUserQuery } from '../users/queries/find-user.query';
import { refId, StoredTransaction } from './domain/transaction.views';
import { htmlToText, renderTemplate } from './notification-templates';
import { ProcessReads } from './queries/process-reads';

/**
 * The processes' notifications: after a transition, every notification `:on` it (without `:at`; a delayed one when
 * its job finds the transaction where it was) is rendered from
 * the version's template and mailed to the customer or the provider (the outbox embedded, SMTP in production).
 * The idempotency key is the event and the notification, so a redelivered event mails once.
 */
@Injectable()
export class TransactionNotificationsReactor implements Reactor, OnModuleInit {
  readonly name = 'transaction-notifications';
  readonly eventTypes = ['transaction/initiated', 'transaction/transitioned', 'transaction/notification-due'];

  constructor(
    private readonly registry: ReactorRegistry,
    private readonly processes: ProcessReads,
    private readonly queries: QueryBus,
    private readonly marketplaces: MarketplaceDirectory,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  async react(event: RecordedEvent): Promise<void> {
    const tx = event.metadata.resource as StoredTransaction;
    const marketplaceId = event.metadata.marketplaceId;
    const a = tx.attributes;
    const version = await this.processes.version(marketplaceId, a.processName as string, a.processVersion as number);
    const transition = a.lastTransition as string;
    // A delayed notification (`:at`) comes due as its own internal event, scheduled by the transition.
    const delayed = event.type === 'transaction/notification-due' ? (event.data as { notification: string }).notification : null;
    const due = (version?.definition.notifications ?? []).filter((n) => (delayed ? n.name === delayed : n.on === transition && n.at === null));
    if (due.length === 0) return;
    const listing = await this.queries.execute<FindListingQuery, StoredListing | null>(new FindListingQuery(marketplaceId, refId(tx.relationships.listing) ?? ''));
    const marketplace = await this.marketplaces.state(marketplaceId);
    for (const n of due) {
      const recipientId = refId(n.to === 'customer' ? tx.relationships.customer : tx.relationships.provider);
      const recipient = recipientId ? await this.queries.execute<FindUserQuery, StoredUser | null>(new FindUserQuery(marketplaceId, { id: recipientId })) : null;
      const email = recipient?.attributes.email as string | null | undefined;
      const template = version!.templates[n.template];
      if (!email || !template) continue;
      const profile = (recipient!.attributes.profile ?? {}) as Record<string, unknown>;
      const context = {
        transaction: {
          id: tx.id.uuid,
          state: a.state,
          'last-transition': a.lastTransition,
          'payin-total': a.payinTotal,
          'payout-total': a.payoutTotal,
          listing: { id: listing?.id.uuid ?? null, title: listing?.attributes.title ?? null },
        },
        recipient: { id: recipientId, 'first-name': profile.firstName, 'display-name': profile.displayName, 'is-provider': n.to === 'provider' },
        // Links in mails are absolute: the marketplace's front end (`marketplace set --url`), else MARKETPLACE_URL.
        marketplace: { id: marketplaceId, name: marketplace.name, url: (marketplace.settings.url ?? this.config.marketplaceUrl).replace(/\/+$/, '') },
      };
      await this.mailer.send({
        marketplaceId,
        to: email,
        template: n.template,
        subject: renderTemplate(template.subject, context, false).trim(),
        text: htmlToText(renderTemplate(template.html, context, true)),
        context: { transactionId: tx.id.uuid, notification: n.name, transition },
        idempotencyKey: `${idempotencyKeyOf(this, event)}:${n.name}`,
      });
    }
  }
}
