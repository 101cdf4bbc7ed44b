import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * `DATA_DIR/server.pid` while a server runs over the folder: commands that must not run beside it (`rebuild`
 * drops the read models the server answers from) refuse unless forced. A file left by a killed server names a
 * process that no longer exists and is ignored.
 */
const lockFile = (dataDir: string) => join(dataDir, 'server.pid');

export const holdServerLock = (dataDir: string): (() => void) => {
  writeFileSync(lockFile(dataDir), `${process.pid}\n`);
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
