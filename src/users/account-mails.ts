import { Inject, Injectable } from '@nestjs/common';
import { CONFIG, type Config } from '../config';
import { MAILER, Mailer } from '../mail/mailer.port';
import { MailContent, noticeMail, resetPasswordMail, verifyEmailMail } from '../mail/templates';
import { MarketplaceDirectory } from '../marketplaces/marketplace-directory';

/** Writes and sends the account mails of a marketplace, with its name and front-end address (for the mail reactor). */
@Injectable()
export class AccountMails {
  constructor(
    @Inject(MAILER) private readonly mailer: Mailer,
    private readonly marketplaces: MarketplaceDirectory,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  /** `idempotencyKey` (every method): the mailer sends one mail per key, so a redelivered event mails once. */
  async verification(marketplaceId: string, to: string, token: string, changed: boolean, idempotencyKey: string): Promise<void> {
    await this.send(marketplaceId, to, idempotencyKey, (m) => verifyEmailMail(m, token, changed));
  }

  async passwordReset(marketplaceId: string, to: string, token: string, idempotencyKey: string): Promise<void> {
    await this.send(marketplaceId, to, idempotencyKey, (m) => resetPasswordMail(m, token, to));
  }

  async notice(marketplaceId: string, to: string, template: Parameters<typeof noticeMail>[0], idempotencyKey: string): Promise<void> {
    await this.send(marketplaceId, to, idempotencyKey, (m) => noticeMail(template, m));
  }

  private async send(marketplaceId: string, to: string, idempotencyKey: string, write: (m: { name: string; url: string }) => MailContent): Promise<void> {
    const state = await this.marketplaces.state(marketplaceId);
    const content = write({ name: state.name ?? 'the marketplace', url: state.settings.url ?? this.config.marketplaceUrl });
    await this.mailer.send({ marketplaceId, to, idempotencyKey, ...content });
  }
}
