// Lets a child process (crash tests) run the TypeScript sources as they are, compiled on load by @swc/core, the
// compiler jest already uses: no build step between an edit and a test.
const { transformSync } = require('@swc/core');
const { readFileSync } = require('node:fs');

require.extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(readFileSync(filename, 'utf8'), {
    filename,
    module: { type: 'commonjs' },
    jsc: { parser: { syntax: 'typescript', decorators: true }, transform: { legacyDecorator: true, decoratorMetadata: true }, target: 'es2022' },
    sourceMaps: 'inline',
  });
  module._compile(code, filename);
};
