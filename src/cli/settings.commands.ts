import { CommandBus } from '@nestjs/cqrs';
import { Command, InvalidArgumentError } from 'commander';
import { PublishAccessControlCommand } from '../assets/commands/publish-access-control.handler';
import { UpdateMarketplaceCommand } from '../marketplaces/commands/update-marketplace.handler';
import type { MarketplaceState } from '../marketplaces/domain/marketplace.decider';
import type { MarketplaceSettings } from '../marketplaces/domain/marketplace.events';
import { output, withCli } from './cli-context';

const bool = (value: string): boolean => {
  if (value === 'true' || value === 'false') return value === 'true';
  throw new InvalidArgumentError('expected true or false');
};

const BOOLEAN_SETTINGS: Array<[keyof MarketplaceSettings, string, string]> = [
  ['requireUserApproval', '--require-user-approval <bool>', 'new users wait for approval (pendingApproval)'],
  ['requireListingApproval', '--require-listing-approval <bool>', 'new listings wait for approval'],
  ['requirePermissionToPostListings', '--require-permission-to-post-listings <bool>', 'only users with postListings allowed may post'],
  ['requirePermissionToInitiateTransactions', '--require-permission-to-initiate-transactions <bool>', 'only users with initiateTransactions allowed may buy'],
  ['private', '--private <bool>', 'private marketplace: only signed-in users read listings and profiles'],
  ['requirePermissionToRead', '--require-permission-to-read <bool>', 'private marketplace: users need the read permission'],
  ['fileUploadAndDownloadDisabled', '--file-upload-and-download-disabled <bool>', 'no file uploads or downloads (those endpoints answer 403)'],
];

const update = (marketplaceId: string, command: UpdateMarketplaceCommand['command'], json: boolean) =>
  withCli(async ({ app }) => {
    const bus = app.get(CommandBus);
    const state = await bus.execute<UpdateMarketplaceCommand, MarketplaceState>(new UpdateMarketplaceCommand(marketplaceId, command));
    // The front end reads its access rules from /general/access-control.json: publish what is now enforced.
    if (command.type === 'update') await bus.execute(new PublishAccessControlCommand(marketplaceId, state.settings));
    output(json, { settings: state.settings, identityProviders: Object.values(state.identityProviders) }, () =>
      [`Marketplace ${marketplaceId} settings:`, ...Object.entries(state.settings).map(([k, v]) => `  ${k}: ${String(v)}`)].join('\n'),
    );
  });

export const registerSettingsCommands = (program: Command): void => {
  const marketplace = program.commands.find((c) => c.name() === 'marketplace')!;
  const set = marketplace
    .command('set')
    .description("change a marketplace's settings (user approval, permissions, privacy, front-end URL for mail links)")
    .requiredOption('-m, --marketplace <id>', 'marketplace id')
    .option('--name <name>', 'marketplace name')
    .option('--url <url>', 'front-end address used in email links')
    .option('--json', 'machine-readable output', false);
  for (const [, flag, help] of BOOLEAN_SETTINGS) set.option(flag, help, bool);
  set.action(async (opts: Record<string, string | boolean | undefined> & { marketplace: string; json: boolean; name?: string; url?: string }) => {
    const settings: Partial<MarketplaceSettings> = {};
    for (const [key] of BOOLEAN_SETTINGS) if (opts[key] !== undefined) (settings as Record<string, unknown>)[key] = opts[key];
    if (opts.url !== undefined) settings.url = opts.url;
    await update(opts.marketplace, { type: 'update', name: opts.name, settings }, opts.json);
  });

  const idp = program.command('idp').description('OpenID Connect identity providers users may log in with');
  idp
    .command('add')
    .description('configure (or reconfigure) an identity provider of a marketplace')
    .requiredOption('-m, --marketplace <id>', 'marketplace id')
    .requiredOption('--idp-id <id>', 'the id clients send as idp_id / idpId')
    .requiredOption('--issuer <url>', 'the iss of its ID tokens (discovery at <issuer>/.well-known/openid-configuration)')
    .requiredOption('--client-id <id>', 'the client id at the provider (ID token audience)')
    .option('--trusted-client-ids <ids>', 'further accepted audiences, comma-separated', '')
    .option('--jwks-uri <url>', 'signing keys, when not from discovery')
    .option('--json', 'machine-readable output', false)
    .action(async (opts: { marketplace: string; idpId: string; issuer: string; clientId: string; trustedClientIds: string; jwksUri?: string; json: boolean }) =>
      update(
        opts.marketplace,
        {
          type: 'configure-identity-provider',
          config: {
            idpId: opts.idpId,
            issuer: opts.issuer,
            clientIds: [opts.clientId, ...opts.trustedClientIds.split(',').filter(Boolean)],
            jwksUri: opts.jwksUri ?? null,
          },
        },
        opts.json,
      ),
    );
  idp
    .command('remove')
    .requiredOption('-m, --marketplace <id>', 'marketplace id')
    .requiredOption('--idp-id <id>', 'identity provider id')
    .option('--json', 'machine-readable output', false)
    .action(async (opts: { marketplace: string; idpId: string; json: boolean }) => update(opts.marketplace, { type: 'remove-identity-provider', idpId: opts.idpId }, opts.json));
};
