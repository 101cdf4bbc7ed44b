import type { Migration, PostgresDatabase } from '../infrastructure/postgres-database';
import type { ConsumerCheckpoint, ConsumerCheckpoints, NamedConsumerCheckpoint } from './consumer-checkpoints.port';

export const CONSUMER_CHECKPOINT_MIGRATIONS: readonly Migration[] = [
  {
    id: 'consumer-checkpoints-1',
    sql: `
CREATE TABLE consumer_checkpoints (
  name        text PRIMARY KEY,
  position    bigint NOT NULL,
  attempts    integer NOT NULL,
  last_error  text,
  stopped_at  text,
  updated_at  text NOT NULL
);`,
  },
];

interface Row {
  name: string;
  position: string;
  attempts: number;
  last_error: string | null;
  stopped_at: string | null;
  updated_at: string;
}

/**
 * Production on PostgreSQL: one row per consumer in `consumer_checkpoints`, beside the log in the installation's
 * schema, as the embedded store keeps them. The read models' `reset()` (rebuild) never touches this table.
 * `save` is a compare-and-set on the position (one conditional upsert), as the port says.
 */
export class PostgresConsumerCheckpoints implements ConsumerCheckpoints {
  private constructor(private readonly db: PostgresDatabase) {}

  static async open(db: PostgresDatabase): Promise<PostgresConsumerCheckpoints> {
    await db.migrate(CONSUMER_CHECKPOINT_MIGRATIONS);
    return new PostgresConsumerCheckpoints(db);
  }

  async load(name: string): Promise<ConsumerCheckpoint | null> {
    const [row] = await this.db.query<Row>('SELECT * FROM consumer_checkpoints WHERE name = $1', [name]);
    if (!row) return null;
    const { name: _name, ...record } = toRecord(row);
    return record;
  }

  async save(name: string, record: ConsumerCheckpoint): Promise<boolean> {
    const saved = await this.db.query(
      `INSERT INTO consumer_checkpoints (name, position, attempts, last_error, stopped_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (name) DO UPDATE SET position = excluded.position, attempts = excluded.attempts,
         last_error = excluded.last_error, stopped_at = excluded.stopped_at, updated_at = excluded.updated_at
       WHERE consumer_checkpoints.position <= excluded.position
       RETURNING name`,
      [name, record.position, record.attempts, record.lastError, record.stoppedAt, record.updatedAt],
    );
    return saved.length > 0;
  }

  async list(): Promise<NamedConsumerCheckpoint[]> {
    return (await this.db.query<Row>('SELECT * FROM consumer_checkpoints ORDER BY name COLLATE "C"')).map(toRecord);
  }

  async close(): Promise<void> {
    /* the pool is owned by the composition root */
  }
}

const toRecord = (row: Row): NamedConsumerCheckpoint => ({
  name: row.name,
  position: Number(row.position),
  attempts: row.attempts,
  lastError: row.last_error,
  stoppedAt: row.stopped_at,
  updatedAt: row.updated_at,
});
