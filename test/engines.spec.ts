import { readFileSync } from 'node:fs';
import { join } from 'node:path';
// semver comes with npm's own tree (no types needed for one function).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { satisfies } = require('semver') as { satisfies(version: string, range: string): boolean };

/** `npm ci` on every supported Node version installs without an engine warning (issue 17, item 10). */
describe('supported Node versions', () => {
  const root = join(__dirname, '..');
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { engines: { node: string } };
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, { optional?: boolean; engines?: { node?: string } | string[] }> };
  const lowest = ['20.12.0', '22.13.0'];

  it('the engines range starts at the versions every dependency accepts', () => {
    for (const v of lowest) expect(satisfies(v, pkg.engines.node)).toBe(true);
  });

  it.each(lowest)('no locked package refuses Node %s', (version) => {
    const refusing = Object.entries(lock.packages)
      // Platform-specific optional binaries (sharp's win32-ia32) install only where they run.
      .filter(([, p]) => !p.optional && p.engines && !Array.isArray(p.engines) && p.engines.node && !satisfies(version, p.engines.node))
      .map(([name, p]) => `${name} ${(p.engines as { node: string }).node}`);
    expect(refusing).toEqual([]);
  });
});
