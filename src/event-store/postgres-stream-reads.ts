import type { PostgresDatabase } from '../infrastructure/postgres-database';
import { TurnBatch } from '../shared/turn-batch';
import type { RecordedEvent } from './event-store.port';
import { EventRow, toRecorded } from './postgres-event-rows';

type StreamRead = { streamId: string; fromRevision: number };

const COLUMNS = 'e.position, e.id, e.stream_id, e.revision, e.type, e.data::text AS data, e.metadata::text AS metadata';

/**
 * Reads of streams asked in one turn of the event loop go as one statement. A command loads every stream it names
 * at once (the transaction, the listing, both users, the process: four or five), each usually answering nothing new
 * past the cached revision; on PostgreSQL each was a round trip through a pooled connection, and ten concurrent
 * commands queued fifty of them on ten connections. The same turn's reads of other commands join the statement too.
 */
export class PostgresStreamReads {
  private readonly reads = new TurnBatch<StreamRead, RecordedEvent[]>(async (batch) => {
    const answers = batch.length === 1 ? [await this.one(batch[0])] : await this.together(batch);
    return answers.map((events) => () => events);
  });

  constructor(private readonly db: PostgresDatabase) {}

  read(streamId: string, fromRevision: number): Promise<RecordedEvent[]> {
    return this.reads.ask({ streamId, fromRevision });
  }

  private async one({ streamId, fromRevision }: StreamRead): Promise<RecordedEvent[]> {
    const rows = await this.db.query<EventRow>(`SELECT ${COLUMNS} FROM events e WHERE e.stream_id = $1 AND e.revision >= $2 ORDER BY e.revision`, [streamId, fromRevision]);
    return rows.map(toRecorded);
  }

  private async together(batch: StreamRead[]): Promise<RecordedEvent[][]> {
    const rows = await this.db.query<EventRow & { i: string }>(
      `SELECT r.i, ${COLUMNS} FROM unnest($1::text[], $2::integer[]) WITH ORDINALITY AS r(stream_id, from_revision, i)
         JOIN events e ON e.stream_id = r.stream_id AND e.revision >= r.from_revision
       ORDER BY r.i, e.revision`,
      [batch.map((r) => r.streamId), batch.map((r) => r.fromRevision)],
    );
    const answers: RecordedEvent[][] = batch.map(() => []);
    for (const row of rows) answers[Number(row.i) - 1].push(toRecorded(row));
    return answers;
  }
}
