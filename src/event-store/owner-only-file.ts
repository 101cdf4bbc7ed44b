import { chmodSync, closeSync, existsSync, openSync } from 'node:fs';

/**
 * Makes a SQLite file readable by its owner only before SQLite opens it: the log and the read models hold
 * password hashes and personal data. SQLite gives the `-wal` and `-shm` files the database file's mode. A file
 * from an older version is made private too; one the process does not own keeps its mode (chmod is refused).
 */
export const ownerOnlyFile = (path: string): void => {
  if (!existsSync(path)) {
    closeSync(openSync(path, 'a', 0o600));
    return;
  }
  try {
    chmodSync(path, 0o600);
  } catch {
    // not ours to change
  }
};
