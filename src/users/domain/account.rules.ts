import { apiError, conflict } from '../../shared/api-error';
import type { MailedToken, UserEvent } from './user.events';
import { normalizeEmail, UserState } from './user.state';

/** At most this many verification links may be outstanding; then the user waits for old ones to expire. */
export const MAX_ACTIVE_VERIFICATION_REQUESTS = 5;
export const VERIFICATION_TTL_MS = 48 * 3600 * 1000;
export const RESET_TTL_MS = 3600 * 1000;

const active = <T extends { expiresAt: string }>(requests: T[], now: Date) => requests.filter((r) => new Date(r.expiresAt) > now);

/** The address a verification is for: the pending new address, else the current one. */
export const verificationTarget = (state: UserState): string => state.pendingEmail ?? state.email!;

export const requestVerification = (state: UserState, token: MailedToken, now: Date): UserEvent[] => {
  if (state.emailVerified && !state.pendingEmail) throw conflict('email-already-verified', 'The email address is already verified.');
  if (active(state.verificationRequests, now).length >= MAX_ACTIVE_VERIFICATION_REQUESTS)
    throw conflict('email-too-many-verification-requests', 'Too many verification emails are waiting; try again when older ones expire.');
  return [
    {
      type: 'user/email-verification-requested',
      data: {
        tokenHash: token.hash,
        tokenNonce: token.nonce,
        email: verificationTarget(state),
        expiresAt: new Date(now.getTime() + VERIFICATION_TTL_MS).toISOString(),
      },
    },
  ];
};

/**
 * Verifies the address a link was mailed to (by token), or the address an operator names: a pending new address
 * becomes the email; the current address becomes verified.
 */
export const verifyEmail = (state: UserState, by: { tokenHash: string } | { email: string }, now: Date): UserEvent[] => {
  let email: string;
  if ('tokenHash' in by) {
    const request = active(state.verificationRequests, now).find((r) => r.tokenHash === by.tokenHash);
    if (!request) throw apiError(403, 'email-verification-token-invalid', 'The verification token is invalid or has expired.');
    email = request.email;
  } else {
    const matches = [state.email, state.pendingEmail].filter((e): e is string => !!e).find((e) => normalizeEmail(e) === normalizeEmail(by.email));
    if (!matches)
      throw apiError(400, 'validation-invalid-value', "email must be the user's email or pending email.", { source: { path: ['email'], type: 'body' } });
    email = matches;
  }
  if (state.pendingEmail && normalizeEmail(email) === normalizeEmail(state.pendingEmail))
    return [{ type: 'user/updated', data: { email: state.pendingEmail, pendingEmail: null, emailVerified: true } }];
  if (state.emailVerified) throw conflict('email-already-verified', 'The email address is already verified.');
  return [{ type: 'user/updated', data: { emailVerified: true } }];
};

export const changeEmail = (state: UserState, email: string): UserEvent[] => {
  if (normalizeEmail(email) === normalizeEmail(state.email!)) {
    // Back to the current address: forget a pending change.
    return state.pendingEmail ? [{ type: 'user/updated', data: { pendingEmail: null } }] : [];
  }
  if (state.pendingEmail === email) return [];
  return [{ type: 'user/updated', data: { pendingEmail: email } }];
};

/**
 * `asked`: the address the reset was asked for. A pending new address finds the user too, and then the link goes
 * there; otherwise to the user's email.
 */
export const requestPasswordReset = (state: UserState, token: MailedToken, asked: string, now: Date): UserEvent[] => {
  const email = state.pendingEmail && normalizeEmail(state.pendingEmail) === normalizeEmail(asked) ? state.pendingEmail : state.email!;
  return [
    {
      type: 'user/password-reset-requested',
      data: { tokenHash: token.hash, tokenNonce: token.nonce, email, expiresAt: new Date(now.getTime() + RESET_TTL_MS).toISOString() },
    },
  ];
};

export const resetPassword = (state: UserState, tokenHash: string, passwordHash: string, now: Date): UserEvent[] => {
  if (!active(state.resetRequests, now).some((r) => r.tokenHash === tokenHash))
    throw apiError(403, 'forbidden', 'The password reset token is invalid, expired or for another email.');
  // Whoever held a session may be who the reset is recovering the account from: none is kept.
  return [
    { type: 'user/password-changed', data: { passwordHash } },
    { type: 'user/sessions-revoked', data: { keptSessionId: null } },
  ];
};
