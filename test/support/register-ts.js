// Lets a child process (crash tests, the CLI, servers of their own) run the TypeScript sources as they are,
// compiled on load by @swc/core, the compiler jest already uses: no build step between an edit and a test.
// Compiled files are cached by their content's hash (a suite spawns the CLI dozens of times; each spawn compiled
// the whole tree again), so an edited file is compiled afresh and nothing stale is ever run.
const { transformSync } = require('@swc/core');
const { createHash } = require('node:crypto');
const { mkdirSync, readFileSync, renameSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

const OPTIONS = {
  module: { type: 'commonjs' },
  jsc: { parser: { syntax: 'typescript', decorators: true }, transform: { legacyDecorator: true, decoratorMetadata: true }, target: 'es2022' },
  sourceMaps: 'inline',
};
const CACHE = join(tmpdir(), 'marketplace-register-ts-cache');
mkdirSync(CACHE, { recursive: true });

require.extensions['.ts'] = (module, filename) => {
  const source = readFileSync(filename, 'utf8');
  const key = createHash('sha256').update(filename).update('\0').update(source).update(JSON.stringify(OPTIONS)).digest('hex');
  const cached = join(CACHE, `${key}.js`);
  let code;
  try {
    code = readFileSync(cached, 'utf8');
  } catch {
    code = transformSync(source, { filename, ...OPTIONS }).code;
    // Written whole under another name first: a reader in another process never sees half a file.
    const partial = `${cached}.${process.pid}.tmp`;
    writeFileSync(partial, code);
    renameSync(partial, cached);
  }
  module._compile(code, filename);
};
