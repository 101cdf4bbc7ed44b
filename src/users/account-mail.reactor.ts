import { Injectable, OnModuleInit } from '@nestjs/common';
import type { RecordedEvent } from '../event-store/event-store.port';
import { idempotencyKeyOf, Reactor } from '../event-sourcing/reactor';
import { ReactorRegistry } from '../event-sourcing/reactor-registry';
import { AccountMails } from './account-mails';
import { AccountTokens } from './account-tokens';
import type { UserChanges, UserEvent } from './domain/user.events';

type Data<T extends UserEvent['type']> = Extract<UserEvent, { type: T }>['data'];

/** The user's current address, from the Integration API user the event carries. */
const emailAfter = (event: RecordedEvent): string | null =>
  (event.metadata.resource as { attributes?: { email?: string } } | null)?.attributes?.email ?? null;

/**
 * The account mails, as side effects of the user's events (never in the request, where a crash would lose them):
 * verification and password-reset links (the token is derived again from the event's nonce), and the notices
 * "password changed", "email changed" and "welcome" (an address verified for the first time). Each mail's
 * idempotency key is the event id, so a redelivered event mails once.
 */
@Injectable()
export class AccountMailReactor implements Reactor, OnModuleInit {
  readonly name = 'account-mails';
  readonly eventTypes = ['user/email-verification-requested', 'user/password-reset-requested', 'user/password-changed', 'user/updated'];

  constructor(
    private readonly mails: AccountMails,
    private readonly tokens: AccountTokens,
    private readonly registry: ReactorRegistry,
  ) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  /** Of `user/updated`, only a verified address mails (a notice); every other profile change is passed over. */
  accepts(event: RecordedEvent): boolean {
    return event.type !== 'user/updated' || (event.data as UserChanges).emailVerified === true;
  }

  async react(event: RecordedEvent): Promise<void> {
    const key = idempotencyKeyOf(this, event);
    const marketplaceId = event.metadata.marketplaceId;
    const current = emailAfter(event);
    switch (event.type) {
      case 'user/email-verification-requested': {
        const data = event.data as Data<'user/email-verification-requested'>;
        // Requests logged before nonces existed were mailed when they were made.
        if (!data.tokenNonce) return;
        await this.mails.verification(marketplaceId, data.email, this.tokens.tokenFor(data.tokenNonce), data.email !== current, key);
        return;
      }
      case 'user/password-reset-requested': {
        const data = event.data as Data<'user/password-reset-requested'>;
        if (!data.tokenNonce || !(data.email ?? current)) return;
        await this.mails.passwordReset(marketplaceId, (data.email ?? current)!, this.tokens.tokenFor(data.tokenNonce), key);
        return;
      }
      case 'user/password-changed':
        if (current) await this.mails.notice(marketplaceId, current, 'password-changed', key);
        return;
      case 'user/updated': {
        const changes = event.data as UserChanges;
        if (!current) return;
        // A pending address verified becomes the email; a first verification of the address is a welcome. An
        // identity-provider login that vouches for the address links the account in the same event: no mail.
        if (changes.email !== undefined) await this.mails.notice(marketplaceId, current, 'email-changed', key);
        else if (changes.identityProviders === undefined) await this.mails.notice(marketplaceId, current, 'user-joined', key);
        return;
      }
    }
  }
}
