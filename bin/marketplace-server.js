#!/usr/bin/env node
// The operator CLI, run from the build (dist/). In a source checkout it first rebuilds when a file under src/ or
// projections/ is newer than the build: MARKETPLACE_CLI_BUILD=never skips that check (the build is used as it is),
// =always forces a build. The build's own output goes to stderr: stdout carries only the command's output, so
// `--json` can be parsed. In the Docker image there are no sources and it never builds.
const { existsSync, readdirSync, statSync } = require('node:fs');
const { join } = require('node:path');
const { spawnSync } = require('node:child_process');

const root = join(__dirname, '..');
const entry = join(root, 'dist', 'src', 'cli', 'main.js');
const mode = process.env.MARKETPLACE_CLI_BUILD || 'auto';

const newest = (dir) =>
  readdirSync(dir, { withFileTypes: true }).reduce((t, e) => {
    const path = join(dir, e.name);
    return Math.max(t, e.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }, 0);

const sources = ['src', 'projections'].map((d) => join(root, d)).filter((d) => existsSync(d));
const inCheckout = sources.length > 0 && existsSync(join(root, 'tsconfig.build.json'));
const stale = () => !existsSync(entry) || Math.max(...sources.map(newest)) > statSync(entry).mtimeMs;

if (mode !== 'never' && inCheckout && (mode === 'always' || stale())) {
  // The server's build only: the console's page is not the CLI's business (npm run build makes both).
  process.stderr.write('marketplace-server: the sources changed since the last build; building (npm run build:server)…\n');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const built = spawnSync(npm, ['run', '--silent', 'build:server'], { cwd: root, stdio: ['ignore', 2, 2] });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
if (!existsSync(entry)) {
  process.stderr.write('marketplace-server: no build (dist/src/cli/main.js); run `npm run build` first.\n');
  process.exit(1);
}
require(entry);
