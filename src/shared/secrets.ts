import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A random secret (client secrets, refresh tokens): 256 bits, URL-safe. */
export const randomSecret = (bytes = 32): string => randomBytes(bytes).toString('base64url');

/**
 * High-entropy secrets are stored as SHA-256 digests: a slow password hash adds nothing against guessing 256
 * random bits, and every token request checks one. User passwords use argon2 (src/users/passwords.ts).
 */
export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');

export const secretMatches = (secret: string, expectedHash: string): boolean => {
  const actual = Buffer.from(hashSecret(secret), 'hex');
  const expected = Buffer.from(expectedHash, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
};
