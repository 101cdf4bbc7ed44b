import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Clock } from '../shared/clock';
import { idempotencyDigest, Mail, Mailer, SentMail } from './mailer.port';

/**
 * Embedded mode: mails are written as JSON files under DATA_DIR/outbox/<marketplaceId>/, one per mail, named so
 * that they list in sending order. The operator CLI (`mail outbox`) and the tests read them.
 *
 * Idempotency: a mail with an `idempotencyKey` carries the key's digest in its file name, and a send whose key is
 * already in the marketplace's folder does nothing. The mail file itself is the record (written to a temporary
 * name, then renamed), so there is no window in which a crash repeats or loses a keyed mail. Sends with the same
 * key are also serialised within the process; two processes sending the same key at the same instant could both
 * write it (reactors deliver an event to one process at a time).
 */
export class OutboxMailer implements Mailer {
  private sequence = 0;
  /** Keyed sends in progress, by folder and digest. */
  private readonly sending = new Map<string, Promise<void>>();
  /**
   * The digests already in each folder, read from it once, then kept as this process writes: listing a folder of
   * thousands of mails for every send was the reactors' largest cost under load (docs/performance.md).
   */
  private readonly sentDigests = new Map<string, Promise<Set<string>>>();
  /** Folders made (or found) by this process: a mkdir per mail was a syscall and a stat on every send. */
  private readonly made = new Set<string>();

  constructor(
    private readonly directory: string,
    private readonly clock: Clock,
  ) {}

  async send(mail: Mail): Promise<void> {
    const folder = join(this.directory, mail.marketplaceId);
    if (mail.idempotencyKey === undefined) return this.write(folder, mail, null);
    const digest = idempotencyDigest(mail.idempotencyKey);
    const slot = `${folder}\u0000${digest}`;
    const pending = this.sending.get(slot);
    if (pending) return pending;
    const work = (async () => {
      if (await this.alreadySent(folder, digest)) return;
      await this.write(folder, mail, digest);
    })();
    this.sending.set(slot, work);
    try {
      await work;
    } finally {
      this.sending.delete(slot);
    }
  }

  async outbox(marketplaceId: string): Promise<SentMail[]> {
    const folder = join(this.directory, marketplaceId);
    const names = await readdir(folder).catch(() => [] as string[]);
    const files = names.filter((n) => n.endsWith('.json')).sort();
    return Promise.all(files.map(async (n) => JSON.parse(await readFile(join(folder, n), 'utf8')) as SentMail));
  }

  private async write(folder: string, mail: Mail, digest: string | null): Promise<void> {
    const sentAt = this.clock.now().toISOString();
    const sent: SentMail = { id: randomUUID(), sentAt, ...mail };
    if (!this.made.has(folder)) {
      await mkdir(folder, { recursive: true });
      this.made.add(folder);
    }
    this.sequence += 1;
    const name = `${sentAt.replace(/[:.]/g, '-')}-${String(this.sequence).padStart(6, '0')}-${sent.id}${digest ? keySuffix(digest) : '.json'}`;
    const temporary = join(folder, `.${name}.tmp`);
    const text = JSON.stringify(sent, null, 2);
    await writeFile(temporary, text, { mode: 0o600 }).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
      // The folder was removed behind this process's back (an operator cleaning up): made again.
      await mkdir(folder, { recursive: true });
      await writeFile(temporary, text, { mode: 0o600 });
    });
    await rename(temporary, join(folder, name));
    if (digest) (await this.digestsIn(folder)).add(digest);
  }

  private async alreadySent(folder: string, digest: string): Promise<boolean> {
    return (await this.digestsIn(folder)).has(digest);
  }

  private digestsIn(folder: string): Promise<Set<string>> {
    let digests = this.sentDigests.get(folder);
    if (!digests) {
      digests = readdir(folder)
        .catch(() => [] as string[])
        .then((names) => new Set(names.map((n) => KEYED.exec(n)?.[1]).filter((d): d is string => d !== undefined)));
      this.sentDigests.set(folder, digests);
    }
    return digests;
  }
}

const KEYED = /-key-([^.]+)\.json$/;

const keySuffix = (digest: string): string => `-key-${digest}.json`;
