import type { INestApplicationContext } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Command } from 'commander';
import { CommandRunner } from '../event-sourcing/command-runner';
import { CLOCK, type Clock } from '../shared/clock';
import { operatorContext } from '../shared/command-context';
import { ChangeProcessCommand, ProcessChangeResult } from '../transactions/commands/process.handlers';
import { aliasedVersion, aliasesOf, versionOf } from '../transactions/domain/process.decider';
import { readProcessFolder, writeProcessFolder } from '../transactions/process-files';
import { TransactionReads } from '../transactions/queries/transaction-reads';
import { processStream } from '../transactions/transaction-streams';
import { output, withCli } from './cli-context';
import { positiveInteger } from './numeric-options';
import { FORCE_OPTION, pullTarget } from './pull-folder';

/**
 * `process list|create|push|pull|create-alias|update-alias|delete-alias`: the platform CLI's process commands
 * over this server's stores. Each returns the text it prints, so tests drive them without a child process.
 */
export const processCli = (app: INestApplicationContext) => {
  const change = (marketplaceId: string, name: string, c: ChangeProcessCommand['change']) =>
    app.get(CommandBus).execute<ChangeProcessCommand, ProcessChangeResult>(new ChangeProcessCommand(operatorContext(marketplaceId, app.get<Clock>(CLOCK).now()), name, c));
  const state = (marketplaceId: string, name: string) => app.get(CommandRunner).state(processStream(marketplaceId, name));
  const warnings = (w: string[]) => w.map((x) => `Warning: ${x}`);

  return {
    async list(marketplaceId: string, name?: string): Promise<{ rows: unknown[]; text: string }> {
      const reads = app.get(TransactionReads);
      if (!name) {
        const { items } = await reads.processes(marketplaceId);
        const rows = items.map((p) => ({ name: p.name, latestVersion: p.versions.at(-1)?.version ?? null, aliases: p.aliases }));
        return { rows, text: rows.map((r) => `${r.name.padEnd(28)} version ${String(r.latestVersion).padEnd(4)} ${Object.entries(r.aliases).map(([a, v]) => `${a}→${v}`).join(' ')}`).join('\n') || 'No processes.' };
      }
      const s = await state(marketplaceId, name);
      if (s.versions.length === 0) throw new Error(`No process ${name}.`);
      const rows = await Promise.all(
        s.versions.map(async (v) => {
          const count = await reads.transactions(marketplaceId, { where: [{ field: 'processName', op: 'eq', value: name }, { field: 'processVersion', op: 'eq', value: v.version }] }, { offset: 0, limit: 1 });
          return { version: v.version, createdAt: v.createdAt, aliases: aliasesOf(s, v.version), transactionCount: count.total };
        }),
      );
      return { rows, text: rows.map((r) => `${String(r.version).padEnd(4)} ${r.createdAt}  ${r.aliases.join(',').padEnd(20)} ${r.transactionCount} transactions`).join('\n') };
    },

    async create(marketplaceId: string, name: string, path: string): Promise<string> {
      const content = readProcessFolder(path);
      await change(marketplaceId, name, { type: 'create', edn: content.edn, definition: content.definition, templates: content.templates });
      return [...warnings(content.warnings), `Process ${name} created (version 1).`].join('\n');
    },

    async push(marketplaceId: string, name: string, path: string): Promise<string> {
      const content = readProcessFolder(path);
      const result = await change(marketplaceId, name, { type: 'create-version', edn: content.edn, definition: content.definition, templates: content.templates });
      const line = result.result === 'created' ? `Version ${result.version} of ${name} created.` : `No changes: ${name} is unchanged, no version created.`;
      return [...warnings(content.warnings), line].join('\n');
    },

    async pull(marketplaceId: string, name: string, path: string, which: { version?: number; alias?: string; force?: boolean }): Promise<string> {
      path = pullTarget(path, which.force ?? false);
      const s = await state(marketplaceId, name);
      const version = which.alias !== undefined ? aliasedVersion(s, which.alias) : versionOf(s, which.version ?? s.versions.at(-1)?.version ?? 0);
      if (!version) throw new Error(`Process ${name} has no ${which.alias !== undefined ? `alias ${which.alias}` : `version ${which.version ?? '(none)'}`}.`);
      writeProcessFolder(path, version);
      return `Version ${version.version} of ${name} written to ${path}.`;
    },

    async alias(marketplaceId: string, name: string, type: 'create-alias' | 'update-alias', alias: string, version: number): Promise<string> {
      await change(marketplaceId, name, { type, alias, version });
      return `Alias ${name}/${alias} points at version ${version}.`;
    },

    async deleteAlias(marketplaceId: string, name: string, alias: string): Promise<string> {
      await change(marketplaceId, name, { type: 'delete-alias', alias });
      return `Alias ${name}/${alias} deleted.`;
    },
  };
};

export const registerProcessCommands = (program: Command): void => {
  const processes = program.command('process').description('transaction processes: versions (process.edn and email templates) and aliases');
  const run = (work: (cli: ReturnType<typeof processCli>) => Promise<string>) => withCli(async ({ app }) => console.log(await work(processCli(app))));

  processes
    .command('list')
    .description("list a marketplace's processes, or one process's versions")
    .requiredOption('-m, --marketplace <id>', 'marketplace id')
    .option('--process <name>', 'list the versions of this process')
    .option('--json', 'machine-readable output', false)
    .action((o: { marketplace: string; process?: string; json: boolean }) =>
      withCli(async ({ app }) => {
        const { rows, text } = await processCli(app).list(o.marketplace, o.process);
        output(o.json, rows, () => text);
      }),
    );
  processes
    .command('create')
    .description('create a process from a folder with process.edn and templates/')
    .requiredOption('-m, --marketplace <id>', 'marketplace id')
    .requiredOption('--process <name>', 'process name')
    .requiredOption('--path <dir>', 'process folder')
    .action((o: { marketplace: string; process: string; path: string }) => run((cli) => cli.create(o.marketplace, o.process, o.path)));
  processes
    .command('push')
    .description('push a new version of a process (nothing when unchanged)')
    .requiredOption('-m, --marketplace <id>', 'marketplace id')
    .requiredOption('--process <name>', 'process name')
    .requiredOption('--path <dir>', 'process folder')
    .action((o: { marketplace: string; process: string; path: string }) => run((cli) => cli.push(o.marketplace, o.process, o.path)));
  processes
    .command('pull')
    .description('write a version (by --version or --alias; default the latest) to a folder')
    .requiredOption('-m, --marketplace <id>', 'marketplace id')
    .requiredOption('--process <name>', 'process name')
    .requiredOption('--path <dir>', 'target folder')
    .option('--version <n>', 'version number', positiveInteger)
    .option('--alias <alias>', 'alias')
    .option(...FORCE_OPTION, false)
    .action((o: { marketplace: string; process: string; path: string; version?: number; alias?: string; force: boolean }) =>
      run((cli) => cli.pull(o.marketplace, o.process, o.path, { version: o.version, alias: o.alias, force: o.force })),
    );
  for (const type of ['create-alias', 'update-alias'] as const)
    processes
      .command(type)
      .description(type === 'create-alias' ? 'create an alias pointing at a version' : 'point an alias at another version')
      .requiredOption('-m, --marketplace <id>', 'marketplace id')
      .requiredOption('--process <name>', 'process name')
      .requiredOption('--version <n>', 'version number', positiveInteger)
      .requiredOption('--alias <alias>', 'alias')
      .action((o: { marketplace: string; process: string; version: number; alias: string }) => run((cli) => cli.alias(o.marketplace, o.process, type, o.alias, o.version)));
  processes
    .command('delete-alias')
    .description('delete an alias')
    .requiredOption('-m, --marketplace <id>', 'marketplace id')
    .requiredOption('--process <name>', 'process name')
    .requiredOption('--alias <alias>', 'alias')
    .action((o: { marketplace: string; process: string; alias: string }) => run((cli) => cli.deleteAlias(o.marketplace, o.process, o.alias)));
};
