import { createTransport, Transporter } from 'nodemailer';
import type { Mail, Mailer, SentMail } from './mailer.port';

/** Production: mails go out through SMTP (nodemailer), from MAIL_FROM. Nothing is kept. */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = createTransport(smtpUrl);
  }

  async send(mail: Mail): Promise<void> {
    await this.transport.sendMail({ from: this.from, to: mail.to, subject: mail.subject, text: mail.text });
  }

  async outbox(): Promise<SentMail[]> {
    return [];
  }
}
