import { CommandBus } from '@nestjs/cqrs';
import type { Command } from 'commander';
import { CreatedMarketplace, CreateMarketplaceCommand } from '../marketplaces/commands/create-marketplace.handler';
import { MarketplaceDirectory } from '../marketplaces/marketplace-directory';
import { output, withCli } from './cli-context';

export const registerMarketplaceCommands = (program: Command): void => {
  const marketplace = program.command('marketplace').description('create and list marketplaces and their API applications');

  marketplace
    .command('create')
    .description('create a marketplace with a Marketplace API and an Integration API application (secrets are shown once)')
    .requiredOption('--name <name>', 'marketplace name')
    .option('--require-user-approval', 'new users start as pendingApproval', false)
    .option('--require-listing-approval', 'new listings start as pendingApproval', false)
    .option('--json', 'machine-readable output', false)
    .action(async (opts: { name: string; requireUserApproval: boolean; requireListingApproval: boolean; json: boolean }) =>
      withCli(async ({ app }) => {
        const created = await app
          .get(CommandBus)
          .execute<CreateMarketplaceCommand, CreatedMarketplace>(
            new CreateMarketplaceCommand(opts.name, { requireUserApproval: opts.requireUserApproval, requireListingApproval: opts.requireListingApproval }),
          );
        output(opts.json, created, () =>
          [
            `Created marketplace "${created.name}" ${created.marketplaceId}`,
            `  Marketplace API  client id ${created.marketplaceClient.clientId}  secret ${created.marketplaceClient.clientSecret}`,
            `  Integration API  client id ${created.integrationClient.clientId}  secret ${created.integrationClient.clientSecret}`,
            'Keep the secrets: only their hashes are stored.',
          ].join('\n'),
        );
      }, { create: true }),
    );

  marketplace
    .command('list')
    .description('list every marketplace')
    .option('--json', 'machine-readable output', false)
    .action(async (opts: { json: boolean }) =>
      withCli(async ({ app }) => {
        const directory = app.get(MarketplaceDirectory);
        const rows = await Promise.all(
          (await directory.list()).map(async (id) => {
            const state = await directory.state(id);
            return { marketplaceId: id, name: state.name, createdAt: state.createdAt, settings: state.settings };
          }),
        );
        output(opts.json, rows, () => rows.map((r) => `${r.marketplaceId}  ${r.name}  (created ${r.createdAt})`).join('\n') || 'No marketplaces.');
      }),
    );
};
