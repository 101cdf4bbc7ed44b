import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { createSecretKey, KeyObject } from 'node:crypto';
import { apiError } from '../shared/api-error';
import type { Clock } from '../shared/clock';
import type { AuthContext, Scope } from './auth-context';

export interface AccessTokenClaims {
  marketplaceId: string;
  clientId: string;
  scope: Scope;
  userId: string | null;
  sessionId: string | null;
  /** An operator's console session (src/operators): with it, `sessionId` is the operator's session, checked live on every request. */
  operatorId?: string;
}

const SCOPES: readonly Scope[] = ['public-read', 'user', 'trusted:user', 'integ'];
const VERIFIED_TOKENS_KEPT = 10_000;

/**
 * Access tokens are short-lived JWTs signed with HS256 (jose): verifying one needs no store lookup, and the
 * token stays small enough for the SDK's cookie. Claims: sub (user), cid (client), mid (marketplace), scope, sid, oid (a console operator).
 */
export class AccessTokens {
  private readonly key: KeyObject;
  /**
   * Tokens whose signature and claims were verified, by their exact text: a token is immutable, so only its
   * expiry needs checking again. Verifying the signature (HMAC, base64url, JSON) was a tenth of a small read's
   * time. Bounded: the oldest entry goes first.
   */
  private readonly verified = new Map<string, Omit<AuthContext, 'requestId'>>();

  constructor(
    secret: string,
    private readonly clock: Clock,
    readonly ttlSeconds: number,
  ) {
    // A KeyObject made once: given raw bytes, jose would build one on every sign and verify.
    this.key = createSecretKey(Buffer.from(secret, 'utf8'));
  }

  async issue(claims: AccessTokenClaims): Promise<{ token: string; expiresIn: number }> {
    const now = Math.floor(this.clock.now().getTime() / 1000);
    const token = await new SignJWT({
      cid: claims.clientId,
      mid: claims.marketplaceId,
      scope: claims.scope,
      ...(claims.sessionId ? { sid: claims.sessionId } : {}),
      ...(claims.operatorId ? { oid: claims.operatorId } : {}),
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.userId ?? claims.clientId)
      .setIssuedAt(now)
      .setExpirationTime(now + this.ttlSeconds)
      .sign(this.key);
    return { token, expiresIn: this.ttlSeconds };
  }

  /** The caller of an `Authorization: Bearer <token>` header: 401 when it is missing, malformed or not valid. */
  async verifyHeader(header: string | undefined, requestId: string): Promise<AuthContext> {
    if (!header) throw apiError(401, 'auth-missing-access-token', 'The Authorization header is missing.');
    const match = /^bearer\s+(\S+)\s*$/i.exec(header);
    if (!match) throw apiError(401, 'auth-invalid-access-token', 'The Authorization header must be "Bearer <token>".');
    return this.verify(match[1], requestId);
  }

  /** Throws 401 auth-invalid-access-token for anything but a valid, unexpired token of ours. */
  async verify(token: string, requestId: string): Promise<AuthContext> {
    const known = this.verified.get(token);
    if (known) {
      if (known.exp * 1000 <= this.clock.now().getTime()) {
        this.verified.delete(token);
        throw apiError(401, 'auth-invalid-access-token', 'The access token has expired.');
      }
      return { ...known, requestId };
    }
    const claims = await this.verifySignature(token);
    if (this.verified.size >= VERIFIED_TOKENS_KEPT) this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(token, claims);
    return { ...claims, requestId };
  }

  private async verifySignature(token: string): Promise<Omit<AuthContext, 'requestId'>> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], currentDate: this.clock.now() });
      const scope = payload.scope as Scope;
      if (!SCOPES.includes(scope) || typeof payload.mid !== 'string' || typeof payload.cid !== 'string')
        throw new Error('malformed claims');
      const isUser = scope === 'user' || scope === 'trusted:user';
      return {
        marketplaceId: payload.mid,
        clientId: payload.cid,
        scope,
        userId: isUser ? (payload.sub ?? null) : null,
        sessionId: typeof payload.sid === 'string' ? payload.sid : null,
        ...(typeof payload.oid === 'string' ? { operatorId: payload.oid } : {}),
        exp: payload.exp ?? 0,
      };
    } catch (error) {
      const expired = error instanceof joseErrors.JWTExpired;
      throw apiError(401, 'auth-invalid-access-token', expired ? 'The access token has expired.' : 'The access token is not valid.');
    }
  }
}
