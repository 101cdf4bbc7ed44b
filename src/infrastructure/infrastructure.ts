import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ALL_PROJECTIONS } from '../../projections/registry';
import { CatchUpProjectionEngine, InlineProjectionEngine, ProjectionEngine } from '../../projections/projection-engine';
import type { BlobStore } from '../blobs/blob-store.port';
import { FilesystemBlobStore } from '../blobs/filesystem-blob-store';
import { S3BlobStore } from '../blobs/s3-blob-store';
import type { Config } from '../config';
import { CommandRunner } from '../event-sourcing/command-runner';
import type { EventStore } from '../event-store/event-store.port';
import { KurrentDbEventStore } from '../event-store/kurrentdb-event-store';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import type { Mailer } from '../mail/mailer.port';
import { OutboxMailer } from '../mail/outbox-mailer';
import { SmtpMailer } from '../mail/smtp-mailer';
import type { DocumentStore } from '../read-models/document-store.port';
import { systemClock } from '../shared/clock';
import type { ListingSearch } from '../search/listing-search.port';
import { isEmbedded, openReadModels } from '../search/search-read-model';
import type { Projection } from '../event-sourcing/projection';

export interface Infrastructure {
  config: Config;
  events: EventStore;
  documents: DocumentStore;
  search: ListingSearch;
  blobs: BlobStore;
  mailer: Mailer;
  projections: ProjectionEngine;
  /** The one write path: every command's load, decide and append. */
  runner: CommandRunner;
  close(): Promise<void>;
}

export const openSqlite = (config: Config): Database.Database => {
  mkdirSync(config.dataDir, { recursive: true });
  const db = new Database(join(config.dataDir, 'marketplace.db'));
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${config.sqliteSynchronous}`);
  db.pragma('busy_timeout = 5000');
  // 64 MiB of page cache (default 2 MiB): listing search reads index and row pages at random.
  db.pragma('cache_size = -65536');
  db.pragma('foreign_keys = ON');
  return db;
};

/** Blobs: the S3-compatible bucket when BLOB_S3_BUCKET is set, otherwise files under `DATA_DIR/blobs`. */
export const openBlobStore = (config: Config): BlobStore =>
  config.blobS3 ? new S3BlobStore(config.blobS3) : new FilesystemBlobStore(join(config.dataDir, 'blobs'));

/** Mail: SMTP when SMTP_URL is set, otherwise the outbox under `DATA_DIR/outbox` (listed by the CLI). */
export const openMailer = (config: Config): Mailer =>
  config.smtpUrl ? new SmtpMailer(config.smtpUrl, config.mailFrom) : new OutboxMailer(join(config.dataDir, 'outbox'), systemClock);

/**
 * The composition root of the stores: each port gets its embedded adapter unless its production URL is set.
 * When both live in the one SQLite file, projections run inside the append transaction.
 */
export const openInfrastructure = async (
  config: Config,
  projections: readonly Projection[] = ALL_PROJECTIONS,
): Promise<Infrastructure> => {
  const db = !config.eventStoreUrl || !config.elasticsearchUrl ? openSqlite(config) : null;
  const events: EventStore = config.eventStoreUrl ? new KurrentDbEventStore(config.eventStoreUrl) : new SqliteEventStore(db!);
  const readModels = openReadModels(config, db);
  const { documents, search } = readModels;
  const engine: ProjectionEngine =
    events instanceof SqliteEventStore && isEmbedded(readModels)
      ? new InlineProjectionEngine(events, readModels, projections)
      : new CatchUpProjectionEngine(events, readModels, projections);
  await engine.start();
  const blobs = openBlobStore(config);
  return {
    config,
    events,
    documents,
    search,
    blobs,
    mailer: openMailer(config),
    projections: engine,
    runner: new CommandRunner(events, engine),
    close: async () => {
      await engine.stop();
      await events.close();
      await documents.close();
      await search.close();
      await blobs.close();
      db?.close();
    },
  };
};
