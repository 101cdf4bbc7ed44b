import Database from 'better-sqlite3';
import { copyFileSync, existsSync, linkSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config';

/**
 * Snapshots of an embedded store (one data folder): the SQLite file, which holds the log, the read models, search,
 * checkpoints, leases and the payment emulator's objects; the blobs; the mail outbox. Kept in
 * `DATA_DIR/snapshots/<name>/`. The token secret stays: tokens keep verifying, and a token of a user the snapshot
 * does not have is refused as any unknown user's is.
 *
 * Blob and outbox files are never changed in place (each is written beside and renamed over), so a snapshot
 * holds hard links to them, not copies: saving and restoring cost one link per file, whatever their size.
 */

const STORE_FILE = 'marketplace.db';
const EVENT_VIEWS_FILE = 'marketplace.event-views.db';
const FOLDERS = ['blobs', 'outbox'] as const;
const MANIFEST = 'snapshot.json';
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export interface SnapshotManifest {
  name: string;
  savedAt: string;
  /** The log's head when saved: how many events a restore brings back. */
  events: number;
  bytes: number;
}

/** An operator's or test runner's mistake (an unknown name, a bad name): a clear line, nothing changed. */
export class SnapshotRefused extends Error {}

const snapshotsFolder = (dataDir: string) => join(dataDir, 'snapshots');
const folderOf = (dataDir: string, name: string) => join(snapshotsFolder(dataDir), name);

/** Why snapshots cannot be taken of this store (a production engine), or null for the embedded store. */
export const storeUnsupported = (config: Config): string | null =>
  config.databaseUrl || config.eventStoreUrl || config.elasticsearchUrl || config.blobS3
    ? 'Snapshots are for the embedded store in development: this store is a production one (DATABASE_URL, EVENTSTORE_URL, ELASTICSEARCH_URL or BLOB_S3_BUCKET is set). Use marketplace export and import.'
    : null;

export const checkSnapshotName = (name: string): void => {
  if (!NAME.test(name)) throw new SnapshotRefused(`A snapshot name is 1 to 64 letters, digits, '.', '_' or '-', starting with a letter or digit; "${name}" is not.`);
};

/** Hard-links every file of `from` into `to` (created), keeping the tree; a file system without links gets copies. */
const linkTree = (from: string, to: string): number => {
  mkdirSync(to, { recursive: true, mode: 0o700 });
  let files = 0;
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) files += linkTree(source, target);
    else if (entry.isFile() && !entry.name.startsWith('.')) {
      try {
        linkSync(source, target);
      } catch {
        copyFileSync(source, target);
      }
      files += 1;
    }
  }
  return files;
};

/**
 * Saves the store's present state under `name`, replacing a snapshot of that name. The database is copied by
 * `VACUUM INTO` through a connection of its own: a consistent copy of what is committed, even beside a server
 * (which holds its requests meanwhile, so that the copy is a point between commands). The snapshot is written
 * beside and renamed into place: a failed save leaves the previous one of that name whole.
 */
export const saveSnapshot = (dataDir: string, name: string, now: Date): SnapshotManifest => {
  checkSnapshotName(name);
  const store = join(dataDir, STORE_FILE);
  if (!existsSync(store)) throw new SnapshotRefused(`No store in ${dataDir} to save.`);
  const partial = join(snapshotsFolder(dataDir), `.${name}.${process.pid}.partial`);
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true, mode: 0o700 });
  try {
    const db = new Database(store, { readonly: true, fileMustExist: true });
    let events: number;
    try {
      db.prepare('VACUUM INTO ?').run(join(partial, STORE_FILE));
      events = (db.prepare('SELECT COALESCE(MAX(position), 0) AS head FROM events').get() as { head: number }).head;
    } finally {
      db.close();
    }
    for (const folder of FOLDERS) if (existsSync(join(dataDir, folder))) linkTree(join(dataDir, folder), join(partial, folder));
    const manifest: SnapshotManifest = { name, savedAt: now.toISOString(), events, bytes: statSync(join(partial, STORE_FILE)).size };
    writeFileSync(join(partial, MANIFEST), JSON.stringify(manifest, null, 2), { mode: 0o600 });
    const target = folderOf(dataDir, name);
    const previous = `${target}.${process.pid}.previous`;
    if (existsSync(target)) renameSync(target, previous);
    renameSync(partial, target);
    rmSync(previous, { recursive: true, force: true });
    return manifest;
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    throw error;
  }
};

export const readSnapshot = (dataDir: string, name: string): SnapshotManifest => {
  checkSnapshotName(name);
  const manifest = join(folderOf(dataDir, name), MANIFEST);
  if (!existsSync(manifest)) {
    const known = listSnapshots(dataDir).map((s) => s.name);
    throw new SnapshotRefused(`No snapshot "${name}" in ${snapshotsFolder(dataDir)}${known.length > 0 ? ` (there are: ${known.join(', ')})` : ''}.`);
  }
  return JSON.parse(readFileSync(manifest, 'utf8')) as SnapshotManifest;
};

export const listSnapshots = (dataDir: string): SnapshotManifest[] => {
  if (!existsSync(snapshotsFolder(dataDir))) return [];
  return readdirSync(snapshotsFolder(dataDir), { withFileTypes: true })
    .filter((e) => e.isDirectory() && NAME.test(e.name) && existsSync(join(folderOf(dataDir, e.name), MANIFEST)))
    .map((e) => JSON.parse(readFileSync(join(folderOf(dataDir, e.name), MANIFEST), 'utf8')) as SnapshotManifest)
    .sort((a, b) => a.name.localeCompare(b.name));
};

export const deleteSnapshot = (dataDir: string, name: string): void => {
  readSnapshot(dataDir, name);
  rmSync(folderOf(dataDir, name), { recursive: true, force: true });
};

/**
 * Puts the store back as it was saved under `name`. The store must be closed (no server over the folder, or the
 * server's own restart: src/emulator-snapshots/restartable-server.ts). The snapshot itself is left as it is: it
 * can be restored again and again.
 */
export const restoreSnapshot = (dataDir: string, name: string): SnapshotManifest => {
  const manifest = readSnapshot(dataDir, name);
  const from = folderOf(dataDir, name);
  const store = join(dataDir, STORE_FILE);
  // The copy is written beside and renamed over the store; the old WAL must go with the old file (SQLite would
  // otherwise replay it over the restored one).
  copyFileSync(join(from, STORE_FILE), `${store}.restoring`);
  for (const suffix of ['-wal', '-shm']) rmSync(`${store}${suffix}`, { force: true });
  renameSync(`${store}.restoring`, store);
  // events/query's encoded views: a cache derived from the log (sqlite-event-views.ts), made again as pages are read.
  for (const suffix of ['', '-wal', '-shm']) rmSync(join(dataDir, `${EVENT_VIEWS_FILE}${suffix}`), { force: true });
  for (const folder of FOLDERS) {
    rmSync(join(dataDir, folder), { recursive: true, force: true });
    if (existsSync(join(from, folder))) linkTree(join(from, folder), join(dataDir, folder));
  }
  return manifest;
};
