import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PostgresDatabase } from '../src/infrastructure/postgres-database';
import { OutboxMailer } from '../src/mail/outbox-mailer';
import { PostgresOutboxMailer } from '../src/mail/postgres-outbox-mailer';
import { mailOutboxContract } from './mail-outbox.contract';
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
