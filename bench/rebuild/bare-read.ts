import Database from 'better-sqlite3';
import { join } from 'node:path';

/**
 * The baseline of the rebuild: the least any replay of the log does, reading every event row of the same file
 * through better-sqlite3 (iterate) and JSON.parse-ing its data and metadata, in this process.
 */
export const bareRead = (dataDir: string): { events: number; seconds: number } => {
  const db = new Database(join(dataDir, 'marketplace.db'), { readonly: true });
  try {
    const started = process.hrtime.bigint();
    let events = 0;
    for (const row of db.prepare('SELECT * FROM events ORDER BY position').iterate() as IterableIterator<{ data: string; metadata: string }>) {
      JSON.parse(row.data);
      JSON.parse(row.metadata);
      events += 1;
    }
    return { events, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
  } finally {
    db.close();
  }
};
