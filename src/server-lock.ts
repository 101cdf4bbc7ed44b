import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * `DATA_DIR/server.pid` while a server runs over the folder: a second server over it is refused, and commands
 * that must not run beside it (`rebuild` drops the read models the server answers from) refuse unless forced.
 * A file left by a killed server names a process that no longer exists and is ignored.
 */
const lockFile = (dataDir: string) => join(dataDir, 'server.pid');

/** Thrown when another live server holds the folder. */
export class ServerLockHeld extends Error {
  constructor(
    readonly pid: number,
    dataDir: string,
  ) {
    super(`Another server (pid ${pid}) is running over ${dataDir}. Stop it first, or set DATA_DIR to another folder.`);
  }
}

/**
 * Takes the folder for this process: created exclusively, so of two servers starting at once one wins; a stale
 * file (its process is gone) is replaced. Returns the release, which removes the file only while it is ours.
 */
export const holdServerLock = (dataDir: string): (() => void) => {
  for (;;) {
    try {
      writeFileSync(lockFile(dataDir), `${process.pid}\n`, { flag: 'wx', mode: 0o600 });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = runningServer(dataDir);
      if (holder !== null) throw new ServerLockHeld(holder, dataDir);
      rmSync(lockFile(dataDir), { force: true });
    }
  }
  return () => {
    try {
      if (readFileSync(lockFile(dataDir), 'utf8').trim() === String(process.pid)) rmSync(lockFile(dataDir));
    } catch {
      // already gone
    }
  };
};

/** The pid of a live server over this folder, or null. */
export const runningServer = (dataDir: string): number | null => {
  if (!existsSync(lockFile(dataDir))) return null;
  const pid = Number(readFileSync(lockFile(dataDir), 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
};
