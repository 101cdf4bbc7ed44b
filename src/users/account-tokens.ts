import { Inject, Injectable } from '@nestjs/common';
import { createHmac } from 'node:crypto';
import { CONFIG, type Config } from '../config';
import { hashSecret, randomSecret } from '../shared/secrets';
import type { MailedToken } from './domain/user.events';

/**
 * Secrets mailed to users (verification and password-reset links). The log keeps a random nonce and the token's
 * digest; the token is an HMAC of the nonce under the server's secret, so the mail reactor can write it again
 * after a restart while a reader of the log alone cannot.
 */
@Injectable()
export class AccountTokens {
  constructor(@Inject(CONFIG) private readonly config: Config) {}

  issue(): MailedToken {
    const nonce = randomSecret(16);
    return { nonce, hash: hashSecret(this.tokenFor(nonce)) };
  }

  tokenFor(nonce: string): string {
    return createHmac('sha256', this.config.tokenSecret).update(`account-mail\n${nonce}`).digest('base64url');
  }
}
