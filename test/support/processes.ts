import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { processCli } from '../../src/cli/processes.commands';
import type { TestServer } from './test-server';

/**
 * Creates a process from its EDN text (and email templates, by name) as the operator CLI does from a folder, and
 * points the alias `release-1` at its first version.
 */
export const installProcess = async (
  server: TestServer,
  name: string,
  edn: string,
  templates: Record<string, { subject: string; html: string }> = {},
): Promise<void> => {
  const dir = mkdtempSync(join(tmpdir(), `process-${name}-`));
  try {
    writeFileSync(join(dir, 'process.edn'), edn);
    for (const [template, { subject, html }] of Object.entries(templates)) {
      mkdirSync(join(dir, 'templates', template), { recursive: true });
      writeFileSync(join(dir, 'templates', template, `${template}-subject.txt`), subject);
      writeFileSync(join(dir, 'templates', template, `${template}-html.html`), html);
    }
    const cli = processCli(server.app);
    await cli.create(server.marketplace.marketplaceId, name, dir);
    await cli.alias(server.marketplace.marketplaceId, name, 'create-alias', 'release-1', 1);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};
