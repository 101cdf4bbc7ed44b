import { CommandBus } from '@nestjs/cqrs';
import { Command } from 'commander';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { withCli } from '../src/cli/cli-context';
import { registerSearchSchemaCommands } from '../src/cli/search-schema.commands';
import { CreatedMarketplace, CreateMarketplaceCommand } from '../src/marketplaces/commands/create-marketplace.handler';

/** The operator CLI's search-schema commands, run in-process over a data folder of their own. */
describe('operator CLI: search-schema set, unset, list', () => {
  const env = { ...process.env };
  let dir: string;
  let marketplaceId: string;
  let printed: string[];

  const cli = async (...args: string[]) => {
    const program = new Command().exitOverride();
    registerSearchSchemaCommands(program);
    printed = [];
    const log = jest.spyOn(console, 'log').mockImplementation((line: string) => void printed.push(String(line)));
    try {
      await program.parseAsync(['node', 'marketplace-server', ...args]);
    } finally {
      log.mockRestore();
    }
    return printed.join('\n');
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'search-schema-cli-'));
    Object.assign(process.env, { DATA_DIR: dir, BOOTSTRAP_DEV_MARKETPLACE: 'false', SQLITE_SYNCHRONOUS: 'NORMAL' });
    const created = await withCli(({ app }) => app.get(CommandBus).execute<CreateMarketplaceCommand, CreatedMarketplace>(new CreateMarketplaceCommand('CLI')), { create: true });
    marketplaceId = created.marketplaceId;
  });
  afterAll(() => {
    process.env = env;
    rmSync(dir, { recursive: true, force: true });
  });

  it('sets schemas for listings and user profiles, lists them as a table and as JSON, and unsets them', async () => {
    // A new marketplace has the schemas its starter tree's filters need; this test starts from none.
    for (const key of ['listingType', 'categoryLevel1', 'categoryLevel2', 'condition']) await cli('search-schema', 'unset', '--key', key, '--scope', 'public', '-m', marketplaceId);
    await cli('search-schema', 'set', '--key', 'category', '--type', 'enum', '--scope', 'public', '-m', marketplaceId);
    await cli('search-schema', 'set', '--key', 'isPromoted', '--type', 'boolean', '--scope', 'metadata', '--default', 'false', '--doc', 'Promoted', '-m', marketplaceId);
    await cli('search-schema', 'set', '--key', 'tags', '--type', 'multi-enum', '--scope', 'private', '--for', 'userProfile', '--default', 'a,b', '-m', marketplaceId);
    expect(JSON.parse(await cli('search-schema', 'list', '--json', '-m', marketplaceId))).toEqual([
      { schemaFor: 'listing', scope: 'public', key: 'category', type: 'enum' },
      { schemaFor: 'listing', scope: 'metadata', key: 'isPromoted', type: 'boolean', default: false, doc: 'Promoted' },
      { schemaFor: 'userProfile', scope: 'private', key: 'tags', type: 'multi-enum', default: ['a', 'b'] },
    ]);
    expect(await cli('search-schema', 'list', '-m', marketplaceId)).toMatch(/Schema for\s+Scope\s+Key\s+Type\s+Default value\s+Doc\n.*listing\s+public\s+category\s+enum/);
    await cli('search-schema', 'unset', '--key', 'category', '--scope', 'public', '-m', marketplaceId);
    expect(JSON.parse(await cli('search-schema', 'list', '--json', '-m', marketplaceId)).map((s: { key: string }) => s.key)).toEqual(['isPromoted', 'tags']);
  });

  it('refuses what the platform refuses', async () => {
    await expect(cli('search-schema', 'set', '--key', 'x', '--type', 'text', '--scope', 'public', '--for', 'userProfile', '-m', marketplaceId)).rejects.toThrow(/text/);
    await expect(cli('search-schema', 'set', '--key', 'x', '--type', 'enum', '--scope', 'private', '-m', marketplaceId)).rejects.toThrow(/scope/);
    await expect(cli('search-schema', 'set', '--key', 'x', '--type', 'long', '--scope', 'public', '--default', 'ten', '-m', marketplaceId)).rejects.toThrow(/integer/);
    await expect(cli('search-schema', 'set', '--key', 'x', '--type', 'colour', '--scope', 'public', '-m', marketplaceId)).rejects.toThrow(/--type/);
    await expect(cli('search-schema', 'unset', '--key', 'nothing', '--scope', 'public', '-m', marketplaceId)).rejects.toThrow(/No listing search schema/);
    await expect(cli('search-schema', 'list', '-m', '00000000-0000-4000-8000-000000000000')).rejects.toThrow(/No marketplace/);
  });
});
