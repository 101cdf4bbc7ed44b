import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PostgresDatabase } from '../src/infrastructure/postgres-database';
import { OutboxMailer } from '../src/mail/outbox-mailer';
import { PostgresOutboxMailer } from '../src/mail/postgres-outbox-mailer';
import { mailOutboxContract, sampleMail } from './mail-outbox.contract';
import { freshPostgresDatabase, skipWithoutPostgres } from './support/postgres';

mailOutboxContract('files under DATA_DIR', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mail-outbox-'));
  return { open: async (clock) => new OutboxMailer(dir, clock), sharedByInstances: false, cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
});

if (skipWithoutPostgres('mail outbox contract: PostgreSQL')) {
  mailOutboxContract('PostgreSQL', async () => {
    const database = await freshPostgresDatabase('mail-outbox');
    const pools: PostgresDatabase[] = [];
    return {
      sharedByInstances: true,
      // Each mailer on a pool of its own, as each server instance has.
      open: async (clock) => {
        const db = await PostgresDatabase.open({ url: database.url });
        pools.push(db);
        return PostgresOutboxMailer.open(db, clock);
      },
      cleanup: async () => {
        await Promise.all(pools.map((db) => db.close()));
        await database.drop();
      },
    };
  });
}

describe('files under DATA_DIR: a marketplace folder removed while the server runs', () => {
  it('is made again by the next send, which is kept', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mail-outbox-'));
    try {
      const mailer = new OutboxMailer(dir, { now: () => new Date('2026-01-01T00:00:00Z') });
      await mailer.send(sampleMail({ subject: 'first' }));
      rmSync(join(dir, 'mp-1'), { recursive: true });
      await mailer.send(sampleMail({ subject: 'second' }));
      expect((await mailer.outbox('mp-1')).map((m) => m.subject)).toEqual(['second']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
