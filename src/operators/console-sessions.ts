import { Inject, Injectable } from '@nestjs/common';
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { AccessTokens } from '../auth/access-tokens';
import type { AuthContext } from '../auth/auth-context';
import { CONFIG, type Config } from '../config';
import type { OperatorSessionCheck } from '../auth/operator-session-check';
import { MarketplaceDirectory } from '../marketplaces/marketplace-directory';
import { apiError, forbidden, notFound } from '../shared/api-error';
import { CLOCK, type Clock } from '../shared/clock';
import { IDS, type IdGenerator } from '../shared/ids';
import { Passwords } from '../users/passwords';
import { liveSession, mayUseMarketplace, Operator, operatorByEmail, OperatorSession } from './domain/operator-directory';
import { OperatorAccounts } from './operator-accounts';

/** How long a console session lives without signing in again: a working day. */
export const CONSOLE_SESSION_SECONDS = 12 * 60 * 60;

export interface ActiveSession {
  operator: Operator;
  session: OperatorSession;
}

/** What the console reads about its own session: who, where they may act, and the CSRF token for its writes. */
export interface ConsoleSessionView {
  operator: { id: string; email: string };
  marketplaces: { id: string; name: string | null }[];
  csrfToken: string;
  expiresAt: string;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');
const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
const signInFailed = () => apiError(401, 'console-sign-in-failed', 'The email or the password is wrong.');
const sessionEnded = () => apiError(401, 'auth-invalid-access-token', 'The console session has ended; sign in again.');

/**
 * Console sessions: sign-in by email and password, the session cookie's value (`<operator>.<session>.<secret>`; only
 * the secret's hash is in the log), the CSRF token of a session, and Integration API tokens minted for a session.
 * It is also the check every operator token passes on each request (OperatorSessionCheck), so ending a session
 * stops its tokens at once.
 */
@Injectable()
export class ConsoleSessions implements OperatorSessionCheck {
  private dummyHash: Promise<string> | null = null;

  constructor(
    private readonly accounts: OperatorAccounts,
    private readonly passwords: Passwords,
    private readonly tokens: AccessTokens,
    private readonly marketplaces: MarketplaceDirectory,
    @Inject(CONFIG) private readonly config: Config,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(IDS) private readonly ids: IdGenerator,
  ) {}

  /** A wrong password and an unknown email fail alike, in the same time (a hash is checked either way). */
  async signIn(email: string, password: string, requestId: string | null): Promise<{ cookie: string; active: ActiveSession }> {
    const operator = operatorByEmail(await this.accounts.state(), email);
    this.dummyHash ??= this.passwords.hash(randomBytes(16).toString('hex'));
    const matches = await this.passwords.matches(operator?.passwordHash ?? (await this.dummyHash), password);
    if (!operator || !matches) throw signInFailed();
    const now = this.clock.now();
    const secret = randomBytes(32).toString('base64url');
    const session: OperatorSession = {
      id: this.ids.next(),
      secretHash: sha256(secret),
      startedAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + CONSOLE_SESSION_SECONDS * 1000).toISOString(),
    };
    await this.accounts.decide({ type: 'start-session', operatorId: operator.id, session, now }, requestId);
    return { cookie: `${operator.id}.${session.id}.${secret}`, active: { operator, session } };
  }

  /** The live session a cookie value names: 401 for anything else (absent, forged, ended, expired). */
  async fromCookie(value: string | undefined): Promise<ActiveSession> {
    const [operatorId, sessionId, secret, ...rest] = (value ?? '').split('.');
    if (!operatorId || !sessionId || !secret || rest.length > 0) throw sessionEnded();
    const live = liveSession(await this.accounts.state(), operatorId, sessionId, this.clock.now());
    if (!live || !sameText(live.session.secretHash, sha256(secret))) throw sessionEnded();
    return live;
  }

  /** Derived, not stored: HMAC of the session id with the installation's secret; the page sends it back as a header. */
  csrfToken(active: ActiveSession): string {
    return createHmac('sha256', this.config.tokenSecret).update(`console-csrf:${active.session.id}`).digest('base64url');
  }

  checkCsrf(active: ActiveSession, header: string | string[] | undefined): void {
    if (typeof header !== 'string' || !sameText(header, this.csrfToken(active)))
      throw forbidden('The x-csrf-token header is missing or does not belong to this session.', 'console-csrf-refused');
  }

  async view(active: ActiveSession): Promise<ConsoleSessionView> {
    const ids = active.operator.marketplaces ?? (await this.marketplaces.list());
    const marketplaces = await Promise.all(ids.map(async (id) => ({ id, name: (await this.marketplaces.state(id)).name })));
    return { operator: { id: active.operator.id, email: active.operator.email }, marketplaces, csrfToken: this.csrfToken(active), expiresAt: active.session.expiresAt };
  }

  /** An Integration API token for one marketplace the operator may use, tied to this session. */
  async mintToken(active: ActiveSession, marketplaceId: string): Promise<{ accessToken: string; expiresIn: number }> {
    if (!mayUseMarketplace(active.operator, marketplaceId)) throw forbidden('This operator may not use that marketplace.');
    if (!(await this.marketplaces.state(marketplaceId)).exists) throw notFound('No such marketplace.');
    const { token, expiresIn } = await this.tokens.issue({
      marketplaceId,
      clientId: 'console',
      scope: 'integ',
      userId: null,
      sessionId: active.session.id,
      operatorId: active.operator.id,
    });
    return { accessToken: token, expiresIn };
  }

  async signOut(active: ActiveSession, requestId: string | null): Promise<void> {
    await this.accounts.decide({ type: 'end-session', operatorId: active.operator.id, sessionId: active.session.id, now: this.clock.now() }, requestId);
  }

  /**
   * Refuses (403) a token not minted for a console operator, or, for what reaches the whole installation (its
   * reactors, its clock), an operator limited to some marketplaces. The guard already checked the session is live.
   */
  async assertOperator(auth: AuthContext, reach: 'marketplace' | 'installation'): Promise<void> {
    if (!auth.operatorId) throw forbidden('Only a console operator may do this: sign in at /console.');
    if (reach === 'marketplace') return;
    const operator = (await this.accounts.state()).operators.find((o) => o.id === auth.operatorId);
    if (operator?.marketplaces !== null) throw forbidden('This reaches every marketplace of the installation: only an operator of all marketplaces may do it.');
  }

  async assertLive(auth: AuthContext): Promise<void> {
    const live = auth.operatorId && auth.sessionId ? liveSession(await this.accounts.state(), auth.operatorId, auth.sessionId, this.clock.now()) : null;
    if (!live) throw sessionEnded();
    if (!mayUseMarketplace(live.operator, auth.marketplaceId)) throw forbidden('This operator may no longer use this marketplace.');
  }
}
