import type { INestApplicationContext } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from './config';
import type { Infrastructure } from './infrastructure/composition-root';
import { acquireWithin } from './event-sourcing/worker-leases.port';
import { CreatedMarketplace, CreateMarketplaceCommand } from './marketplaces/commands/create-marketplace.handler';
import { MarketplaceDirectory } from './marketplaces/marketplace-directory';
import { InstallDefaultProcessesCommand } from './transactions/commands/process.handlers';
import { operatorContext } from './shared/command-context';
import { CLOCK, type Clock } from './shared/clock';
import { IDS, type IdGenerator } from './shared/ids';
import { randomSecret } from './shared/secrets';

export interface DevCredentials {
  marketplaceId: string;
  name: string;
  marketplaceApi: { clientId: string; clientSecret: string };
  integrationApi: { clientId: string; clientSecret: string };
}

export const DEV_CREDENTIALS_FILE = 'dev-credentials.json';
const credentialsFile = (config: Config) => join(config.dataDir, DEV_CREDENTIALS_FILE);
/** The credentials chosen for a development marketplace that may not exist yet (written before it is created). */
const pendingFile = (config: Config) => join(config.dataDir, 'dev-credentials.pending.json');

/**
 * Zero set-up: on an empty store, create a development marketplace with both API applications and keep their
 * credentials in the data folder (owner-readable only), so `npm start` prints what the SDKs need every time.
 *
 * All or nothing across a crash or a signal at any instant: the ids and secrets are chosen and made durable in a
 * pending file first, the marketplace is created with exactly them, and only then does the pending file become
 * `dev-credentials.json`. A start that finds a pending file finishes the job: it creates the marketplace if the
 * crash came before the append, and keeps the file either way. Secrets are stored hashed, so a marketplace whose
 * secrets were never on disk could not be used; this order never makes one.
 *
 * Once per store: instances that start together on a shared store (each with its own data folder) take turns on
 * the store's `dev-marketplace` lease, and each looks at the store only when the one before is done, so one of them
 * creates the marketplace and the others find it (and print nothing: its secrets are in the first one's folder).
 */
export const ensureDevMarketplace = async (
  app: INestApplicationContext,
  config: Config,
  infra: Pick<Infrastructure, 'leases' | 'events' | 'projections'>,
): Promise<DevCredentials | null> => {
  const lease = await acquireWithin(infra.leases, 'dev-marketplace', BOOTSTRAP_WAIT_MS);
  if (!lease) throw new Error(`the development marketplace's bootstrap waited ${BOOTSTRAP_WAIT_MS / 1000} s for another instance; start again`);
  try {
    // What the previous holder created is in the read models the directory lists before this one looks.
    await infra.projections.waitFor(await infra.events.headPosition());
    return await bootstrapUnderLease(app, config);
  } finally {
    await lease.release();
  }
};

const BOOTSTRAP_WAIT_MS = 60_000;

const bootstrapUnderLease = async (app: INestApplicationContext, config: Config): Promise<DevCredentials | null> => {
  const file = credentialsFile(config);
  const directory = app.get(MarketplaceDirectory);
  if (existsSync(file)) {
    const known = JSON.parse(readFileSync(file, 'utf8')) as DevCredentials;
    // A data folder from before transactions: give its development marketplace the default processes it lacks.
    await app.get(CommandBus).execute(new InstallDefaultProcessesCommand(operatorContext(known.marketplaceId, app.get<Clock>(CLOCK).now())));
    return known;
  }
  const pending = readPending(config);
  if (!pending) {
    if (!config.bootstrapDevMarketplace || (await directory.list()).length > 0) return null;
  }
  const credentials = pending ?? newCredentials(app.get<IdGenerator>(IDS));
  if (!pending) writeDurably(pendingFile(config), `${JSON.stringify(credentials, null, 2)}\n`);
  if (!(await directory.state(credentials.marketplaceId)).exists) {
    const { marketplaceId, name, marketplaceApi, integrationApi } = credentials;
    await app
      .get(CommandBus)
      .execute<CreateMarketplaceCommand, CreatedMarketplace>(new CreateMarketplaceCommand(name, {}, marketplaceId, { marketplace: marketplaceApi, integration: integrationApi }));
  }
  renameSync(pendingFile(config), file);
  fsyncFolder(config.dataDir);
  return credentials;
};

/** A pending file cut short by a crash while it was written holds nothing created yet: it is dropped. */
const readPending = (config: Config): DevCredentials | null => {
  if (!existsSync(pendingFile(config))) return null;
  try {
    const parsed = JSON.parse(readFileSync(pendingFile(config), 'utf8')) as DevCredentials;
    if (parsed.marketplaceId && parsed.marketplaceApi?.clientSecret && parsed.integrationApi?.clientSecret) return parsed;
  } catch {
    // torn write
  }
  rmSync(pendingFile(config));
  return null;
};

const newCredentials = (ids: IdGenerator): DevCredentials => ({
  marketplaceId: ids.next(),
  name: 'Development marketplace',
  marketplaceApi: { clientId: ids.next(), clientSecret: randomSecret() },
  integrationApi: { clientId: ids.next(), clientSecret: randomSecret() },
});

/** Written, flushed to disk, owner-readable only. */
const writeDurably = (path: string, text: string): void => {
  const fd = openSync(path, 'w', 0o600);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  fsyncFolder(join(path, '..'));
};

const fsyncFolder = (dir: string): void => {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
};

/** Rewrites the kept credentials after an operator issued a client a new secret (`marketplace client-secret`). */
export const updateDevCredentials = (dataDir: string, clientId: string, clientSecret: string): boolean => {
  const file = join(dataDir, DEV_CREDENTIALS_FILE);
  if (!existsSync(file)) return false;
  const known = JSON.parse(readFileSync(file, 'utf8')) as DevCredentials;
  const api = [known.marketplaceApi, known.integrationApi].find((c) => c.clientId === clientId);
  if (!api) return false;
  api.clientSecret = clientSecret;
  writeDurably(`${file}.tmp`, `${JSON.stringify(known, null, 2)}\n`);
  renameSync(`${file}.tmp`, file);
  return true;
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
