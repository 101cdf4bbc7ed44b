import type { AuthContext } from './auth-context';

/**
 * Tokens minted for a console operator (src/operators) stay valid only while the operator's console session lives:
 * a sign-out, a revocation, a password reset or the operator's removal stops them at the next request, not when
 * the token expires. Implemented by the operators context.
 */
export interface OperatorSessionCheck {
  /** Throws 401 when the operator's session has ended, 403 when the operator may no longer use the token's marketplace. */
  assertLive(auth: AuthContext): Promise<void>;
  /**
   * Refuses (403) a token not minted for a console operator, or, for what reaches the whole installation, an operator
   * limited to some marketplaces: for the console's own extensions of the Integration API.
   */
  assertOperator(auth: AuthContext, reach: 'marketplace' | 'installation'): Promise<void>;
}

export const OPERATOR_SESSION_CHECK = 'OperatorSessionCheck';
