import type { INestApplicationContext } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from './config';
import { CreatedMarketplace, CreateMarketplaceCommand } from './marketplaces/commands/create-marketplace.handler';
import { MarketplaceDirectory } from './marketplaces/marketplace-directory';
import { InstallDefaultProcessesCommand } from './transactions/commands/process.handlers';
import { operatorContext } from './shared/command-context';

export interface DevCredentials {
  marketplaceId: string;
  name: string;
  marketplaceApi: { clientId: string; clientSecret: string };
  integrationApi: { clientId: string; clientSecret: string };
}

const credentialsFile = (config: Config) => join(config.dataDir, 'dev-credentials.json');

/**
 * Zero set-up: on an empty store, create a development marketplace with both API applications and keep their
 * credentials in the data folder (owner-readable only), so `npm start` prints what the SDKs need every time.
 */
export const ensureDevMarketplace = async (app: INestApplicationContext, config: Config): Promise<DevCredentials | null> => {
  const file = credentialsFile(config);
  const existing = await app.get(MarketplaceDirectory).list();
  if (existing.length > 0) {
    if (!existsSync(file)) return null;
    const known = JSON.parse(readFileSync(file, 'utf8')) as DevCredentials;
    // A data folder from before transactions: give its development marketplace the default processes it lacks.
    await app.get(CommandBus).execute(new InstallDefaultProcessesCommand(operatorContext(known.marketplaceId, new Date())));
    return known;
  }
  if (!config.bootstrapDevMarketplace) return null;
  const created = await app.get(CommandBus).execute<CreateMarketplaceCommand, CreatedMarketplace>(new CreateMarketplaceCommand('Development marketplace'));
  const credentials: DevCredentials = {
    marketplaceId: created.marketplaceId,
    name: created.name,
    marketplaceApi: { clientId: created.marketplaceClient.clientId, clientSecret: created.marketplaceClient.clientSecret },
    integrationApi: { clientId: created.integrationClient.clientId, clientSecret: created.integrationClient.clientSecret },
  };
  writeFileSync(file, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
  return credentials;
};

export const describeCredentials = (c: DevCredentials, baseUrl: string): string =>
  [
    `Marketplace "${c.name}" (${c.marketplaceId})`,
    `  Marketplace API   client id: ${c.marketplaceApi.clientId}`,
    `                    secret:    ${c.marketplaceApi.clientSecret}`,
    `  Integration API   client id: ${c.integrationApi.clientId}`,
    `                    secret:    ${c.integrationApi.clientSecret}`,
    '',
    `  sharetribeSdk.createInstance({ clientId: '${c.marketplaceApi.clientId}', baseUrl: '${baseUrl}', assetCdnBaseUrl: '${baseUrl}' })`,
    `  integrationSdk.createInstance({ clientId: '${c.integrationApi.clientId}', clientSecret: '…', baseUrl: '${baseUrl}' })`,
  ].join('\n');
