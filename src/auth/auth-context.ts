/** Token scopes of the Authentication API. */
export type Scope = 'public-read' | 'user' | 'trusted:user' | 'integ';

/** Who is calling: read from a verified access token by the auth guard. */
export interface AuthContext {
  marketplaceId: string;
  clientId: string;
  scope: Scope;
  /** The user of a `user` / `trusted:user` token. */
  userId: string | null;
  /** The login session (refresh token) the access token was issued under. */
  sessionId: string | null;
  /** The console operator an `integ` token was minted for (src/operators); their console session is `sessionId`. */
  operatorId?: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
  requestId: string;
}

export const isUserScope = (scope: Scope): boolean => scope === 'user' || scope === 'trusted:user';
