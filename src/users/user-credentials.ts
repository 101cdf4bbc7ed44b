import { Injectable } from '@nestjs/common';
import { EventLog } from '../event-store/event-log';
import { emailGuardStream, emailHolder } from './domain/email-guard';
import type { UserState } from './domain/user.state';
import { Passwords } from './passwords';
import { loadUser } from './user-stream';

/** Password login: email → guard stream → user stream, straight from the log (no read-model lag). */
@Injectable()
export class UserCredentials {
  constructor(
    private readonly log: EventLog,
    private readonly passwords: Passwords,
  ) {}

  /** The user when the email and password match a live user; null otherwise. */
  async verify(marketplaceId: string, email: string, password: string): Promise<UserState | null> {
    const userId = emailHolder(await this.log.store.readStream(emailGuardStream(marketplaceId, email)));
    if (!userId) {
      // Spend the same time as a real check, so response times do not tell which emails exist.
      await this.passwords.matches(await this.dummyHash(), password);
      return null;
    }
    const { state } = await loadUser(this.log, marketplaceId, userId);
    if (!state.exists || state.deleted) return null;
    return (await this.passwords.matches(state.passwordHash, password)) ? state : null;
  }

  private dummy: Promise<string> | null = null;
  private dummyHash(): Promise<string> {
    this.dummy ??= this.passwords.hash('not-a-real-password');
    return this.dummy;
  }
}
