import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A store over a fresh WAL-mode SQLite file in a temporary folder, for the contract suites' embedded runs. */
export const onTempSqlite =
  <S extends { close(): Promise<void> }>(name: string, open: (db: Database.Database) => S) =>
  async (): Promise<{ store: S; cleanup: () => Promise<void> }> => {
    const dir = mkdtempSync(join(tmpdir(), `${name}-`));
    const db = new Database(join(dir, `${name}.db`));
    db.pragma('journal_mode = WAL');
    const store = open(db);
    return {
      store,
      cleanup: async () => {
        await store.close();
        db.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  };
