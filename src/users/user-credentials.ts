import { Injectable } from '@nestjs/common';
import { CommandRunner } from '../event-sourcing/command-runner';
import { apiError } from '../shared/api-error';
import { acceptsSession, type UserState } from './domain/user.state';
import { Passwords } from './passwords';
import { emailGuard, userStream } from './user-streams';

/** Password checks, straight from the log (no read-model lag): login and the commands that ask for the password. */
@Injectable()
export class UserCredentials {
  private dummy: Promise<string> | null = null;

  constructor(
    private readonly runner: CommandRunner,
    private readonly passwords: Passwords,
  ) {}

  /** The user when the email and password match a live user; null otherwise. */
  async verify(marketplaceId: string, email: string, password: string): Promise<UserState | null> {
    const userId = await this.holderOf(marketplaceId, email);
    if (!userId) {
      // Spend the same time as a real check, so response times do not tell which emails exist.
      await this.passwords.matches(await this.dummyHash(), password);
      return null;
    }
    const state = await this.user(marketplaceId, userId);
    if (!state.exists || state.deleted) return null;
    return (await this.passwords.matches(state.passwordHash, password)) ? state : null;
  }

  /** 403 unless the password is the user's current one (change email, change password, delete). */
  async requirePassword(marketplaceId: string, userId: string, password: string): Promise<void> {
    const state = await this.user(marketplaceId, userId);
    if (!(await this.passwords.matches(state.passwordHash, password)))
      throw apiError(403, 'forbidden', 'The current password is wrong.', { source: { path: ['currentPassword'], type: 'body' } });
  }

  /** Users whose account may still be used: neither deleted nor banned. */
  async isUsable(marketplaceId: string, userId: string): Promise<boolean> {
    const state = await this.user(marketplaceId, userId);
    return state.exists && !state.deleted && state.state !== 'banned';
  }

  /** Whether a login session of the user may still be used: the user is live and the session not revoked with others. */
  async acceptsSession(marketplaceId: string, userId: string, session: { sessionId: string | null; userEpoch: number }): Promise<boolean> {
    return acceptsSession(await this.user(marketplaceId, userId), session);
  }

  /** The session epoch a new login session of the user starts at (see `user/sessions-revoked`). */
  async sessionEpoch(marketplaceId: string, userId: string): Promise<number> {
    return (await this.user(marketplaceId, userId)).sessionEpoch ?? 0;
  }

  async hasPassword(marketplaceId: string, userId: string): Promise<boolean> {
    return (await this.user(marketplaceId, userId)).passwordHash !== null;
  }

  /** The live holder of an address (email or pending email), from the guard's stream: no read-model lag. */
  async holderOf(marketplaceId: string, email: string): Promise<string | null> {
    return (await this.runner.state(emailGuard(marketplaceId, email))).holder;
  }

  private user(marketplaceId: string, userId: string): Promise<UserState> {
    return this.runner.state(userStream(marketplaceId, userId));
  }

  private dummyHash(): Promise<string> {
    this.dummy ??= this.passwords.hash('not-a-real-password');
    return this.dummy;
  }
}
