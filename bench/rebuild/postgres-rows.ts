import { createHash } from 'node:crypto';
import { Client } from 'pg';

/**
 * The PostgreSQL side of the rebuild section: a bare read of the log (the baseline) and a digest of every read-model
 * table (live against rebuilt), both read through a cursor so a million rows never sit in memory at once.
 */

/** Runs `sql` through a cursor on its own connection, `onRows` for each batch of rows (as arrays). */
const scan = async (url: string, sql: string, onRows: (rows: unknown[][]) => void, batch = 10_000): Promise<void> => {
  const client = new Client({ connectionString: url, options: '-c search_path=marketplace' });
  await client.connect();
  try {
    await client.query('BEGIN READ ONLY');
    await client.query(`DECLARE rows NO SCROLL CURSOR FOR ${sql}`);
    for (;;) {
      const { rows } = await client.query<unknown[]>({ text: `FETCH ${batch} FROM rows`, rowMode: 'array' });
      if (rows.length === 0) break;
      onRows(rows);
    }
    await client.query('COMMIT');
  } finally {
    await client.end();
  }
};

/** The least any replay does: every event's row read in position order, its data and metadata JSON.parse-d. */
export const bareReadPostgres = async (url: string): Promise<{ events: number; seconds: number }> => {
  const started = process.hrtime.bigint();
  let events = 0;
  await scan(url, 'SELECT position, id, stream_id, revision, type, data::text, metadata::text FROM events ORDER BY position', (rows) => {
    for (const row of rows) {
      JSON.parse(row[5] as string);
      JSON.parse(row[6] as string);
    }
    events += rows.length;
  });
  return { events, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
};

/** Every read-model table in a canonical order (json as its text, jsonb and tsvector in their canonical text). */
const QUERIES: Record<string, string> = {
  documents: 'SELECT collection, marketplace_id, id, created_at, body::text, fields::text, position FROM documents ORDER BY collection, marketplace_id, id',
  document_keys: 'SELECT collection, marketplace_id, key, id FROM document_keys ORDER BY collection, marketplace_id, key',
  document_tombstones: 'SELECT collection, marketplace_id, id, position FROM document_tombstones ORDER BY collection, marketplace_id, id',
  projection_checkpoints: 'SELECT name, position FROM projection_checkpoints ORDER BY name',
  search_listings: `SELECT marketplace_id, id, state, author_id, created_at, price, lat, lng, stock, availability_plan, title_words, description_words,
    text_values, words::text, vals::text FROM search_listings ORDER BY marketplace_id, id`,
  search_versions: 'SELECT marketplace_id, id, position FROM search_versions ORDER BY marketplace_id, id',
  // A state's count that fell to 0 keeps its row live; a rebuild writes none for it.
  search_counts: 'SELECT marketplace_id, state, listings FROM search_counts WHERE listings <> 0 ORDER BY marketplace_id, state',
};

/** A SHA-256 of each table's rows and its row count: equal digests, equal read models. */
export const postgresReadModelDigest = async (url: string): Promise<Record<string, { rows: number; sha256: string }>> => {
  const digest: Record<string, { rows: number; sha256: string }> = {};
  for (const [table, sql] of Object.entries(QUERIES)) {
    const hash = createHash('sha256');
    let count = 0;
    await scan(url, sql, (rows) => {
      for (const row of rows) hash.update(`${JSON.stringify(row)}\n`);
      count += rows.length;
    });
    digest[table] = { rows: count, sha256: hash.digest('hex') };
  }
  return digest;
};
