import type { Database, Statement } from 'better-sqlite3';
import type { ConsumerCheckpoint, ConsumerCheckpoints, NamedConsumerCheckpoint } from './consumer-checkpoints.port';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS consumer_checkpoints (
  name        TEXT PRIMARY KEY,
  position    INTEGER NOT NULL,
  attempts    INTEGER NOT NULL,
  last_error  TEXT,
  stopped_at  TEXT,
  updated_at  TEXT NOT NULL
);
`;

interface Row {
  name: string;
  position: number;
  attempts: number;
  last_error: string | null;
  stopped_at: string | null;
  updated_at: string;
}

/**
 * Embedded: one row per consumer in `consumer_checkpoints`, in the same SQLite file as the log. The read models'
 * `reset()` (rebuild) deletes documents and projection checkpoints only, never this table.
 */
export class SqliteConsumerCheckpoints implements ConsumerCheckpoints {
  private readonly upsert: Statement;
  private readonly selectOne: Statement;
  private readonly selectAll: Statement;

  constructor(db: Database) {
    db.exec(SCHEMA);
    this.upsert = db.prepare(
      `INSERT INTO consumer_checkpoints (name, position, attempts, last_error, stopped_at, updated_at)
       VALUES (@name, @position, @attempts, @lastError, @stoppedAt, @updatedAt)
       ON CONFLICT (name) DO UPDATE SET position = excluded.position, attempts = excluded.attempts,
         last_error = excluded.last_error, stopped_at = excluded.stopped_at, updated_at = excluded.updated_at
       WHERE consumer_checkpoints.position <= excluded.position`,
    );
    this.selectOne = db.prepare('SELECT * FROM consumer_checkpoints WHERE name = ?');
    this.selectAll = db.prepare('SELECT * FROM consumer_checkpoints ORDER BY name');
  }

  async load(name: string): Promise<ConsumerCheckpoint | null> {
    const row = this.selectOne.get(name) as Row | undefined;
    if (!row) return null;
    const { name: _name, ...record } = toRecord(row);
    return record;
  }

  async save(name: string, record: ConsumerCheckpoint): Promise<boolean> {
    const { changes } = this.upsert.run({
      name,
      position: record.position,
      attempts: record.attempts,
      lastError: record.lastError,
      stoppedAt: record.stoppedAt,
      updatedAt: record.updatedAt,
    });
    return changes > 0;
  }

  async list(): Promise<NamedConsumerCheckpoint[]> {
    return Array.from(this.selectAll.all() as Row[], toRecord);
  }

  async close(): Promise<void> {
    /* the database connection is owned by the composition root */
  }
}

const toRecord = (row: Row): NamedConsumerCheckpoint => ({
  name: row.name,
  position: row.position,
  attempts: row.attempts,
  lastError: row.last_error,
  stoppedAt: row.stopped_at,
  updatedAt: row.updated_at,
});
