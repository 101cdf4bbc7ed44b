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
}

export interface SentMail extends Mail {
  id: string;
  sentAt: string;
}

/** The mail port: an outbox in embedded mode, SMTP in production. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** The mails kept for a marketplace, newest last (the SMTP adapter keeps none). */
  outbox(marketplaceId: string): Promise<SentMail[]>;
}

export const MAILER = 'Mailer';
