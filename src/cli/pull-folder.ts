import { existsSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';

/** `--force` of every pull (assets, processes): the one rule for writing into a folder. */
export const FORCE_OPTION = ['--force', 'write into a folder that is not empty (files pulled are replaced, others left alone)'] as const;

/**
 * Where a pull writes: a folder that does not exist or is empty, or any folder with `--force`. A pull never
 * overwrites files silently. Returns the absolute path.
 */
export const pullTarget = (dir: string, force: boolean): string => {
  const target = resolve(dir);
  if (!force && existsSync(target) && readdirSync(target).length > 0) throw new Error(`${target} is not empty (use --force).`);
  return target;
};
