import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The folder of the package's package.json, whether the code runs from src (tests) or dist (npm start). */
export const packageRoot = (from: string): string => {
  for (let dir = from; dir !== dirname(dir); dir = dirname(dir)) if (existsSync(join(dir, 'package.json'))) return dir;
  return process.cwd();
};
