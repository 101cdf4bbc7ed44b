/**
 * The composition root: the one place that chooses adapters and starts what runs in the background. Read this file
 * to see what runs embedded and what in production.
 *
 * | Part                   | Embedded (default, zero set-up)                        | PostgreSQL (DATABASE_URL), one database       | KurrentDB / Elasticsearch                    | Chosen by           |
 * |------------------------|--------------------------------------------------------|-----------------------------------------------|----------------------------------------------|---------------------|
 * | Event log              | SqliteEventStore, DATA_DIR/marketplace.db              | PostgresEventStore                            | KurrentDbEventStore (KurrentDB 25.1+)        | EVENTSTORE_URL      |
 * | Read models            | SqliteDocumentStore + SqliteListingSearch, same file   | PostgresDocumentStore + PostgresListingSearch | Elasticsearch document store + listing search| ELASTICSEARCH_URL   |
 * | Projections            | InlineProjectionEngine: inside the append transaction  | PostgresInlineProjectionEngine: the same      | CatchUpProjectionEngine on the lease holder; commands wait for it| both of the above   |
 * | Consumer checkpoints   | SqliteConsumerCheckpoints, same file                   | PostgresConsumerCheckpoints                   | KurrentDbConsumerCheckpoints                 | EVENTSTORE_URL      |
 * | Reactors, scheduler    | in the server process (never in the CLI)               | on the instance holding each one's lease      | the same                                     |                     |
 * | Worker leases          | InProcessLeases (one server per file: server.pid)      | PostgresWorkerLeases: session advisory locks  | KurrentDbWorkerLeases: lease streams         | both of the above   |
 * | Blobs                  | files under DATA_DIR/blobs                             | an S3-compatible bucket                      | BLOB_S3_BUCKET      |
 * | Mail                   | outbox under DATA_DIR/outbox (CLI `mail`)              | SMTP                                         | SMTP_URL            |
 *
 * DATABASE_URL puts every store on PostgreSQL and excludes EVENTSTORE_URL and ELASTICSEARCH_URL (refused at start).
 * The Nest side (src/core.module.ts) binds these to the DI tokens that sit next to their ports.
 */
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { ownerOnlyFile } from '../event-store/owner-only-file';
import { join } from 'node:path';
import { ALL_PROJECTIONS } from '../../projections/registry';
import { CatchUpProjectionEngine, InlineProjectionEngine, isEmbedded, ProjectionEngine, ReadModelStores } from '../../projections/projection-engine';
import type { BlobStore } from '../blobs/blob-store.port';
import { FilesystemBlobStore } from '../blobs/filesystem-blob-store';
import { Config, StartupRefusal } from '../config';
import { PostgresInlineProjectionEngine } from '../../projections/postgres-inline-engine';
import { PostgresConsumerCheckpoints } from '../event-sourcing/postgres-consumer-checkpoints';
import { PostgresEventStore } from '../event-store/postgres-event-store';
import { PostgresDocumentStore } from '../read-models/postgres-document-store';
import { PostgresListingSearch } from '../search/postgres-listing-search';
import { PostgresDatabase } from './postgres-database';
import { CommandRunner } from '../event-sourcing/command-runner';
import type { ConsumerCheckpoints } from '../event-sourcing/consumer-checkpoints.port';
import { type Projection, scalarIndexesOf } from '../event-sourcing/projection';
import { elasticsearch, kurrentDb, s3, smtp } from './production-adapters';
import type { Reactor } from '../event-sourcing/reactor';
import { ReactorEngine } from '../event-sourcing/reactor-engine';
import { ScheduledCommands, Scheduler } from '../event-sourcing/scheduler';
import { LeasedWorker } from '../event-sourcing/leased-worker';
import { InProcessLeases, WorkerLeases } from '../event-sourcing/worker-leases.port';
import { PostgresWorkerLeases } from '../event-sourcing/postgres-worker-leases';
import { SqliteConsumerCheckpoints } from '../event-sourcing/sqlite-consumer-checkpoints';
import type { EventStore } from '../event-store/event-store.port';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import { ShapedEventStore } from '../event-store/shaped-event-store';
import { ALL_EVENT_SHAPES } from './event-shapes.registry';
import { WalGroupCommit } from '../event-store/wal-group-commit';
import { Snapshots } from '../event-sourcing/snapshots';
import type { Mailer } from '../mail/mailer.port';
import { OutboxMailer } from '../mail/outbox-mailer';
import { PostgresOutboxMailer } from '../mail/postgres-outbox-mailer';
import type { DocumentStore } from '../read-models/document-store.port';
import { SqliteDocumentStore } from '../read-models/sqlite-document-store';
import type { ListingSearch } from '../search/listing-search.port';
import { SqliteListingSearch } from '../search/sqlite-listing-search';
import { Clock, systemClock } from '../shared/clock';
import { WebhookDelivery } from '../webhooks/webhook-delivery';

/** Reactors and the scheduler: the log's consumers that act (the server runs them; the CLI does not). */
export interface BackgroundWork {
  reactors: ReactorEngine;
  scheduler: Scheduler;
  /** Runs the scheduler on the one instance that holds its lease. */
  schedulerLease: LeasedWorker;
  /** Webhook delivery (src/webhooks), on the one instance that holds the `webhooks` lease. */
  webhooks: WebhookDelivery;
  webhooksLease: LeasedWorker;
  /** Resolves once every reactor has handled the log up to now and no due job is left (tests). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

export interface Infrastructure extends ReadModelStores {
  config: Config;
  /** The log, every event in its current shape (its adapter, as stored, is `events.stored`). */
  events: ShapedEventStore;
  documents: DocumentStore;
  search: ListingSearch;
  blobs: BlobStore;
  mailer: Mailer;
  projections: ProjectionEngine;
  /** Where reactors keep their positions: apart from the read models, so a rebuild never replays side effects. */
  checkpoints: ConsumerCheckpoints;
  /** Which instance runs each background worker when several share the store. */
  leases: WorkerLeases;
  /** The one write path: every command's load, decide and append. */
  runner: CommandRunner;
  /** Set once the server starts its background work. */
  background: BackgroundWork | null;
  close(): Promise<void>;
}

export const openSqlite = (config: Config): Database.Database => {
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  ownerOnlyFile(join(config.dataDir, 'marketplace.db'));
  const db = new Database(join(config.dataDir, 'marketplace.db'));
  db.pragma('journal_mode = WAL');
  // FULL is kept by group commit (src/event-store/wal-group-commit.ts): the connection only writes the WAL and the
  // event store flushes it off the event loop, one flush for every command that committed meanwhile.
  db.pragma(`synchronous = ${config.sqliteSynchronous === 'FULL' ? 'NORMAL' : config.sqliteSynchronous}`);
  db.pragma('busy_timeout = 5000');
  // 64 MiB of page cache (default 2 MiB): listing search reads index and row pages at random.
  db.pragma('cache_size = -65536');
  db.pragma('foreign_keys = ON');
  return db;
};

/** With SQLITE_SYNCHRONOUS=FULL, appends are flushed by group commit; otherwise as SQLite's setting says. */
const groupCommitOf = (config: Config, db: Database.Database): WalGroupCommit | null =>
  config.sqliteSynchronous === 'FULL' ? new WalGroupCommit(`${db.name}-wal`) : null;

/** The read-model stores: Elasticsearch for both when ELASTICSEARCH_URL is set, otherwise the SQLite file. */
export const openReadModels = (config: Config, db: Database.Database | null): { documents: DocumentStore; search: ListingSearch } => {
  if (config.elasticsearchUrl) {
    const options = { node: config.elasticsearchUrl, indexPrefix: config.elasticsearchIndexPrefix };
    const { ElasticsearchDocumentStore, ElasticsearchListingSearch } = elasticsearch();
    return { documents: new ElasticsearchDocumentStore(options), search: new ElasticsearchListingSearch(options) };
  }
  // Every projection's indexes, whichever projections this process runs: the file's indexes do not depend on who opened it.
  return { documents: new SqliteDocumentStore(db!, scalarIndexesOf(ALL_PROJECTIONS)), search: new SqliteListingSearch(db!) };
};

/** Reactor checkpoints: beside the log (KurrentDB streams) or in the SQLite file. */
export const openConsumerCheckpoints = (config: Config, db: Database.Database | null): ConsumerCheckpoints =>
  config.eventStoreUrl ? new (kurrentDb().KurrentDbConsumerCheckpoints)(config.eventStoreUrl) : new SqliteConsumerCheckpoints(db!);

/** Blobs: the S3-compatible bucket when BLOB_S3_BUCKET is set, otherwise files under `DATA_DIR/blobs`. */
export const openBlobStore = (config: Config): BlobStore =>
  config.blobS3 ? new (s3().S3BlobStore)(config.blobS3) : new FilesystemBlobStore(join(config.dataDir, 'blobs'));

/**
 * Mail: SMTP when SMTP_URL is set (sent idempotency keys remembered under DATA_DIR), otherwise the development
 * outbox: the stores' own when they have one (PostgreSQL: shared by every instance), else files under DATA_DIR.
 */
export const openMailer = (config: Config, storeOutbox: Mailer | null = null): Mailer =>
  config.smtpUrl
    ? new (smtp().SmtpMailer)(config.smtpUrl, config.mailFrom, { sentKeysFile: join(config.dataDir, 'smtp-sent-keys') })
    : (storeOutbox ?? new OutboxMailer(join(config.dataDir, 'outbox'), systemClock));

/**
 * DATABASE_URL puts every store on PostgreSQL; the ports allow no mix with KurrentDB or Elasticsearch (projections
 * run inside the PostgreSQL append transaction), so a mix is refused at start.
 */
const refuseMixedStores = (config: Config): void => {
  if (!config.databaseUrl) return;
  const others = [config.eventStoreUrl && 'EVENTSTORE_URL', config.elasticsearchUrl && 'ELASTICSEARCH_URL'].filter(Boolean);
  if (others.length > 0)
    throw new StartupRefusal(`DATABASE_URL puts every store on PostgreSQL and cannot be combined with ${others.join(' or ')}: unset one or the other.`);
};

/** The stores and the engine of one configuration, before the runner and the rest are wired over them. */
interface Stores {
  events: ShapedEventStore;
  documents: DocumentStore;
  search: ListingSearch;
  checkpoints: ConsumerCheckpoints;
  leases: WorkerLeases;
  engine: ProjectionEngine;
  /** The development mail outbox kept in the stores, where they are shared by instances (PostgreSQL). */
  mailOutbox: Mailer | null;
  /** Closes what the stores share (the SQLite file, the PostgreSQL pool). */
  closeShared(): Promise<void>;
}

/** Every store in one PostgreSQL schema; projections inside the append transaction. */
const openPostgresStores = async (config: Config, projections: readonly Projection[]): Promise<Stores> => {
  const db = await PostgresDatabase.open({
    url: config.databaseUrl!,
    schema: config.databaseSchema,
    statementTimeoutMs: config.databaseStatementTimeoutMs,
    maxConnections: config.databasePoolSize,
  });
  try {
    const stored = await PostgresEventStore.open(db, ALL_EVENT_SHAPES);
    const documents = await PostgresDocumentStore.open(db, scalarIndexesOf(ALL_PROJECTIONS));
    const search = await PostgresListingSearch.open(db);
    const checkpoints = await PostgresConsumerCheckpoints.open(db);
    const engine = new PostgresInlineProjectionEngine(stored, { documents, search }, projections, ALL_EVENT_SHAPES);
    const events = new ShapedEventStore(stored, ALL_EVENT_SHAPES);
    const leases = config.workerLeases === 'process' ? new InProcessLeases() : new PostgresWorkerLeases(db);
    const mailOutbox = await PostgresOutboxMailer.open(db, systemClock);
    return { events, documents, search, checkpoints, leases, engine, mailOutbox, closeShared: () => db.close() };
  } catch (error) {
    await db.close();
    throw error;
  }
};

/** The embedded SQLite file, or KurrentDB and/or Elasticsearch where their URLs are set. */
const openSqliteOrServiceStores = async (config: Config, projections: readonly Projection[]): Promise<Stores> => {
  const db = !config.eventStoreUrl || !config.elasticsearchUrl ? openSqlite(config) : null;
  const stored: EventStore = config.eventStoreUrl ? await kurrentDb().KurrentDbEventStore.connect(config.eventStoreUrl) : new SqliteEventStore(db!, groupCommitOf(config, db!), ALL_EVENT_SHAPES);
  const events = new ShapedEventStore(stored, ALL_EVENT_SHAPES);
  const readModels = openReadModels(config, db);
  // The SQLite file is one server's (server.pid); KurrentDB is shared by every instance that names it.
  const leases = config.eventStoreUrl && config.workerLeases === 'store' ? new (kurrentDb().KurrentDbWorkerLeases)(config.eventStoreUrl) : new InProcessLeases();
  const engine: ProjectionEngine =
    stored instanceof SqliteEventStore && isEmbedded(readModels)
      ? new InlineProjectionEngine(stored, readModels, projections, ALL_EVENT_SHAPES)
      : // Shared read models (Elasticsearch): one instance of several projects, the others follow its checkpoints.
        // Read models in an instance's own SQLite file: each instance projects into its own.
        new CatchUpProjectionEngine(events, readModels, projections, config.elasticsearchUrl ? { leases } : {});
  const checkpoints = openConsumerCheckpoints(config, db);
  return { events, ...readModels, checkpoints, leases, engine, mailOutbox: null, closeShared: async () => void db?.close() };
};

/**
 * Opens every store and the projection engine; the read models are current when it resolves. With the stores in
 * one SQLite file or one PostgreSQL database, projections run inside the append transaction.
 */
export const openInfrastructure = async (config: Config, projections: readonly Projection[] = ALL_PROJECTIONS): Promise<Infrastructure> => {
  refuseMixedStores(config);
  const { events, documents, search, checkpoints, leases, engine, mailOutbox, closeShared } = config.databaseUrl
    ? await openPostgresStores(config, projections)
    : await openSqliteOrServiceStores(config, projections);
  await engine.start();
  const blobs = openBlobStore(config);
  const infra: Infrastructure = {
    config,
    events,
    documents,
    search,
    blobs,
    mailer: openMailer(config, mailOutbox),
    projections: engine,
    checkpoints,
    leases,
    runner: new CommandRunner(events, engine, { snapshots: new Snapshots(documents) }),
    background: null,
    close: async () => {
      await infra.background?.stop();
      await engine.stop();
      await events.close();
      await documents.close();
      await search.close();
      await checkpoints.close();
      await leases.close();
      await blobs.close();
      await closeShared();
    },
  };
  return infra;
};

/**
 * Starts the server's background work: every registered reactor from its checkpoint (a new one from the log's
 * head) and the scheduler, both driven by the clock the server runs on.
 */
export const startBackgroundWork = async (
  infra: Infrastructure,
  work: { reactors: readonly Reactor[]; scheduledCommands: ScheduledCommands; clock?: Clock },
): Promise<BackgroundWork> => {
  const clock = work.clock ?? systemClock;
  const reactors = new ReactorEngine(infra.events, infra.checkpoints, work.reactors, { clock, visibility: infra.projections, leases: infra.leases });
  const scheduler = new Scheduler(infra.runner, infra.documents, clock, work.scheduledCommands, { store: infra.events, visibility: infra.projections });
  // The scheduler's jobs are exactly-once anyway (job/ran is appended with the job's command); the lease keeps the
  // provider calls some commands make before their decision (a transition's payments) to one instance.
  const schedulerLease = new LeasedWorker(infra.leases, 'scheduler', scheduler);
  // One instance delivers webhooks at a time: a POST is never made twice for one attempt by two instances.
  const webhooks = new WebhookDelivery({
    events: infra.events,
    checkpoints: infra.checkpoints,
    documents: infra.documents,
    runner: infra.runner,
    settings: infra.config.webhooks,
    tokenSecret: infra.config.tokenSecret,
    clock,
  });
  const webhooksLease = new LeasedWorker(infra.leases, 'webhooks', webhooks);
  await reactors.start();
  await schedulerLease.start();
  await webhooksLease.start();
  const background: BackgroundWork = {
    reactors,
    scheduler,
    schedulerLease,
    webhooks,
    webhooksLease,
    idle: async () => {
      await scheduler.idle();
      await reactors.idle();
    },
    stop: async () => {
      infra.background = null;
      await webhooksLease.stop();
      await schedulerLease.stop();
      await reactors.stop();
    },
  };
  infra.background = background;
  return background;
};
