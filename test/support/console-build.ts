import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The console built from the current sources into a fresh folder (a few seconds with Vite), so a browser test
 * never runs against a stale dist/console (a production build: jest's NODE_ENV=test would give React's development one); the test server serves it through CONSOLE_DIR (config.consoleDir).
 */
export const buildConsole = (): string => {
  const outDir = mkdtempSync(join(tmpdir(), 'console-build-'));
  const root = join(__dirname, '..', '..');
  execFileSync(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', 'console', '--outDir', outDir, '--emptyOutDir'], { cwd: root, stdio: 'pipe', env: { ...process.env, NODE_ENV: 'production' } });
  return outDir;
};
