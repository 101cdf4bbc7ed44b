import { createHash } from 'node:crypto';

/** An email the service sends: verification, password reset, notices about the account. */
export interface Mail {
  marketplaceId: string;
  to: string;
  /** The built-in template it was written from (`verify-email-address`, `reset-password`, ...). */
  template: string;
  subject: string;
  text: string;
  /** Values the template used (links, tokens), kept so operators and tests can act on a mail. */
  context: Record<string, string>;
  /**
   * Sends at most once per key: a second send with the same key is a no-op (within what each adapter can
   * guarantee, see them). A reactor passes the id of the event the mail is for, so a redelivered event does not
   * mail twice.
   */
  idempotencyKey?: string;
}

export interface SentMail extends Mail {
  id: string;
  sentAt: string;
}

/** The mail port: an outbox in embedded mode, SMTP in production. */
export interface Mailer {
  /** Sends a mail; with an `idempotencyKey` already sent, does nothing. */
  send(mail: Mail): Promise<void>;
  /** The mails kept for a marketplace, newest last (the SMTP adapter keeps none). */
  outbox(marketplaceId: string): Promise<SentMail[]>;
}

export const MAILER = 'Mailer';

/** A key as it is recorded (file names, the sent-keys file): fixed length, no characters a file name cannot hold. */
export const idempotencyDigest = (key: string): string => createHash('sha256').update(key).digest('hex').slice(0, 32);
