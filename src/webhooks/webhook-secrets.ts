import { createHmac, randomBytes } from 'node:crypto';

/**
 * Signing secrets are derived, never stored: secret = HMAC-SHA256(TOKEN_SECRET, "webhook-secret:<id>:<nonce>"),
 * shown as `whsec_<base64>` (the Standard Webhooks form). The log keeps only the random nonce, so a copy of the
 * store (a backup, the event log) holds no signing secret; the server derives it again to sign. Rotating
 * TOKEN_SECRET therefore changes every webhook secret (docs/webhooks.md).
 */
export const newNonce = (): string => randomBytes(16).toString('base64url');

export const signingKey = (tokenSecret: string, subscriptionId: string, nonce: string): Buffer =>
  createHmac('sha256', tokenSecret).update(`webhook-secret:${subscriptionId}:${nonce}`).digest();

export const secretOf = (tokenSecret: string, subscriptionId: string, nonce: string): string =>
  `whsec_${signingKey(tokenSecret, subscriptionId, nonce).toString('base64')}`;

/** Standard Webhooks `webhook-signature`: `v1,<base64 HMAC-SHA256(key, id.timestamp.body)>`, one per key, space-separated. */
export const signatureHeader = (keys: Buffer[], id: string, timestampSeconds: number, body: Buffer): string =>
  keys
    .map((key) => `v1,${createHmac('sha256', key).update(`${id}.${timestampSeconds}.`).update(body).digest('base64')}`)
    .join(' ');
