import { appendFile, mkdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { createTransport, Transporter } from 'nodemailer';
import { idempotencyDigest, Mail, Mailer, SentMail } from './mailer.port';

export interface SmtpMailerOptions {
  /**
   * A file where the digests of sent idempotency keys are appended, one a line (e.g. `DATA_DIR/smtp-sent-keys`),
   * so that a key sent before a restart is still known. Without it, keys are remembered by this process only.
   */
  sentKeysFile?: string;
}

/**
 * Production: mails go out through SMTP (nodemailer), from MAIL_FROM. No mail is kept.
 *
 * Idempotency, and its limits. SMTP has no idempotency key, so this adapter can only remember what it sent: a send
 * whose key is already recorded does nothing, and concurrent sends of one key in this process send once. After the
 * SMTP server accepts a mail, the key's digest is appended to `sentKeysFile`.
 * - A crash (or a failed append) between the server's acceptance and that record sends that one mail again when the
 *   reactor redelivers its event: at least once, not exactly once.
 * - The file is local: server instances that do not share it (or run without it) do not see each other's keys.
 * - A send that fails (the server refused it or the connection broke) records nothing and is retried by the
 *   reactor; if the server had in fact accepted it before the connection broke, the retry repeats it.
 * The mail also gets a Message-ID derived from the key, so a receiving system that deduplicates by Message-ID
 * sees a repeat as the same message.
 */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;
  private sentKeys: Promise<Set<string>> | null = null;
  /** Keyed sends in progress, by digest. */
  private readonly sending = new Map<string, Promise<void>>();

  constructor(
    smtpUrl: string,
    private readonly from: string,
    private readonly options: SmtpMailerOptions = {},
  ) {
    this.transport = createTransport(smtpUrl);
  }

  async send(mail: Mail): Promise<void> {
    if (mail.idempotencyKey === undefined) {
      await this.deliver(mail, null);
      return;
    }
    const digest = idempotencyDigest(mail.idempotencyKey);
    const pending = this.sending.get(digest);
    if (pending) return pending;
    const work = (async () => {
      const sent = await this.loadSentKeys();
      if (sent.has(digest)) return;
      await this.deliver(mail, digest);
      sent.add(digest);
      if (this.options.sentKeysFile) await appendFile(this.options.sentKeysFile, `${digest}\n`, { mode: 0o600 });
    })();
    this.sending.set(digest, work);
    try {
      await work;
    } finally {
      this.sending.delete(digest);
    }
  }

  async outbox(): Promise<SentMail[]> {
    return [];
  }

  private async deliver(mail: Mail, digest: string | null): Promise<void> {
    await this.transport.sendMail({
      from: this.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      ...(digest ? { messageId: `<${digest}@${domainOf(this.from)}>` } : {}),
    });
  }

  private loadSentKeys(): Promise<Set<string>> {
    this.sentKeys ??= (async () => {
      const file = this.options.sentKeysFile;
      if (!file) return new Set<string>();
      await mkdir(dirname(file), { recursive: true });
      const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return '';
        throw error;
      });
      return new Set(text.split('\n').filter((line) => line.length > 0));
    })();
    this.sentKeys.catch(() => {
      this.sentKeys = null;
    });
    return this.sentKeys;
  }
}

/** The domain of the sender address (`Marketplace <noreply@example.com>` → `example.com`), for Message-IDs. */
const domainOf = (from: string): string => /@([^>\s]+)/.exec(from)?.[1] ?? 'localhost';
