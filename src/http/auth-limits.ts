import { Inject, Injectable } from '@nestjs/common';
import { CONFIG, type Config } from '../config';
import { apiError } from '../shared/api-error';
import { CLOCK, type Clock } from '../shared/clock';
import { AttemptPolicy, AttemptWindow, AuthLimitPolicy } from './rate-limits';

export interface AttemptKeys {
  /** The account the attempt is about (client id and username, marketplace and email, user id). */
  account: string;
  /** The client's address (request.ip: the peer, or the forwarded client with TRUST_PROXY). */
  address: string;
}

const tooMany = (seconds: number) =>
  apiError(429, 'too-many-requests', `Too many attempts; try again in ${seconds} s.`, { meta: { retryAfterSeconds: seconds } });

/**
 * Failed logins and account mails, limited per account and per client address (AUTH_LIMITS): 429
 * `too-many-requests` with `Retry-After`, as the platform answers abuse.
 */
@Injectable()
export class AuthAttemptLimits {
  private readonly windows: { [K in keyof AuthLimitPolicy]: AttemptWindow | null };

  constructor(
    @Inject(CONFIG) config: Config,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    const p = config.authLimits;
    const of = (policy: AttemptPolicy | null | undefined) => (policy ? new AttemptWindow(policy) : null);
    this.windows = { loginPerAccount: of(p?.loginPerAccount), loginPerAddress: of(p?.loginPerAddress), mailPerAccount: of(p?.mailPerAccount), mailPerAddress: of(p?.mailPerAddress) };
  }

  /**
   * Runs something that checks a password (a login, a change that asks for the current password): 429 first while
   * the account or the address must wait; a wrong password (as `wrongPassword` recognises the error) counts; the
   * right one forgives the account's failures, not the address's (one address, many accounts).
   */
  async passwordAttempt<T>(keys: AttemptKeys, attempt: () => Promise<T>, wrongPassword: (error: unknown) => boolean): Promise<T> {
    this.refuseIfWaiting(this.windows.loginPerAccount, this.windows.loginPerAddress, keys);
    try {
      const result = await attempt();
      this.windows.loginPerAccount?.clear(keys.account);
      return result;
    } catch (error) {
      if (wrongPassword(error)) {
        const now = this.now();
        this.windows.loginPerAccount?.record(keys.account, now);
        this.windows.loginPerAddress?.record(keys.address, now);
      }
      throw error;
    }
  }

  /** A mail request counts whether it sends a mail or not (an unknown address tells nothing apart). */
  mailRequested(keys: AttemptKeys): void {
    this.refuseIfWaiting(this.windows.mailPerAccount, this.windows.mailPerAddress, keys);
    const now = this.now();
    this.windows.mailPerAccount?.record(keys.account, now);
    this.windows.mailPerAddress?.record(keys.address, now);
  }

  private refuseIfWaiting(account: AttemptWindow | null, address: AttemptWindow | null, keys: AttemptKeys): void {
    const now = this.now();
    const wait = Math.max(account?.wait(keys.account, now) ?? 0, address?.wait(keys.address, now) ?? 0);
    if (wait > 0) throw tooMany(wait);
  }

  private now(): number {
    return this.clock.now().getTime();
  }
}
