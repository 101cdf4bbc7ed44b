import Database, { Statement } from 'better-sqlite3';
import { shapeVersionInText } from '../shared/event-shapes';
import { decodeStoredFast } from '../shared/stored-json-reader';
import { storedMemberPresence, storedMemberString, storedMemberText } from '../shared/stored-json-text';
import type { EventMetadata, RecordedEvent } from './event-store.port';

/**
 * A raw read of the embedded log (the `events` table of src/event-store/sqlite-event-store.ts) for bulk work such
 * as a rebuild: chunks of rows through one prepared statement, each event decoded only when asked, by the bulk
 * reader (src/shared/stored-json-reader.ts). A rebuild decodes only the events some projection reads, and stores
 * a resource it keeps as a document from the event's own text (`resourceText`) instead of encoding it again.
 */
export interface ScannedEvent extends RecordedEvent {
  /** The stored text of `metadata.resource` when it is an object or array, else null (src/shared/stored-json-text.ts). */
  readonly resourceText: string | null;
  /** A plain string member of the metadata (an id), or of its members, read without decoding it; null if it is not one. */
  metadataString(...path: string[]): string | null;
  /** Whether the data has a member, read without decoding it; undefined when only decoding tells. */
  dataHas(name: string): boolean | undefined;
}

/** A row of the events table, as read. */
export type LogRow = [position: number, id: string, streamId: string, revision: number, type: string, data: string, metadata: string];

export class SqliteLogScan {
  private readonly windowQuery: Statement;
  private readonly previousQuery: Statement;

  /**
   * A scan of the log of `db` through a read-only connection of its own when the log is a file: a scan of the
   * whole log through the writer's connection would push the pages the writer works on out of their shared page
   * cache every few chunks.
   */
  static beside(db: Database.Database): SqliteLogScan {
    return db.memory ? new SqliteLogScan(db, false) : new SqliteLogScan(new Database(db.name, { readonly: true, fileMustExist: true }), true);
  }

  constructor(
    private readonly reader: Database.Database,
    private readonly ownsReader = false,
  ) {
    // Raw rows (arrays) are cheaper to build than objects; only the columns a RecordedEvent needs.
    this.windowQuery = reader
      .prepare('SELECT position, id, stream_id, revision, type, data, metadata FROM events WHERE position > ? AND position <= ? ORDER BY position')
      .raw(true);
    this.previousQuery = reader.prepare('SELECT max(position) FROM events WHERE position <= ?').pluck();
  }

  /**
   * The events up to `until`, newest first, in chunks of the positions (`window`, …, until]. Each chunk is read
   * oldest first, so the file is read forwards, as the OS reads ahead, and is reversed here. Between chunks no
   * statement of the connection runs, so the caller may write through it (better-sqlite3 forbids that during an
   * iteration). An event is a ScannedEvent only once the caller asks (`scannedEvent`), so its decoded values die
   * young.
   */
  *newestFirst(until: number, window: number): Generator<LogRow[]> {
    for (let to: number | null = until; to !== null && to > 0; ) {
      const rows = this.windowQuery.all(to - window, to) as LogRow[];
      if (rows.length > 0) yield rows.reverse();
      // Positions are consecutive row ids, but a gap (an insert rolled back) must not end the scan.
      to = rows.length > 0 ? to - window : (this.previousQuery.get(to - window) as number | null);
    }
  }

  close(): void {
    if (this.ownsReader) this.reader.close();
  }
}

/** An event of a row; data, metadata and the resource's text are decoded or found on first access, once. */
export const scannedEvent = (row: LogRow): ScannedEvent => new Scanned(row);

const UNREAD = Symbol('unread');

/**
 * A class, not an object literal with getters: a literal's getters are new closures for every event, and V8 gives
 * each such object a map of its own (old-generation garbage that made every scavenge slow).
 */
class Scanned implements ScannedEvent {
  readonly position: number;
  readonly id: string;
  readonly streamId: string;
  readonly revision: number;
  readonly type: string;
  private decodedData: unknown = UNREAD;
  private decodedMetadata: EventMetadata | undefined;
  private foundResourceText: string | null | undefined;
  private askedFirst: string | undefined;
  private answeredFirst: string | null = null;
  private askedSecond: string | undefined;
  private answeredSecond: string | null = null;

  constructor(private readonly row: LogRow) {
    [this.position, this.id, this.streamId, this.revision, this.type] = row;
  }

  get data(): unknown {
    if (this.decodedData === UNREAD) this.decodedData = decodeStoredFast(this.row[5]);
    return this.decodedData;
  }

  get metadata(): EventMetadata {
    this.decodedMetadata ??= decodeStoredFast<EventMetadata>(this.row[6]);
    return this.decodedMetadata;
  }

  get storedShapeVersion(): number | undefined {
    return shapeVersionInText(this.row[6]);
  }

  metadataString(...path: string[]): string | null {
    if (path.length !== 1) return storedMemberString(this.row[6], ...path);
    // The skip checks of the projections reading an event ask for the same ids: the last two answers are kept.
    const [name] = path;
    if (name === this.askedFirst) return this.answeredFirst;
    if (name === this.askedSecond) return this.answeredSecond;
    this.askedSecond = this.askedFirst;
    this.answeredSecond = this.answeredFirst;
    this.askedFirst = name;
    this.answeredFirst = storedMemberString(this.row[6], name);
    return this.answeredFirst;
  }

  dataHas(name: string): boolean | undefined {
    return storedMemberPresence(this.row[5], name) ?? undefined;
  }

  get resourceText(): string | null {
    if (this.foundResourceText === undefined) this.foundResourceText = storedMemberText(this.row[6], 'resource');
    return this.foundResourceText;
  }
}
