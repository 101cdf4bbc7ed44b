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

  /** Before checking a password: 429 while the account or the address must wait after failures. */
  beforeLogin(keys: AttemptKeys): void {
    this.refuseIfWaiting(this.windows.loginPerAccount, this.windows.loginPerAddress, keys);
  }

  loginFailed(keys: AttemptKeys): void {
    const now = this.now();
    this.windows.loginPerAccount?.record(keys.account, now);
    this.windows.loginPerAddress?.record(keys.address, now);
  }

  /** The account's own failures are forgiven by its password; the address's are not (one address, many accounts). */
  loginSucceeded(keys: AttemptKeys): void {
    this.windows.loginPerAccount?.clear(keys.account);
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
