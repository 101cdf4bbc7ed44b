import { CommandBus } from '@nestjs/cqrs';
import type { Command } from 'commander';
import { resolve } from 'node:path';
import { readAssetFolder, writeAssetFolder } from '../assets/asset-folder';
import { filesOf, treeAt, versionHistory } from '../assets/asset-history';
import type { PublicationSummary } from '../assets/asset-publication';
import { PublishAssetsCommand } from '../assets/commands/publish-assets.handler';
import { EVENT_STORE, EventStore } from '../event-store/event-store.port';
import { BLOBS, type BlobStore } from '../blobs/blob-store.port';
import { output, withCli } from './cli-context';
import { FORCE_OPTION, pullTarget } from './pull-folder';

const describePush = (s: PublicationSummary, dryRun: boolean): string => {
  const lines = [
    ...s.added.map((p) => `  + ${p}`),
    ...s.modified.map((p) => `  ~ ${p}`),
    ...s.removed.map((p) => `  - ${p}`),
  ];
  if (!s.published) return `No changes: version ${s.version} (#${s.number}) stays the latest (${s.unchanged} files).`;
  const head = dryRun
    ? `Dry run: would publish version #${s.number} (nothing written).`
    : `Published version ${s.version} (#${s.number}); it is now the latest.`;
  return [head, ...lines, `  ${s.added.length} added, ${s.modified.length} changed, ${s.removed.length} removed, ${s.unchanged} unchanged`].join('\n');
};

/** Progress for people, on stderr and only at a terminal: stdout stays the command's output. */
const progress = (line: string): void => {
  if (process.stderr.isTTY) process.stderr.write(`${line}\n`);
};

export const registerAssetCommands = (program: Command): void => {
  const assets = program.command('assets').description("publish, list and download versions of a marketplace's asset tree (Asset Delivery API)");

  assets
    .command('push <dir>')
    .description('publish a folder of JSON assets and images as a new version of the asset tree (files missing from the folder are removed)')
    .requiredOption('-m, --marketplace <id>', 'marketplace id')
    .option('--dry-run', 'only show what would change', false)
    .option('--json', 'machine-readable output', false)
    .action(async (dir: string, opts: { marketplace: string; dryRun: boolean; json: boolean }) =>
      withCli(async ({ app }) => {
        const sources = await readAssetFolder(resolve(dir));
        progress(`publishing ${sources.length} files (images get their variants: this can take seconds)…`);
        const summary = await app
          .get(CommandBus)
          .execute<PublishAssetsCommand, PublicationSummary>(new PublishAssetsCommand(opts.marketplace, sources, { dryRun: opts.dryRun }));
        output(opts.json, { ...summary, dryRun: opts.dryRun }, () => describePush(summary, opts.dryRun));
      }),
    );

  assets
    .command('list')
    .description('list the versions of the asset tree, oldest first, and the one the latest alias points at')
    .requiredOption('-m, --marketplace <id>', 'marketplace id')
    .option('--json', 'machine-readable output', false)
    .action(async (opts: { marketplace: string; json: boolean }) =>
      withCli(async ({ app }) => {
        const versions = await versionHistory(app.get<EventStore>(EVENT_STORE), opts.marketplace);
        const latest = versions.at(-1)?.version ?? null;
        output(opts.json, { latest, versions }, () =>
          versions.length === 0
            ? `Marketplace ${opts.marketplace} has no asset versions.`
            : versions
                .map(
                  (v) =>
                    `#${v.number}  ${v.version}  ${v.publishedAt}  ${v.files} files (+${v.added} ~${v.modified} -${v.removed})${v.latest ? '  <- latest' : ''}`,
                )
                .join('\n'),
        );
      }),
    );

  assets
    .command('pull <dir>')
    .description('write a version of the asset tree (default: latest) to a folder, ready to edit and push again')
    .requiredOption('-m, --marketplace <id>', 'marketplace id')
    .option('--version <version>', 'version id (see assets list)')
    .option(...FORCE_OPTION, false)
    .option('--json', 'machine-readable output', false)
    .action(async (dir: string, opts: { marketplace: string; version?: string; force: boolean; json: boolean }) =>
      withCli(async ({ app }) => {
        const target = pullTarget(dir, opts.force);
        const tree = await treeAt(app.get<EventStore>(EVENT_STORE), opts.marketplace, opts.version);
        if (!tree) throw new Error(`Marketplace ${opts.marketplace} has no asset version ${opts.version ?? '(none published)'}.`);
        progress(`reading version ${tree.version} (#${tree.number})…`);
        const files = await filesOf(tree, opts.marketplace, app.get<BlobStore>(BLOBS));
        await writeAssetFolder(target, files);
        output(opts.json, { version: tree.version, number: tree.number, dir: target, files: files.map((f) => f.path) }, () =>
          `Wrote version ${tree.version} (#${tree.number}), ${files.length} files, to ${target}.`,
        );
      }),
    );
};
