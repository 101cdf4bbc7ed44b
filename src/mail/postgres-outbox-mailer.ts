import { randomUUID } from 'node:crypto';
import type { Migration, PostgresDatabase } from '../infrastructure/postgres-database';
import type { Clock } from '../shared/clock';
import { idempotencyDigest, Mail, Mailer, SentMail } from './mailer.port';

export const MAIL_OUTBOX_MIGRATIONS: readonly Migration[] = [
  {
    id: 'mail-outbox-1',
    sql: `
CREATE TABLE mail_outbox (
  marketplace_id text NOT NULL,
  seq            bigserial,
  digest         text,
  mail           json NOT NULL,
  PRIMARY KEY (marketplace_id, seq)
);
CREATE UNIQUE INDEX mail_outbox_keys ON mail_outbox (marketplace_id, digest) WHERE digest IS NOT NULL;`,
  },
];

/**
 * The development outbox (no SMTP_URL) when the stores are on PostgreSQL: mails are rows of the installation's
 * database, not files under one instance's DATA_DIR. Every instance then sends into, and shows (`mail outbox`, the
 * console's Mail page), the same outbox; and a keyed mail is one row, whichever instance sends it: the insert of a
 * key already there does nothing, in the same statement that would write it. A reactor that another instance takes
 * over after a kill -9 (the mail written, its checkpoint not yet saved) sends its event's mail again, and that
 * second send is a no-op: exactly once, which files in each instance's folder could not give.
 */
export class PostgresOutboxMailer implements Mailer {
  private constructor(
    private readonly db: PostgresDatabase,
    private readonly clock: Clock,
  ) {}

  static async open(db: PostgresDatabase, clock: Clock): Promise<PostgresOutboxMailer> {
    await db.migrate(MAIL_OUTBOX_MIGRATIONS);
    return new PostgresOutboxMailer(db, clock);
  }

  async send(mail: Mail): Promise<void> {
    const sent: SentMail = { id: randomUUID(), sentAt: this.clock.now().toISOString(), ...mail };
    const digest = mail.idempotencyKey === undefined ? null : idempotencyDigest(mail.idempotencyKey);
    await this.db.query(
      `INSERT INTO mail_outbox (marketplace_id, digest, mail) VALUES ($1, $2, $3)
       ON CONFLICT (marketplace_id, digest) WHERE digest IS NOT NULL DO NOTHING`,
      [mail.marketplaceId, digest, JSON.stringify(sent)],
    );
  }

  async outbox(marketplaceId: string): Promise<SentMail[]> {
    const rows = await this.db.query<{ mail: string }>('SELECT mail::text AS mail FROM mail_outbox WHERE marketplace_id = $1 ORDER BY seq', [marketplaceId]);
    return rows.map((r) => JSON.parse(r.mail) as SentMail);
  }
}
