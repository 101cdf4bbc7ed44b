import type { PoolClient } from 'pg';
import { CopyIn } from '../src/infrastructure/postgres-copy';
import type { PostgresDatabase } from '../src/infrastructure/postgres-database';
import { FINAL_DOCUMENT_TABLES, finalDocumentLines } from '../src/read-models/postgres-document-writes';
import { FINAL_LISTING_TABLES, finalListingLines } from '../src/search/postgres-listing-search';
import type { FinalWrites } from './newest-first';

const TABLES = { ...FINAL_DOCUMENT_TABLES, ...FINAL_LISTING_TABLES };
type Table = keyof typeof TABLES;

/** The tables a load fills. */
export const BULK_LOADED_TABLES = Object.keys(TABLES) as readonly Table[];

/**
 * The storing half of a PostgreSQL bulk rebuild (postgres-bulk-rebuild.ts): a rebuild's final writes, as they
 * come, into the empty tables beside the live ones, each table through one COPY open for the whole load, on a
 * pooled connection of its own (so the server parses and inserts the rows of several tables at once, and each
 * table's rows arrive in one stream). `finish` commits them all; until then nothing of the load is visible.
 */
export class PostgresBulkLoad {
  private constructor(
    private readonly clients: PoolClient[],
    private readonly copies: Record<Table, CopyIn>,
  ) {}

  /** Needs a pooled connection per table (five) besides what else the caller holds. */
  static async open(db: PostgresDatabase): Promise<PostgresBulkLoad> {
    const clients: PoolClient[] = [];
    const copies: Partial<Record<Table, CopyIn>> = {};
    try {
      for (const [table, columns] of Object.entries(TABLES) as Array<[Table, string]>) {
        const client = await db.pool.connect();
        clients.push(client);
        copies[table] = await CopyIn.open(client, columns);
      }
    } catch (error) {
      await Promise.all(Object.values(copies).map((copy) => copy.abort()));
      for (const client of clients) client.release();
      throw error;
    }
    return new PostgresBulkLoad(clients, copies as Record<Table, CopyIn>);
  }

  /** Sends one batch of final writes; resolves once every connection can take more. */
  async store(writes: FinalWrites): Promise<void> {
    const lines: Record<Table, string> = { ...finalDocumentLines(writes.documents, writes.keys), ...finalListingLines(writes.search) };
    await Promise.all((Object.keys(lines) as Table[]).map((table) => this.copies[table].write(lines[table])));
  }

  /** Ends every COPY and commits it. */
  async finish(): Promise<void> {
    try {
      await Promise.all(Object.values(this.copies).map((copy) => copy.end()));
    } catch (error) {
      await this.abort();
      throw error;
    }
    this.release();
  }

  /** Abandons the load: every COPY rolled back. */
  async abort(): Promise<void> {
    await Promise.all(Object.values(this.copies).map((copy) => copy.abort()));
    this.release();
  }

  private release(): void {
    for (const client of this.clients.splice(0)) client.release();
  }
}
