import type { PoolClient } from 'pg';
import { from as copyFrom, type CopyStreamQuery } from 'pg-copy-streams';

/**
 * Bulk loads through `COPY … FROM STDIN` (text format): rows go as one tab-separated line each, streamed while the
 * caller makes the next ones. Against `INSERT … SELECT FROM unnest($1::text[], …)`, no value is escaped into an
 * array literal here and parsed out of one there, and the server inserts as the rows arrive.
 */

const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
const SPECIAL = /[\\\t\n\r]/;
const SPECIALS = /[\\\t\n\r]/g;

/** A column value in COPY's text format: `\N` for null; a backslash, tab, newline or carriage return escaped. */
export const copyValue = (value: string | number | null): string => {
  if (value === null) return '\\N';
  if (typeof value === 'number') return String(value);
  // Most values (ids, JSON without escapes) have nothing to escape: a test is cheaper than a replace.
  return SPECIAL.test(value) ? value.replace(SPECIALS, (c) => ESCAPES[c]) : value;
};

/** One row: its values in COPY's text format, tab-separated, ending the line. */
export const copyRow = (values: ReadonlyArray<string | number | null>): string => {
  let line = copyValue(values[0]);
  for (let i = 1; i < values.length; i += 1) line += `\t${copyValue(values[i])}`;
  return `${line}\n`;
};

/**
 * One `COPY <table> (<columns>) FROM STDIN` on a connection of its own, in a transaction of its own, open until
 * `end`: the rows of a whole bulk load go through one statement. The statement timeout is lifted for it (the load
 * lasts as long as the caller takes to make its rows).
 */
export class CopyIn {
  private failure: Error | null = null;

  private constructor(
    private readonly client: PoolClient,
    private readonly stream: CopyStreamQuery,
  ) {
    // The server refused a row (a duplicate key, a bad value): heard at the next write or at the end.
    stream.on('error', (error: Error) => (this.failure ??= error));
  }

  static async open(client: PoolClient, table: string): Promise<CopyIn> {
    await client.query('BEGIN; SET LOCAL statement_timeout = 0');
    return new CopyIn(client, client.query(copyFrom(`COPY ${table} FROM STDIN`)));
  }

  /** Sends rows (copyRow lines); resolves once the connection can take more (the socket drained). */
  async write(rows: string): Promise<void> {
    if (this.failure) throw this.failure;
    if (rows.length === 0 || this.stream.write(rows)) return;
    await new Promise<void>((resolve, reject) => {
      const done = (error?: Error) => {
        this.stream.off('drain', done);
        this.stream.off('error', done);
        if (error) reject(error);
        else resolve();
      };
      this.stream.on('drain', done);
      this.stream.on('error', done);
    });
  }

  /** Ends the COPY and commits its rows. */
  async end(): Promise<void> {
    if (this.failure) throw this.failure;
    await new Promise<void>((resolve, reject) => {
      this.stream.once('error', reject);
      this.stream.end(() => resolve());
    });
    await this.client.query('COMMIT');
  }

  /** Abandons the COPY (CopyFail) and rolls its transaction back; the connection can be released afterwards. */
  async abort(): Promise<void> {
    if (!this.failure && !this.stream.destroyed) {
      await new Promise<void>((resolve) => {
        this.stream.once('error', () => resolve());
        this.stream.once('close', () => resolve());
        this.stream.destroy(new Error('bulk load abandoned'));
      });
    }
    await this.client.query('ROLLBACK').catch(() => undefined);
  }
}
