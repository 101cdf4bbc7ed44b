import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Clock } from '../shared/clock';
import type { Mail, Mailer, SentMail } from './mailer.port';

/**
 * Embedded mode: mails are written as JSON files under DATA_DIR/outbox/<marketplaceId>/, one per mail, named so
 * that they list in sending order. The operator CLI (`mail outbox`) and the tests read them.
 */
export class OutboxMailer implements Mailer {
  private sequence = 0;

  constructor(
    private readonly directory: string,
    private readonly clock: Clock,
  ) {}

  async send(mail: Mail): Promise<void> {
    const sentAt = this.clock.now().toISOString();
    const sent: SentMail = { id: randomUUID(), sentAt, ...mail };
    const folder = join(this.directory, mail.marketplaceId);
    await mkdir(folder, { recursive: true });
    this.sequence += 1;
    const name = `${sentAt.replace(/[:.]/g, '-')}-${String(this.sequence).padStart(6, '0')}-${sent.id}.json`;
    const temporary = join(folder, `.${name}.tmp`);
    await writeFile(temporary, JSON.stringify(sent, null, 2), { mode: 0o600 });
    await rename(temporary, join(folder, name));
  }

  async outbox(marketplaceId: string): Promise<SentMail[]> {
    const folder = join(this.directory, marketplaceId);
    const names = await readdir(folder).catch(() => [] as string[]);
    const files = names.filter((n) => n.endsWith('.json')).sort();
    return Promise.all(files.map(async (n) => JSON.parse(await readFile(join(folder, n), 'utf8')) as SentMail));
  }
}
