import { CommandBus } from '@nestjs/cqrs';
import type { Command } from 'commander';
import { CreatedMarketplace, CreateMarketplaceCommand } from '../marketplaces/commands/create-marketplace.handler';
import { IssueClientSecretCommand } from '../marketplaces/commands/issue-client-secret.handler';
import { ApiClientDirectory } from '../marketplaces/api-client-directory';
import { MarketplaceDirectory } from '../marketplaces/marketplace-directory';
import { updateDevCredentials } from '../dev-marketplace';
import { registerArchiveCommands } from './archive.commands';
import { registerImportFromApiCommand } from './import-from-api.commands';
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

  marketplace
    .command('clients')
    .description("list a marketplace's API applications: client ids, kinds, names (never secrets: only their hashes are stored)")
    .requiredOption('-m, --marketplace <id>', 'marketplace id')
    .option('--json', 'machine-readable output', false)
    .action(async (opts: { marketplace: string; json: boolean }) =>
      withCli(async ({ app }) => {
        const clients = (await app.get(ApiClientDirectory).ofMarketplace(opts.marketplace)).map((c) => ({
          clientId: c.clientId,
          kind: c.kind,
          name: c.name,
          revoked: c.revoked,
        }));
        output(opts.json, clients, () =>
          clients.map((c) => `${c.clientId}  ${c.kind === 'marketplace' ? 'Marketplace API' : 'Integration API'}  ${c.name}${c.revoked ? '  (revoked)' : ''}`).join('\n') || 'No API clients.',
        );
      }),
    );

  marketplace
    .command('client-secret')
    .description('issue a new secret for an API client (shown once; the old secret stops working); dev-credentials.json follows')
    .requiredOption('-m, --marketplace <id>', 'marketplace id')
    .requiredOption('--client <clientId>', 'the client id (see `marketplace clients`)')
    .option('--json', 'machine-readable output', false)
    .action(async (opts: { marketplace: string; client: string; json: boolean }) =>
      withCli(async ({ app, infra }) => {
        const clientSecret = await app.get(CommandBus).execute<IssueClientSecretCommand, string>(new IssueClientSecretCommand(opts.marketplace, opts.client));
        const devCredentialsUpdated = updateDevCredentials(infra.config.dataDir, opts.client, clientSecret);
        output(opts.json, { clientId: opts.client, clientSecret, devCredentialsUpdated }, () =>
          [
            `New secret for client ${opts.client}: ${clientSecret}`,
            devCredentialsUpdated ? 'dev-credentials.json now holds it.' : 'Keep it: only its hash is stored.',
          ].join('\n'),
        );
      }),
    );

  registerArchiveCommands(marketplace);
  registerImportFromApiCommand(marketplace);
};
