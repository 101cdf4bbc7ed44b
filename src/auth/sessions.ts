import { Inject, Injectable } from '@nestjs/common';
import { CommandRunner } from '../event-sourcing/command-runner';
import { internalStream, modelOf } from '../event-sourcing/stream-model';
import { streams } from '../event-store/stream-names';
import { CLOCK, type Clock } from '../shared/clock';
import { CONFIG, type Config } from '../config';
import { IDS, type IdGenerator } from '../shared/ids';
import { authApiContext } from '../shared/command-context';
import { hashSecret, randomSecret, secretMatches } from '../shared/secrets';
import { isUuid } from '../shared/values';
import type { Scope } from './auth-context';
import { isSessionUsable, sessionDecider, SessionState } from './domain/session.decider';

const sessionModel = modelOf('session', sessionDecider);
const sessionStream = (marketplaceId: string, sessionId: string) => internalStream(sessionModel, streams.session(marketplaceId, sessionId));

export interface FoundSession {
  marketplaceId: string;
  state: SessionState;
}

/**
 * Refresh tokens are `<marketplaceId>.<sessionId>.<secret>`: the first two parts find the session stream, the
 * secret is checked against the stored SHA-256 digest. The token itself is never stored.
 */
@Injectable()
export class Sessions {
  constructor(
    private readonly runner: CommandRunner,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(IDS) private readonly ids: IdGenerator,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  async start(s: { marketplaceId: string; clientId: string; userId: string | null; userEpoch?: number; scope: Scope; requestId: string | null }): Promise<{ refreshToken: string; sessionId: string }> {
    const sessionId = this.ids.next();
    const secret = randomSecret();
    const now = this.clock.now();
    const start = { type: 'start' as const, sessionId, clientId: s.clientId, userId: s.userId, userEpoch: s.userEpoch ?? 0, scope: s.scope, secretHash: hashSecret(secret), now, ttlSeconds: this.config.refreshTokenTtlSeconds };
    await this.runner.run({
      ctx: authApiContext({ marketplaceId: s.marketplaceId, clientId: s.clientId, userId: s.userId, requestId: s.requestId, now }),
      streams: { session: sessionStream(s.marketplaceId, sessionId) },
      decide: (states) => ({ events: { session: sessionDecider.decide(start, states.session) } }),
    });
    return { refreshToken: `${s.marketplaceId}.${sessionId}.${secret}`, sessionId };
  }

  /** The session of a refresh token whose secret matches and that is neither revoked nor expired. */
  async findUsable(refreshToken: string): Promise<FoundSession | null> {
    const found = await this.load(refreshToken);
    if (!found) return null;
    return isSessionUsable(found.state, this.clock.now()) && secretMatches(found.secret, found.state.secretHash!) ? found : null;
  }

  /** A session by id (the `sid` of an access token), when it is neither revoked nor expired. */
  async findUsableById(marketplaceId: string, sessionId: string): Promise<SessionState | null> {
    if (!isUuid(marketplaceId) || !isUuid(sessionId)) return null;
    const state = await this.runner.state(sessionStream(marketplaceId, sessionId));
    return isSessionUsable(state, this.clock.now()) ? state : null;
  }

  /** Revokes the session when the token is genuine; any other token is quietly ignored. */
  async revoke(refreshToken: string, requestId: string | null): Promise<void> {
    const found = await this.load(refreshToken);
    if (!found || !found.state.exists || !secretMatches(found.secret, found.state.secretHash!)) return;
    const now = this.clock.now();
    await this.runner.run({
      ctx: authApiContext({ marketplaceId: found.marketplaceId, clientId: found.state.clientId, userId: found.state.userId, requestId, now }),
      streams: { session: sessionStream(found.marketplaceId, found.state.sessionId!) },
      decide: (states) => ({ events: { session: sessionDecider.decide({ type: 'revoke', now }, states.session) } }),
    });
  }

  private async load(refreshToken: string): Promise<(FoundSession & { secret: string }) | null> {
    const [marketplaceId, sessionId, secret, ...rest] = refreshToken.split('.');
    if (rest.length > 0 || !isUuid(marketplaceId) || !isUuid(sessionId) || !secret) return null;
    const state = await this.runner.state(sessionStream(marketplaceId, sessionId));
    return { marketplaceId, state, secret };
  }
}
